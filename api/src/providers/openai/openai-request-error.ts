// OpenAI's refusals in words for people: what was being done, what OpenAI said, and what to check.
import OpenAI from "openai";

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
function providerMessage(error: InstanceType<typeof OpenAI.APIError>): string {
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
  if (!(error instanceof OpenAI.APIError) || error instanceof OpenAI.APIUserAbortError) return error;
  const said = providerMessage(error);
  const status = typeof error.status === "number" ? error.status : null;
  const code = error.code ?? null;
  const because = (() => {
    if (error instanceof OpenAI.APIConnectionError) return `OpenAI could not be reached (${said})`;
    if (status === 401) return `OpenAI rejected the API key (401: ${said}); check OPENAI_API_KEY`;
    if (status === 403) return `the API key may not do this (403: ${said})`;
    if (status === 429 && code === "insufficient_quota") {
      return `the OpenAI account is out of quota (429: ${said}); check its billing`;
    }
    if (status === 429) return `OpenAI is rate-limiting requests (429: ${said}); try again in a few minutes`;
    if (status !== null && status >= 500)
      return `OpenAI had a server error (${status}: ${said}); try again later`;
    return `OpenAI refused it (${status ?? "error"}: ${said})`;
  })();
  return new OpenAiRequestError(`${action} failed: ${because}.`, { status, code, cause: error });
}
