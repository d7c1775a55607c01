// Recognises PostgreSQL error codes through drizzle's wrapping, the same way on PGlite and node-postgres.
const UNIQUE_VIOLATION = "23505";
/** `invalid byte sequence for encoding "UTF8": 0x00`: text columns and parameters cannot hold NUL. */
const CHARACTER_NOT_IN_REPERTOIRE = "22021";
/** `unsupported Unicode escape sequence`: \u0000 inside json/jsonb. */
const UNTRANSLATABLE_CHARACTER = "22P05";

/** drizzle wraps driver errors (DrizzleQueryError); what identifies one sits somewhere down the cause chain. */
function someCause(error: unknown, test: (cause: { code?: unknown; message?: unknown }) => boolean): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && test(current)) return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

function hasSqlState(error: unknown, codes: readonly string[]): boolean {
  return someCause(error, (cause) => codes.includes(cause.code as string));
}

/** The server is going away or not accepting sessions: admin_shutdown, crash_shutdown, cannot_connect_now, too many. */
const SERVER_GOING_AWAY = ["57P01", "57P02", "57P03", "53300"];
/** Sockets that could not reach the server or were cut under a query. */
const UNREACHABLE = [
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
];
/** node-postgres says a connection ended or never came in words, without a code. */
const CONNECTION_LOST =
  /Connection terminated|timeout exceeded when trying to connect|not queryable|Connection ended/i;

/**
 * PostgreSQL cannot be reached right now (restarting, down, out of connections): a passing outage to answer 503,
 * not a fault in the request or the code. SQLSTATE class 08 is "connection exception".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, ({ code, message }) => {
    if (
      typeof code === "string" &&
      (code.startsWith("08") || SERVER_GOING_AWAY.includes(code) || UNREACHABLE.includes(code))
    )
      return true;
    return typeof message === "string" && CONNECTION_LOST.test(message);
  });
}

export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, [UNIQUE_VIOLATION]);
}

/** Input text PostgreSQL refuses to store or compare (a NUL character): the client's fault, never a server error. */
export function isUnstorableText(error: unknown): boolean {
  return hasSqlState(error, [CHARACTER_NOT_IN_REPERTOIRE, UNTRANSLATABLE_CHARACTER]);
}
