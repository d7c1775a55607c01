// Test support for tests that run the real API and worker as separate processes (kill -9, several instances).
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import pg from "pg";
import { childProcessBaseEnv } from "../env";
import { apiRoot } from "../paths";

export async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type Running = { child: ChildProcess; output: string[] };

/**
 * fetch that retries network errors: after a kill -9 the client's pool can still hold keep-alive sockets to the dead
 * process, which fail with ECONNRESET on first use.
 */
export async function call(url: string, init?: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= 3) throw error;
    }
  }
}

/** Starts `entry` (the API by default, or src/worker.ts) from source in its own process. */
export function startProcess(env: Record<string, string>, entry = "src/server.ts"): Running {
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: apiRoot,
    env: { ...childProcessBaseEnv(), NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (data: Buffer) => output.push(data.toString()));
  child.on("exit", (code, signal) => output.push(`[exited: ${code ?? signal}]`));
  child.stderr?.on("data", (data: Buffer) => output.push(data.toString()));
  return { child, output };
}

export async function waitForHealth(base: string, running: Running, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`server exited: ${running.output.join("")}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy: ${running.output.join("")}`);
}

export async function kill9(running: Running) {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((resolve) => running.child.once("exit", resolve));
  running.child.kill("SIGKILL");
  await exited;
}

/** An API on `port`, reachable at the returned base URL, with the environment it needs. */
export function apiEnvironment(port: number, env: Record<string, string>) {
  const base = `http://127.0.0.1:${port}`;
  return { base, env: { PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: base, ...env } };
}

/** A CSV big enough that extraction and embedding take a few seconds. */
export function bigCsv(rows: number): Uint8Array {
  const lines = ["id,region,product,quarter,revenue,notes"];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `${i},Region ${i % 17},Product ${i % 101},Q${(i % 4) + 1},${(i * 37) % 100000},"note number ${i} about widgets and gadgets"`,
    );
  }
  return new TextEncoder().encode(lines.join("\n"));
}

/** A new database on the PostgreSQL server at `serverUrl`: its URL, and the function that drops it. */
export async function throwawayPostgres(serverUrl: string, prefix: string) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** Signs a new account up on a running API; returns its session cookie. */
export async function signUpOver(base: string): Promise<string> {
  const response = await call(`${base}/api/auth/sign-up`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Process",
      lastName: "Test",
      email: `process.${randomBytes(4).toString("hex")}@example.test`,
      password: "correct horse battery",
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return (response.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "").split(";")[0] ?? "";
}

/**
 * Reads a streamed response until its text holds `marker` (e.g. the first `event: token`); returns the reader, to
 * read on or cancel, and the text so far. Throws when the stream ends first.
 */
export async function readUntil(response: Response, marker: string) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let seen = "";
  while (!seen.includes(marker)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${JSON.stringify(marker)}: ${seen}`);
    seen += decoder.decode(value, { stream: true });
  }
  return { reader, decoder, seen };
}
