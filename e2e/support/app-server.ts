// Starts the built product (API + shell + remotes) as `npm start` does, on a free port with a fresh PGlite database.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inheritedEnvironment, repoRoot } from "./env";

type ServerExit = { code: number | null; signal: NodeJS.Signals | null; forced: boolean };
export type AppServer = {
  url: string;
  /** The server process's id (to read its memory from /proc). */
  pid: number;
  stop: () => Promise<ServerExit>;
  logs: () => string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/**
 * Runs api/dist/server.js on the embedded defaults (what `npm start` uses): PGlite in a fresh folder, built-in
 * accounts. `env` adds or overrides variables (REMOTES_*, OIDC_*); `port` is for callers that must know it first.
 */
export async function startAppServer(env: Record<string, string> = {}, port?: number): Promise<AppServer> {
  const appPort = port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "acp-e2e-"));
  const url = `http://127.0.0.1:${appPort}`;
  const inherited = inheritedEnvironment();
  for (const name of ["DATABASE_URL", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"])
    delete inherited[name];
  const childEnv: NodeJS.ProcessEnv = {
    ...inherited,
    PORT: String(appPort),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    ...env,
  };
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [path.join(repoRoot, "api/dist/server.js")], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await waitForHealth(url, exited, () => output);
  return {
    url,
    pid: child.pid ?? 0,
    logs: () => output,
    stop: async () => {
      let forced = false;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => {
          forced = true;
          child.kill("SIGKILL");
        }, 10_000);
        await exited;
        clearTimeout(timer);
      }
      await rm(dataDir, { recursive: true, force: true });
      return { code: child.exitCode, signal: child.signalCode, forced };
    },
  };
}

async function waitForHealth(url: string, exited: Promise<number | null>, logs: () => string): Promise<void> {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (done) throw new Error(`server exited before becoming healthy:\n${logs()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server not healthy after 60 s:\n${logs()}`);
}
