// Opens the database (PostgreSQL when DATABASE_URL is set, else PGlite on disk with pgvector loaded), runs the migrations, and hands back one drizzle type.
import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { vector } from "@electric-sql/pglite-pgvector";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import type { Logger } from "../lib/logger";
import { migrationsFolder } from "../paths";
import { lockDataDir } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers extend PgDatabase; services only ever see this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseEngine = "pglite" | "postgres";

/**
 * The open database. `raw` is the driver under drizzle, for libraries that need it (pg-boss): the PGlite instance
 * (in-process) or the pg.Pool (PostgreSQL); `engine` tells which.
 */
export type Database =
  | { db: Db; engine: "pglite"; raw: PGlite; close: () => Promise<void> }
  | { db: Db; engine: "postgres"; raw: pg.Pool; close: () => Promise<void> };

/** The part of the app config that picks the engine: DATABASE_URL wins, else PGlite in DATA_DIR. */
type DatabaseConfig = {
  databaseUrl: string | undefined;
  /** A folder, or "memory://" for a throwaway in-memory PGlite (tests). */
  dataDir: string;
};

export const IN_MEMORY_DATA_DIR = "memory://";

const drizzleConfig = { schema, casing: "snake_case" } as const;

/** PostgreSQL's oid of bytea. */
const BYTEA_OID = 17;

/**
 * PGlite's own bytea codec goes through a JS array of every byte and a hex string twice its size: measured storing
 * 40 MiB in 1 MiB pieces, 6.3 s and ~170 MB of garbage, reading them back 2.3 s. A Uint8Array parameter left as it is
 * goes to the server in binary form (0.3 s), and Node's native hex decoder reads results (0.2 s).
 */
const BYTEA_AS_BINARY = {
  serializers: { [BYTEA_OID]: (value: unknown) => value as string },
  parsers: { [BYTEA_OID]: (value: string) => Buffer.from(value.slice(2), "hex") },
};

/** Opens the configured engine and applies every migration in api/drizzle before returning. */
export async function createDatabase(
  config: DatabaseConfig,
  options: {
    logger?: Pick<Logger, "error">;
    /** In-memory PGlite only: start from this data folder archive (a migrated template, tests) instead of initdb. */
    loadDataDir?: Blob;
  } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client error (server restart, network blip) must not crash the process; the pool reconnects.
    pool.on("error", (error) => options.logger?.error({ err: error }, "idle PostgreSQL client error"));
    const db = drizzlePg({ client: pool, ...drizzleConfig });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, engine: "postgres", raw: pool, close: () => pool.end() };
  }

  const inMemory = config.dataDir === IN_MEMORY_DATA_DIR;
  let release = async () => {};
  if (!inMemory) {
    await mkdir(config.dataDir, { recursive: true });
    // Before PGlite touches the folder: a second process must not even open it.
    release = await lockDataDir(config.dataDir);
  }
  // pgvector is registered here so the vector store (providers/vector-store) can CREATE EXTENSION it later.
  const pgliteOptions = {
    extensions: { vector },
    ...BYTEA_AS_BINARY,
    ...(inMemory && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  };
  let client: PGlite;
  try {
    client = inMemory ? new PGlite(pgliteOptions) : new PGlite(config.dataDir, pgliteOptions);
    await client.waitReady;
  } catch (error) {
    await release();
    throw error;
  }
  const db = drizzlePglite({ client, ...drizzleConfig });
  const close = async () => {
    try {
      await client.close();
    } finally {
      await release();
    }
  };
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db, engine: "pglite", raw: client, close };
}
