// The one error type services and routes throw; app.onError turns it into the JSON error body and status.
import { ERROR_CODE_STATUS, type ErrorCode } from "@acp/contracts/error-codes";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * The one table of error codes and their HTTP status, shared with the browser (@acp/contracts/error-codes); the
 * codes a bare HTTP status maps to and the OpenAPI error descriptions are derived from it.
 */
export const ERROR_STATUS = ERROR_CODE_STATUS satisfies Record<ErrorCode, ContentfulStatusCode>;
export type { ErrorCode };

/** The code for a status when nothing more specific is known (a Hono HTTPException, a route's declared error). */
const GENERIC_CODES: readonly ErrorCode[] = [
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
];

export function genericCodeFor(status: number): ErrorCode | undefined {
  return GENERIC_CODES.find((code) => ERROR_STATUS[code] === status);
}

/** Every code answered with this status, in the table's order (for documentation). */
export function codesFor(status: number): ErrorCode[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[]).filter((code) => ERROR_STATUS[code] === status);
}

export class AppError extends Error {
  override name = "AppError";
  readonly code: ErrorCode;
  readonly details: unknown;
  /** Response headers the answer needs, e.g. Retry-After on RATE_LIMITED. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: unknown; cause?: unknown; headers?: Record<string, string> } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

/** The JSON body of every error response (DESIGN 4, `apiErrorSchema` in @acp/contracts/errors). */
export function errorBody(error: AppError): { error: string; code: ErrorCode; details?: unknown } {
  return error.details === undefined
    ? { error: error.message, code: error.code }
    : { error: error.message, code: error.code, details: error.details };
}
