// Hono environment types: what every request can read from c.var, and what requireUser adds.
import type { Database, Db } from "../db/create-database";
import type { SessionRow, UserRow } from "../db/schema";
import type { AppConfig } from "../env";

/** What createApp receives; tests pass their own config, database and clock. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  /** The clock sessions and metrics use; injectable so expiry can be tested. */
  now?: () => Date;
};

export type AppVariables = {
  config: AppConfig;
  db: Db;
  engine: Database["engine"];
  now: () => Date;
};

export type AppEnv = { Variables: AppVariables };

/** Set by requireUser on the routes that use it. */
export type AuthVariables = { user: UserRow; session: SessionRow };
export type AuthEnv = { Variables: AuthVariables };
