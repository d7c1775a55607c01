// Statements of hot paths built once per database handle: drizzle's query building costs more CPU than the query.
import type { Db } from "./create-database";

const statements = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` of `db`, built by `build` the first time. `build` must return a drizzle prepared query made
 * with `.prepare(name)` and `sql.placeholder` values; on PostgreSQL it is a named server-side statement, parsed and
 * planned once per connection.
 */
export function preparedStatement<T>(db: Db, name: string, build: (db: Db) => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}
