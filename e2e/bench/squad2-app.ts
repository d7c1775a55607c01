// The API from source (tsx) on a fresh PGlite folder for the answer benchmarks (SQuAD 2.0 and our real-file set):
// the code a tuning session just edited, with no build step, served over HTTP as server.ts serves it, the offline
// built-in responder answering. One signed-up user; requests go out with its cookie and the same-origin header.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../support/app-server";
import { inheritedEnvironment, repoRoot } from "../support/env";

const SERVE_FLAG = "--serve-answer-bench-api";

/** The child: the API's own composition (createDeps, jobs, createApp), served on PORT. */
async function serveApi(): Promise<void> {
  const { loadConfig } = await import("@acp/api/src/env");
  const { createDeps } = await import("@acp/api/src/deps");
  const { createApp } = await import("@acp/api/src/app");
  const { serveApp } = await import("@acp/api/src/lib/http-server");
  const { startJobs } = await import("@acp/api/src/jobs/start-jobs");
  const config = loadConfig(inheritedEnvironment());
  const deps = await createDeps(config);
  await deps.vectorStore.ensureReady();
  const stopJobs = await startJobs(deps, { concurrency: config.workers });
  const server = serveApp({ fetch: createApp(deps).fetch, port: config.port, hostname: config.host }, () =>
    console.log("ready"),
  );
  process.once("SIGTERM", () => {
    deps.streams.abortAll();
    server.closeAllConnections();
    server.close();
    void stopJobs()
      .then(() => deps.close())
      .finally(() => process.exit(0));
  });
}

export type AnswerBenchApi = {
  url: string;
  /** A request as the signed-up user (cookie and Origin added); 429 and 503 answers are retried after a pause. */
  request: (route: string, init?: RequestInit) => Promise<Response>;
  stop: () => Promise<void>;
};

/** Starts the API from source on PGlite in a temporary folder and signs a user up. */
export async function startAnswerBenchApi(env: Record<string, string> = {}): Promise<AnswerBenchApi> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-answers-"));
  const url = `http://127.0.0.1:${port}`;
  const inherited = inheritedEnvironment();
  for (const name of ["DATABASE_URL", "REDIS_URL", "OPENAI_API_KEY", "OPENAI_BASE_URL", "OPENAI_CHAT_MODEL"])
    delete inherited[name];
  const child: ChildProcess = spawn(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), SERVE_FLAG],
    {
      cwd: repoRoot,
      env: {
        ...inherited,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        LLM_PROVIDER: "offline",
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
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    for (const deadline = Date.now() + 180_000; ; ) {
      if (child.exitCode !== null) throw new Error(`the API exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the API did not start:\n${output}`);
      const healthy = await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const signUp = await fetch(`${url}/api/auth/sign-up`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: url },
      body: JSON.stringify({
        firstName: "Answer",
        lastName: "Bench",
        email: `answer-bench-${Date.now()}@example.test`,
        password: "benchmark password",
      }),
    });
    const cookie = signUp.headers
      .getSetCookie()
      .find((line) => line.startsWith("session="))
      ?.split(";")[0];
    if (!signUp.ok || !cookie) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const request = async (route: string, init: RequestInit = {}): Promise<Response> => {
      for (let attempt = 1; ; attempt++) {
        const headers = new Headers(init.headers);
        headers.set("cookie", cookie);
        headers.set("origin", url);
        const response = await fetch(`${url}${route}`, { ...init, headers });
        if ((response.status !== 429 && response.status !== 503) || attempt >= 4) return response;
        const wait = Math.min(60, Math.max(1, Number(response.headers.get("retry-after")) || 2));
        await response.body?.cancel();
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
      }
    };
    return { url, request, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv.includes(SERVE_FLAG)) await serveApi();
