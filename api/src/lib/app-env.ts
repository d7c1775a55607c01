// Hono environment types: what every request can read from c.var, and what requireUser adds.
import type { Database, Db } from "../db/create-database";
import type { SessionRow, UserRow } from "../db/schema";
import type { AppConfig } from "../env";
import type { RateLimitStore } from "../providers/rate-limit/rate-limit-store";
import type { VectorStore } from "../providers/vector-store/vector-store";

/** What createApp receives; tests pass their own config, database and clock. */
export type AppDeps = {
  config: AppConfig;
  database: Database;
  /** The clock sessions and metrics use; injectable so expiry can be tested. */
  now?: () => Date;
  /** Defaults to the store VECTOR_STORE selects, on `database`; server.ts readies it at start-up. */
  vectorStore?: VectorStore;
  /** Sign-in and sign-up counters; defaults to an in-memory store on `now` (one instance: DESIGN 2). */
  rateLimitStore?: RateLimitStore;
};

export type AppVariables = {
  config: AppConfig;
  db: Db;
  engine: Database["engine"];
  now: () => Date;
  vectorStore: VectorStore;
  rateLimitStore: RateLimitStore;
};

export type AppEnv = { Variables: AppVariables };

/** Set by requireUser on the routes that use it. */
export type AuthVariables = { user: UserRow; session: SessionRow };
export type AuthEnv = { Variables: AuthVariables };
