// OpenAI's failures, classified once for every caller (chat model, embeddings, fine-tuning), and the fine-tuning and
// question-generation steps' refusals in words for people. Each caller words the classes in its own context.
import OpenAI from "openai";

type ApiError = InstanceType<typeof OpenAI.APIError>;

/** Why a server that answered refused a request, decided from its status, code and message. */
type OpenAiRefusal =
  | "unauthorized"
  | "forbidden"
  | "out-of-quota"
  | "rate-limited"
  | "context-too-long"
  | "not-found"
  | "bad-request"
  | "server-error"
  /** No status, or one outside 4xx and 5xx (a stream that broke off, say). */
  | "other";

/** A failed call as the OpenAI client raised it. */
type OpenAiFailure =
  /** Not raised by the OpenAI client (a bug, a parse error): callers pass it on or word it themselves. */
  | { kind: "not-openai" }
  /** The caller's own signal aborted the request. */
  | { kind: "aborted"; error: ApiError }
  /** The server was never reached, or did not answer in time (timedOut). */
  | { kind: "unreachable"; timedOut: boolean; error: ApiError }
  /** The server answered with an error. */
  | {
      kind: "refused";
      refusal: OpenAiRefusal;
      status: number | undefined;
      code: string | undefined;
      /** The server's message, whitespace collapsed. */
      message: string;
      error: ApiError;
    };

const CONTEXT_LENGTH =
  /context[_ ]length|context window|maximum context|too many tokens|prompt is too long|reduce the length|exceeds the (?:model's )?(?:maximum|context)/i;

/** What the server said: its error body's message, else the client's, whitespace collapsed. */
function serverMessage(error: ApiError): string {
  const body = error.error as { message?: unknown } | undefined;
  const text = typeof body?.message === "string" ? body.message : error.message;
  return text.replace(/\s+/g, " ").trim();
}

function refusalOf(status: number | undefined, code: string | undefined, message: string): OpenAiRefusal {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 429) return code === "insufficient_quota" ? "out-of-quota" : "rate-limited";
  if (
    code === "context_length_exceeded" ||
    ((status === 400 || status === 413) && CONTEXT_LENGTH.test(message))
  ) {
    return "context-too-long";
  }
  if (status === 404) return "not-found";
  if (status !== undefined && status >= 400 && status < 500) return "bad-request";
  if (status !== undefined && status >= 500) return "server-error";
  return "other";
}

/** The one classification of the OpenAI client's errors. */
export function openAiFailureOf(error: unknown): OpenAiFailure {
  if (!(error instanceof OpenAI.APIError)) return { kind: "not-openai" };
  if (error instanceof OpenAI.APIUserAbortError) return { kind: "aborted", error };
  if (error instanceof OpenAI.APIConnectionError) {
    return { kind: "unreachable", timedOut: error instanceof OpenAI.APIConnectionTimeoutError, error };
  }
  const status = typeof error.status === "number" ? error.status : undefined;
  const code = typeof error.code === "string" ? error.code : undefined;
  const message = serverMessage(error);
  return { kind: "refused", refusal: refusalOf(status, code, message), status, code, message, error };
}

/** The wait the server asked for, in ms: `retry-after-ms`, else `Retry-After` as seconds or an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms))) return Math.max(0, Number(ms));
  const value = headers?.get("retry-after");
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A request to OpenAI that failed (a rejected key, a quota, a refused file, an unreachable server). */
export class OpenAiRequestError extends Error {
  /** The HTTP status OpenAI answered, or null when it was never reached. */
  readonly status: number | null;
  /** OpenAI's error code (invalid_api_key, insufficient_quota, ...), when it gave one. */
  readonly code: string | null;

  constructor(message: string, options: { status: number | null; code: string | null; cause: unknown }) {
    super(message, { cause: options.cause });
    this.name = "OpenAiRequestError";
    this.status = options.status;
    this.code = options.code;
  }
}

/** What OpenAI said, without the status prefix the client puts in front of it. */
function providerMessage(error: ApiError): string {
  const body = error.error as { message?: unknown } | undefined;
  if (typeof body?.message === "string" && body.message.trim() !== "") return body.message.trim();
  return error.message.replace(/^\d{3}\s+/, "").trim() || "no message";
}

/**
 * `action` failed (e.g. "Uploading the training file"): an OpenAiRequestError that says why in plain words, with the
 * status, OpenAI's code and the original error as cause. Anything that is not an OpenAI API error comes back as is,
 * and so does a user abort (the caller throws its own abort reason).
 */
export function describeOpenAiError(action: string, error: unknown): unknown {
  const failure = openAiFailureOf(error);
  if (failure.kind === "not-openai" || failure.kind === "aborted") return error;
  const said = providerMessage(failure.error);
  const status = failure.kind === "refused" ? (failure.status ?? null) : null;
  const code = failure.error.code ?? null;
  const because = (() => {
    if (failure.kind === "unreachable") return `OpenAI could not be reached (${said})`;
    switch (failure.refusal) {
      case "unauthorized":
        return `OpenAI rejected the API key (401: ${said}); check OPENAI_API_KEY`;
      case "forbidden":
        return `the API key may not do this (403: ${said})`;
      case "out-of-quota":
        return `the OpenAI account is out of quota (429: ${said}); check its billing`;
      case "rate-limited":
        return `OpenAI is rate-limiting requests (429: ${said}); try again in a few minutes`;
      default:
        // By status alone here (a 5xx that also names a context-length code is still a server error).
        return status !== null && status >= 500
          ? `OpenAI had a server error (${status}: ${said}); try again later`
          : `OpenAI refused it (${status ?? "error"}: ${said})`;
    }
  })();
  return new OpenAiRequestError(`${action} failed: ${because}.`, { status, code, cause: error });
}
