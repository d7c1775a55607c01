// The rows of a drizzle `execute` result: `{ rows }` on both drivers (PGlite and pg).

/** The result's rows, typed as the caller's SELECT makes them. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
