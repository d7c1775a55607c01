// The `code` values of the API's JSON errors and the HTTP status each one answers with (DESIGN 4); zod-free so the
// browser can import it for free and branch on `HttpError.code` instead of parsing messages.

export const ERROR_CODE_STATUS = {
  VALIDATION_ERROR: 400,
  /** A valid parameter this agent cannot honour (the built-in responder offline: a required tool, a JSON schema, n > 1). */
  UNSUPPORTED_PARAMETER: 400,
  MALFORMED_JSON: 400,
  BAD_REQUEST: 400,
  INVALID_FILES: 400,
  /** What the chat model would be given exceeds its context window (the request's to shorten). */
  CONTEXT_LENGTH_EXCEEDED: 400,
  UNSUPPORTED_DATA_SOURCE: 400,
  URL_NOT_ALLOWED: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  NOT_FOUND: 404,
  /** A stored response (POST /api/v1/responses) that this key never made, that was deleted or that expired. */
  RESPONSE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  OIDC_PROVIDER_ERROR: 502,
  /** The chat model's provider refused or failed the request (its reason is the message). */
  CHAT_MODEL_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  VECTOR_STORE_UNAVAILABLE: 503,
  CHAT_MODEL_TIMEOUT: 504,
} as const;

export type ErrorCode = keyof typeof ERROR_CODE_STATUS;
