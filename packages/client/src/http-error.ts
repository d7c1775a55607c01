// The one error type of every front-end call: the spec's message ("<status>: <body text or status text>", section 8)
// plus the status, the server's error code and its parsed body, and the human sentence screens show.
import type { ErrorCode } from "@acp/contracts/error-codes";
import { httpErrorMessage } from "@acp/contracts/http-error";

/**
 * Each remote bundles its own copy of this package, so `instanceof HttpError` fails for an error thrown by another
 * remote's copy (the shell's QueryClient sees them all). A registered symbol brands the instances of every copy.
 */
const HTTP_ERROR_BRAND = Symbol.for("@acp/client/http-error");

/** A server code: one of the contract's, or a newer one this build does not know yet. */
export type HttpErrorCode = ErrorCode | (string & {});

export class HttpError extends Error {
  override readonly name = "HttpError";
  readonly [HTTP_ERROR_BRAND] = true;
  readonly status: number;
  readonly statusText: string;
  /** The raw response body text ("" when empty). */
  readonly bodyText: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  readonly body: unknown;
  /** The `code` of the API's JSON error body (`{ error, code, details? }`), when there is one. */
  readonly code: HttpErrorCode | undefined;
  /** The `details` of the API's JSON error body. */
  readonly details: unknown;
  /** The `error` sentence of the API's JSON error body: what a screen shows the user. */
  readonly serverMessage: string | undefined;

  constructor({ status, statusText, bodyText }: { status: number; statusText: string; bodyText: string }) {
    super(httpErrorMessage(status, bodyText, statusText));
    this.status = status;
    this.statusText = statusText;
    this.bodyText = bodyText;
    this.body = parseJson(bodyText);
    const fields = isRecord(this.body) ? this.body : {};
    this.code = typeof fields.code === "string" ? fields.code : undefined;
    this.details = fields.details;
    this.serverMessage =
      typeof fields.error === "string" && fields.error.trim() !== "" ? fields.error : undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** True for an HttpError of any copy of this package (see HTTP_ERROR_BRAND). */
export function isHttpError(error: unknown): error is HttpError {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[HTTP_ERROR_BRAND] === true;
}

/** Builds the HttpError of a non-OK response, reading its body once. */
export async function httpErrorFromResponse(response: Response): Promise<HttpError> {
  const bodyText = await response.text().catch(() => "");
  return new HttpError({ status: response.status, statusText: response.statusText, bodyText });
}

const PLAIN_SENTENCE = /^[^<{[][^\n]{0,200}$/;

/**
 * The sentence a screen shows for a failed call, never raw JSON or HTML: the server's `error` field; else a short
 * plain-text body or the status text; a network failure's own message; `fallback` when nothing readable is left.
 */
export function errorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (isHttpError(error)) {
    if (error.serverMessage) return error.serverMessage;
    const text = error.bodyText.trim();
    if (error.body === undefined && PLAIN_SENTENCE.test(text)) return text;
    return error.statusText || fallback;
  }
  if (error instanceof Error && error.message.trim() !== "") return error.message;
  return fallback;
}
