// Recognises PostgreSQL error codes through drizzle's wrapping, the same way on PGlite and node-postgres.
const UNIQUE_VIOLATION = "23505";

/** drizzle wraps driver errors (DrizzleQueryError); the SQLSTATE sits somewhere down the cause chain. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (typeof current === "object" && "code" in current && current.code === UNIQUE_VIOLATION) return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}
