// Test support: a fresh migrated database per engine (PGlite always, PostgreSQL when DATABASE_URL is set) and an app on it.
import { createHash, randomBytes } from "node:crypto";
import { readdir, readFile, rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createApp } from "../app";
import {
  createDatabase,
  type Database,
  type DatabaseEngine,
  IN_MEMORY_DATA_DIR,
} from "../db/create-database";
import { createDeps, type Deps, type DepsOverrides } from "../deps";
import { type AppConfig, loadConfig } from "../env";
import { startJobs } from "../jobs/start-jobs";
import { migrationsFolder } from "../paths";
import type { VectorStore } from "../providers/vector-store/vector-store";

/** The PostgreSQL server tests may use: CI sets DATABASE_URL=postgres://postgres@127.0.0.1:5432/test. */
const postgresUrl = loadConfig().databaseUrl;

/** Every engine the relational suites run on here: `describe.each(engines)`. */
export const engines: DatabaseEngine[] = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Whether the DATABASE_URL server can load pgvector (Debian's PostgreSQL in CI cannot); false when there is none.
 * Vector-store tests assert real results where it can and the VECTOR_STORE_UNAVAILABLE answer where it cannot.
 */
export async function postgresHasPgvector(): Promise<boolean> {
  if (!postgresUrl) return false;
  const result = await withAdminClient((client) =>
    client.query("select 1 from pg_available_extensions where name = 'vector'"),
  );
  return result.rowCount === 1;
}

/** Changes whenever a migration does: templates made from other migrations are never reused. */
let migrationsKey: Promise<string> | undefined;
function currentMigrationsKey(): Promise<string> {
  migrationsKey ??= (async () => {
    const hash = createHash("sha256");
    const files = (await readdir(migrationsFolder, { recursive: true })).sort();
    for (const file of files) {
      if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
      hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
    }
    return hash.digest("hex").slice(0, 16);
  })();
  return migrationsKey;
}

/**
 * A migrated PGlite data folder archive, made once per migration set and shared by every test process through a
 * file in the temp folder: loading it skips initdb and the migrations (about half of a new database's cost).
 */
let pgliteTemplate: Promise<Blob> | undefined;
function loadPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `acp-pglite-template-${await currentMigrationsKey()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      // Not made yet: make it (several processes may race; each writes its own file and renames it into place).
    }
    const database = await createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
    if (database.engine !== "pglite") throw new Error("expected PGlite");
    const archive = await database.raw.dumpDataDir("none");
    await database.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await writeFile(partial, Buffer.from(await archive.arrayBuffer()));
    await rename(partial, file);
    return archive;
  })();
  return pgliteTemplate;
}

/** A migrated PostgreSQL database test databases are copied from (CREATE DATABASE ... TEMPLATE), made once. */
async function postgresTemplate(): Promise<string> {
  const name = `acp_test_template_${await currentMigrationsKey()}`;
  await withAdminClient(async (client) => {
    // One process makes it; the others wait on the lock and find it made.
    await client.query("select pg_advisory_lock(727274)");
    try {
      const exists = await client.query("select 1 from pg_database where datname = $1", [name]);
      if (exists.rowCount === 1) return;
      const building = `${name}_building_${randomBytes(4).toString("hex")}`;
      await client.query(`CREATE DATABASE "${building}"`);
      const url = new URL(postgresUrl ?? "");
      url.pathname = `/${building}`;
      const database = await createDatabase({ databaseUrl: url.href, dataDir: IN_MEMORY_DATA_DIR });
      await database.close();
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
    } finally {
      await client.query("select pg_advisory_unlock(727274)");
    }
  });
  return name;
}

/**
 * A brand-new, migrated database. PGlite starts from a migrated template archive; on PostgreSQL a throwaway
 * database `test_<random>` is copied from a migrated template database and dropped on close(), so parallel test
 * files never see each other's rows.
 */
export async function createTestDatabase(engine: DatabaseEngine): Promise<Database> {
  if (engine === "pglite") {
    return createDatabase(
      { databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR },
      { loadDataDir: await loadPgliteTemplate() },
    );
  }
  if (!postgresUrl) throw new Error("DATABASE_URL is not set: no PostgreSQL to test on");

  const template = await postgresTemplate();
  const name = `test_${randomBytes(8).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const drop = () =>
    withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  let database: Database;
  try {
    database = await createDatabase({ databaseUrl: url.href, dataDir: IN_MEMORY_DATA_DIR });
  } catch (error) {
    await drop();
    throw error;
  }
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

const TEST_ORIGIN = "http://localhost:3000";

/** A config as loadConfig builds it from a clean environment, with per-test overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): AppConfig {
  return { ...loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, ...env }), ...overrides };
}

type TestRequestInit = RequestInit & { cookie?: string; clientIp?: string };

let addressCounter = 0;
/** A fresh address in 198.18.0.0/15 (RFC 2544, benchmarking: never a real client). */
function nextTestAddress(): string {
  addressCounter += 1;
  return `198.${18 + ((addressCounter >> 16) & 1)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** The bindings @hono/node-server passes to app.fetch, reduced to what getConnInfo reads. */
export function socketBindings(remoteAddress: string) {
  return {
    incoming: {
      socket: {
        remoteAddress,
        remotePort: 40_000,
        remoteFamily: remoteAddress.includes(":") ? "IPv6" : "IPv4",
      },
    },
  };
}

export type TestApp = {
  app: ReturnType<typeof createApp>;
  /** Everything the app runs on (database, vector store, clock, ...), as createDeps built it. */
  deps: Deps;
  database: Database;
  config: AppConfig;
  /** The app's vector store, for tests that put vectors in through it. */
  vectorStore: VectorStore;
  /**
   * Sends a request to the app as a same-origin browser would (Origin header set), optionally with a cookie, from
   * `clientIp` (the socket address getConnInfo reads). Without one, every request comes from an address of its
   * own, so per-IP limits only bite in the tests that name an address.
   */
  request: (path: string, init?: TestRequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

/** An app on a fresh database of `engine`, built by createDeps with test overrides (clock, stores, logger). */
export async function createTestApp(
  engine: DatabaseEngine,
  options: { config?: Partial<AppConfig>; overrides?: Omit<DepsOverrides, "database"> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(engine);
  const config = testConfig(options.config);
  const deps = await createDeps(config, { ...options.overrides, database });
  // As the server does: this process runs ingestion jobs unless WORKERS=0 (or a test brings its own queue).
  const stopJobs =
    config.workers > 0 && !options.overrides?.queues
      ? await startJobs(deps, { concurrency: config.workers })
      : undefined;
  const app = createApp(deps);
  const request = (path: string, init: TestRequestInit = {}) => {
    const { cookie, clientIp, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("origin") && rest.method && rest.method !== "GET")
      headers.set("origin", config.publicOrigin);
    if (cookie) headers.set("cookie", cookie);
    const bindings = socketBindings(clientIp ?? nextTestAddress());
    return Promise.resolve(app.request(new URL(path, config.publicUrl).href, { ...rest, headers }, bindings));
  };
  return {
    app,
    deps,
    database,
    config,
    vectorStore: deps.vectorStore,
    request,
    close: async () => {
      await stopJobs?.();
      await deps.close();
    },
  };
}

/** The `session=<token>` pair from a response's Set-Cookie, ready for a Cookie header. */
export function sessionCookieFrom(response: Response): string {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith("session="));
  if (!header) throw new Error(`no session cookie in response ${response.status}`);
  return header.split(";")[0] ?? "";
}

let accountCounter = 0;
export function newAccount(firstName = "Ada", lastName = "Lovelace") {
  accountCounter += 1;
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${accountCounter}.${randomBytes(4).toString("hex")}@example.test`,
    password: "correct horse battery",
  };
}

/** Signs a new account up through the JSON API and returns its cookie and user. */
export async function signUp(testApp: TestApp, account = newAccount()) {
  const response = await testApp.request("/api/auth/sign-up", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(account),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const user = (await response.json()) as { id: string };
  return { account, cookie: sessionCookieFrom(response), user };
}
