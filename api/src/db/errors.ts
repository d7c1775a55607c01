// Recognises PostgreSQL error codes through drizzle's wrapping, the same way on PGlite and node-postgres.
const UNIQUE_VIOLATION = "23505";
/** `invalid byte sequence for encoding "UTF8": 0x00`: text columns and parameters cannot hold NUL. */
const CHARACTER_NOT_IN_REPERTOIRE = "22021";
/** `unsupported Unicode escape sequence`: \u0000 inside json/jsonb. */
const UNTRANSLATABLE_CHARACTER = "22P05";

/** drizzle wraps driver errors (DrizzleQueryError); the SQLSTATE sits somewhere down the cause chain. */
function hasSqlState(error: unknown, codes: readonly string[]): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && codes.includes(current.code as string))
      return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, [UNIQUE_VIOLATION]);
}

/** Input text PostgreSQL refuses to store or compare (a NUL character): the client's fault, never a server error. */
export function isUnstorableText(error: unknown): boolean {
  return hasSqlState(error, [CHARACTER_NOT_IN_REPERTOIRE, UNTRANSLATABLE_CHARACTER]);
}
