// Requests per second of an authenticated list endpoint of the built API beside a bare Hono JSON route, each in its
// own process on loopback, driven by autocannon from this process with the same connections and duration.
import { type ChildProcess, spawn } from "node:child_process";
import autocannon from "autocannon";
import { freePort, startAppServer } from "../support/app-server";
import { repoRoot } from "../support/env";

export type Throughput = { requestsPerSecond: number; p50LatencyMs: number; errors: number; non2xx: number };

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

/** A bare Hono app on @hono/node-server answering the same JSON a new user's list holds: no auth, no database. */
async function startBareHono(): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const source = `
    import { serve } from "@hono/node-server";
    import { Hono } from "hono";
    const app = new Hono().get("/api/documents", (c) => c.json([]));
    serve({ fetch: app.fetch, port: ${port}, hostname: "127.0.0.1" }, () => console.log("ready"));
  `;
  const child: ChildProcess = spawn(process.execPath, ["--input-type=module", "-e", source], {
    cwd: repoRoot,
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

/** `env` selects the database of the measured API (PGlite by default, or DATABASE_URL). */
export async function measureListThroughput(
  env: Record<string, string> = {},
): Promise<{ api: Throughput; bare: Throughput }> {
  const bareServer = await startBareHono();
  let bare: Throughput;
  try {
    bare = await load(bareServer.url);
  } finally {
    await bareServer.stop();
  }
  const app = await startAppServer(env);
  try {
    const cookie = await sessionCookie(app.url);
    const api = await load(`${app.url}/api/documents`, { cookie });
    if (api.non2xx > 0 || api.errors > 0)
      throw new Error(`the API answered ${api.non2xx} non-2xx, ${api.errors} errors`);
    return { api, bare };
  } finally {
    await app.stop();
  }
}
