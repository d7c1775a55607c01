// Test support: a fresh migrated database per engine (PGlite always, PostgreSQL when DATABASE_URL is set) and an app on it.
import { randomBytes } from "node:crypto";
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

/**
 * A brand-new, migrated database. On PostgreSQL a throwaway database `test_<random>` is created from the
 * DATABASE_URL connection and dropped on close(), so parallel test files never see each other's rows.
 */
export async function createTestDatabase(engine: DatabaseEngine): Promise<Database> {
  if (engine === "pglite") return createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
  if (!postgresUrl) throw new Error("DATABASE_URL is not set: no PostgreSQL to test on");

  const name = `test_${randomBytes(8).toString("hex")}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE "${name}"`));
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

export const TEST_ORIGIN = "http://localhost:3000";

/** A config as loadConfig builds it from a clean environment, with per-test overrides. */
export function testConfig(overrides: Partial<AppConfig> = {}, env: Record<string, string> = {}): AppConfig {
  return { ...loadConfig({ NODE_ENV: "test", PUBLIC_URL: TEST_ORIGIN, ...env }), ...overrides };
}

export type TestRequestInit = RequestInit & { cookie?: string; clientIp?: string };

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
    close: () => deps.close(),
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
