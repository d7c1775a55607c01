// The one error type services and routes throw; app.onError turns it into the JSON error body and status.
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every code the API answers with, and the HTTP status each one maps to. */
export const ERROR_STATUS = {
  VALIDATION_ERROR: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  OIDC_PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  VECTOR_STORE_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof ERROR_STATUS;

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
