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
import { migrationsFolder } from "../paths";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers extend PgDatabase; services only ever see this common type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DatabaseEngine = "pglite" | "postgres";

export type Database = {
  db: Db;
  engine: DatabaseEngine;
  close: () => Promise<void>;
};

/** The part of the app config that picks the engine: DATABASE_URL wins, else PGlite in DATA_DIR. */
export type DatabaseConfig = {
  databaseUrl: string | undefined;
  /** A folder, or "memory://" for a throwaway in-memory PGlite (tests). */
  dataDir: string;
};

export const IN_MEMORY_DATA_DIR = "memory://";

const drizzleConfig = { schema, casing: "snake_case" } as const;

/** Opens the configured engine and applies every migration in api/drizzle before returning. */
export async function createDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle client error (server restart, network blip) must not crash the process; the pool reconnects.
    pool.on("error", (error) => console.error("[db] idle PostgreSQL client error:", error.message));
    const db = drizzlePg({ client: pool, ...drizzleConfig });
    try {
      await migratePg(db, { migrationsFolder });
    } catch (error) {
      await pool.end();
      throw error;
    }
    return { db, engine: "postgres", close: () => pool.end() };
  }

  const inMemory = config.dataDir === IN_MEMORY_DATA_DIR;
  if (!inMemory) await mkdir(config.dataDir, { recursive: true });
  // pgvector is registered here so the vector store (providers/vector-store) can CREATE EXTENSION it later.
  const options = { extensions: { vector } };
  const client = inMemory ? new PGlite(options) : new PGlite(config.dataDir, options);
  const db = drizzlePglite({ client, ...drizzleConfig });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    throw error;
  }
  return { db, engine: "pglite", close: () => client.close() };
}
