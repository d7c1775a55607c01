// The built API (api/dist/server.js) on a fresh PGlite folder (or a given DATABASE_URL) for the benchmarks: its pid and memory, signed-in users, upload, wait and search.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort } from "../support/app-server";
import { benchApiDist, inheritedEnvironment, repoRoot } from "../support/env";
import { memoryProbeFile, type ProcessMemory } from "./memory-probe";

export type IngestionServer = {
  url: string;
  pid: number;
  cookie: string;
  /**
   * Uploads one file as the first user (or the given session cookie's); resolves with the document id once the server
   * answered 201.
   */
  upload: (fileName: string, body: Blob, session?: string) => Promise<string>;
  /**
   * Polls until the document is no longer processing (every `pollMs`, 100 by default); returns its final status and
   * error.
   */
  waitDone: (
    id: string,
    timeoutMs?: number,
    session?: string,
    pollMs?: number,
  ) => Promise<{ status: string; error: string | null; chunkCount: number }>;
  /**
   * The document's creation time and stage timings as the API recorded them (GET /api/documents/:id), in epoch ms:
   * the server's own clock, the same machine's as the benchmark's.
   */
  timings: (id: string, session?: string) => Promise<DocumentTimings>;
  /** Signs one more user up and returns their session cookie (`session=...`). */
  signUp: (label: string) => Promise<string>;
  /**
   * POST /api/retrieval/search as the cookie's user (within an agent's knowledge, as its retrieval, with agentId);
   * resolves with the response's results once the body is read.
   */
  search: (cookie: string, query: string, topK?: number, agentId?: string) => Promise<SearchHit[]>;
  /** The API process's own process.memoryUsage(), read through the memory probe preloaded into it. */
  memory: () => Promise<ProcessMemory>;
  stop: () => Promise<void>;
};

/** When a document was created and each stage of its last attempt started and finished (epoch ms). */
export type DocumentTimings = {
  createdAt: number;
  stages: { stage: string; startedAt: number; finishedAt: number | null }[];
  /** When the last stage finished: the moment the document was completed (or failed). */
  finishedAt: number | null;
};

/** The fields of a search result the benchmarks read (packages/contracts retrievalResultSchema). */
type SearchHit = { documentId: string; documentName: string; chunkId: string; score: number };

/** Resident set size of a process in bytes (VmRSS), from /proc. */
export async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? Number.NaN);
  return kb * 1024;
}

/**
 * Starts the built API on PGlite in a fresh folder, or on `env.DATABASE_URL` when given (the machine's own
 * DATABASE_URL is never inherited, so a benchmark picks its engine explicitly), and signs one user up. The build is
 * api/dist unless BENCH_API_DIST names another (support/env.ts).
 */
export async function startIngestionServer(env: Record<string, string> = {}): Promise<IngestionServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-ingest-"));
  const url = `http://127.0.0.1:${port}`;
  const inherited = inheritedEnvironment();
  delete inherited.DATABASE_URL;
  // The probe answers SIGUSR2 with the process's memoryUsage(): the API's heap, which /proc does not show.
  const probe = pathToFileURL(path.join(repoRoot, "e2e/bench/memory-probe.ts")).href;
  const child: ChildProcess = spawn(
    process.execPath,
    ["--expose-gc", "--import", probe, path.join(repoRoot, benchApiDist, "server.js")],
    {
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
    },
  );
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
  const signUp = async (label: string): Promise<string> => {
    const response = await fetch(`${url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        firstName: "Bench",
        lastName: label,
        email: `bench-${label.toLowerCase()}-${Date.now()}@example.test`,
        password: "benchmark password",
      }),
    });
    const cookie =
      (response.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "").split(";")[0] ?? "";
    if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status}`);
    return cookie;
  };
  const cookie = await signUp("Ingest");

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
    async upload(fileName, body, session = cookie) {
      const form = new FormData();
      form.append("files", body, fileName);
      const response = await call(`${url}/api/documents/upload`, {
        method: "POST",
        headers: { origin: url, cookie: session },
        body: form,
      });
      if (response.status !== 201)
        throw new Error(`upload ${fileName}: ${response.status} ${await response.text()}`);
      const { documents } = (await response.json()) as { documents: { id: string }[] };
      return documents[0]?.id ?? "";
    },
    async waitDone(id, timeoutMs = 30 * 60_000, session = cookie, pollMs = 100) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const response = await call(`${url}/api/documents/${id}`, { headers: { cookie: session } });
        const { document } = (await response.json()) as {
          document: { status: string; error: string | null; chunkCount: number };
        };
        if (document.status !== "processing") return document;
        if (Date.now() > end) throw new Error(`document ${id} still processing after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    async timings(id, session = cookie) {
      const response = await call(`${url}/api/documents/${id}`, { headers: { cookie: session } });
      const detail = (await response.json()) as {
        document: { createdAt: string };
        timings: { stage: string; startedAt: string; finishedAt: string | null }[];
      };
      const stages = detail.timings.map((timing) => ({
        stage: timing.stage,
        startedAt: Date.parse(timing.startedAt),
        finishedAt: timing.finishedAt === null ? null : Date.parse(timing.finishedAt),
      }));
      return {
        createdAt: Date.parse(detail.document.createdAt),
        stages,
        finishedAt: stages.at(-1)?.finishedAt ?? null,
      };
    },
    signUp,
    async search(session, query, topK = 10, agentId) {
      const response = await call(`${url}/api/retrieval/search`, {
        method: "POST",
        headers: { origin: url, cookie: session, "content-type": "application/json" },
        body: JSON.stringify({ query, topK, ...(agentId ? { agentId } : {}) }),
      });
      if (!response.ok) throw new Error(`search: ${response.status} ${await response.text()}`);
      return ((await response.json()) as { results: SearchHit[] }).results;
    },
    async memory() {
      const probeFile = memoryProbeFile(child.pid ?? 0);
      await rm(probeFile, { force: true });
      child.kill("SIGUSR2");
      for (let waited = 0; ; waited += 20) {
        const written = await readFile(probeFile, "utf8").catch(() => "");
        if (written.endsWith("}")) {
          await rm(probeFile, { force: true });
          return JSON.parse(written) as ProcessMemory;
        }
        if (waited > 10_000) throw new Error("the API's memory probe did not answer");
        await new Promise((resolve) => setTimeout(resolve, 20));
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
