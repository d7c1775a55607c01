// Requests per second of an authenticated list endpoint of the built API beside a bare Hono route running the same SQL
// through raw pg, each in its own process on loopback, driven by autocannon with the same connections and duration.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, startAppServer } from "../support/app-server";
import { inheritedEnvironment, repoRoot } from "../support/env";

type Throughput = { requestsPerSecond: number; p50LatencyMs: number; errors: number; non2xx: number };

const LOAD = { connections: 20, duration: 6 };

async function load(url: string, headers: Record<string, string> = {}): Promise<Throughput> {
  // A short warm-up so both servers are measured with hot code paths and pooled connections.
  await autocannon({ url, headers, connections: LOAD.connections, duration: 1 });
  const result = await autocannon({ url, headers, ...LOAD });
  return {
    requestsPerSecond: result.requests.average,
    p50LatencyMs: result.latency.p50,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/**
 * The baseline (DESIGN 9): a bare Hono app on @hono/node-server running the same SQL as the API's list through raw
 * `pg` on the same PostgreSQL database, with a pool of the API's size: the session looked up by the cookie's hashed
 * token (joined to its user), then the user's documents newest first. No middleware, no validation, no mapping.
 */
async function startBareHono(databaseUrl: string): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const source = `
    import { createHash } from "node:crypto";
    import { serve } from "@hono/node-server";
    import { Hono } from "hono";
    import { getCookie } from "hono/cookie";
    import pg from "pg";
    const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10 });
    const app = new Hono().get("/api/documents", async (c) => {
      const token = getCookie(c, "session");
      if (!token) return c.json({ error: "You are logged out" }, 401);
      const id = createHash("sha256").update(token).digest("hex");
      const found = await pool.query(
        "select s.*, u.* from sessions s join users u on u.id = s.user_id where s.id = $1 limit 1", [id]);
      const session = found.rows[0];
      if (!session || session.expires_at <= new Date()) return c.json({ error: "You are logged out" }, 401);
      const list = await pool.query(
        "select * from documents where user_id = $1 order by created_at desc, id desc", [session.user_id]);
      return c.json(list.rows);
    });
    serve({ fetch: app.fetch, port: ${port}, hostname: "127.0.0.1" }, () => console.log("ready"));
  `;
  const child: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", source], {
    cwd: path.join(repoRoot, "api"),
    env: { ...inheritedEnvironment(), BENCH_DATABASE_URL: databaseUrl },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once("data", () => resolve());
    child.once("exit", (code) => reject(new Error(`bare Hono server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/api/documents`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function sessionCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      firstName: "Load",
      lastName: "Test",
      email: `load-${Date.now()}@example.test`,
      password: "throughput password",
    }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("session="));
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status}`);
  return cookie.split(";")[0] ?? "";
}

/**
 * The API's `GET /api/documents` for a signed-in user on `databaseUrl` (PostgreSQL, migrated by the API) and, on the
 * same database and session, the bare baseline. Without a database URL the API runs on PGlite and has no baseline.
 */
export async function measureListThroughput(
  databaseUrl?: string,
): Promise<{ api: Throughput; bare: Throughput | null }> {
  const app = await startAppServer(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    const cookie = await sessionCookie(app.url);
    let bare: Throughput | null = null;
    if (databaseUrl) {
      const bareServer = await startBareHono(databaseUrl);
      try {
        bare = await load(bareServer.url, { cookie });
        if (bare.non2xx > 0 || bare.errors > 0)
          throw new Error(`the baseline answered ${bare.non2xx} non-2xx, ${bare.errors} errors`);
      } finally {
        await bareServer.stop();
      }
    }
    const api = await load(`${app.url}/api/documents`, { cookie });
    if (api.non2xx > 0 || api.errors > 0)
      throw new Error(`the API answered ${api.non2xx} non-2xx, ${api.errors} errors`);
    return { api, bare };
  } finally {
    await app.stop();
  }
}
