// The built API (api/dist/server.js) on a fresh PGlite folder for the ingestion benchmarks: its pid (for RSS), a signed-in user, upload and wait.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { freePort } from "../support/app-server";
import { inheritedEnvironment, repoRoot } from "../support/env";

export type IngestionServer = {
  url: string;
  pid: number;
  cookie: string;
  /** Uploads one file given as a stream factory or bytes; resolves with the document id once the server answered 201. */
  upload: (fileName: string, body: Blob) => Promise<string>;
  /** Polls until the document is no longer processing; returns its final status and error. */
  waitDone: (
    id: string,
    timeoutMs?: number,
  ) => Promise<{ status: string; error: string | null; chunkCount: number }>;
  stop: () => Promise<void>;
};

/** Resident set size of a process in bytes (VmRSS), from /proc. */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

export async function startIngestionServer(env: Record<string, string> = {}): Promise<IngestionServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-ingest-"));
  const url = `http://127.0.0.1:${port}`;
  const inherited = inheritedEnvironment();
  delete inherited.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, "api/dist/server.js")], {
    cwd: repoRoot,
    env: {
      ...inherited,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const signUp = await fetch(`${url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Ingest",
      email: `bench-ingest-${Date.now()}@example.test`,
      password: "benchmark password",
    }),
  });
  const cookie =
    (signUp.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "").split(";")[0] ?? "";
  if (!signUp.ok || !cookie) throw new Error(`sign-up failed: ${signUp.status}`);

  /** fetch, retried on a network error (a keep-alive socket closed under us); a dead server is reported with its output. */
  const call = async (input: string, init?: RequestInit): Promise<Response> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fetch(input, init);
      } catch (error) {
        if (child.exitCode !== null || child.signalCode !== null) {
          throw new Error(`the API exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
        }
        if (attempt >= 3) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  };

  return {
    url,
    pid: child.pid ?? 0,
    cookie,
    async upload(fileName, body) {
      const form = new FormData();
      form.append("files", body, fileName);
      const response = await call(`${url}/api/documents/upload`, {
        method: "POST",
        headers: { origin: url, cookie },
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`upload ${fileName}: ${response.status} ${await response.text()}`);
      const { documents } = (await response.json()) as { documents: { id: string }[] };
      return documents[0]?.id ?? "";
    },
    async waitDone(id, timeoutMs = 30 * 60_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const response = await call(`${url}/api/documents/${id}`, { headers: { cookie } });
        const { document } = (await response.json()) as {
          document: { status: string; error: string | null; chunkCount: number };
        };
        if (document.status !== "processing") return document;
        if (Date.now() > end) throw new Error(`document ${id} still processing after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
