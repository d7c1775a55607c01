// Remotes outside the product's own server, as a feature team would deploy them: a static host with CORS that can
// be stopped, started again on the same address, or made to hang; and a remote rebuilt from a copy of its source
// with a change, into a folder of its own, leaving every other build untouched.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { access, cp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { artifactsDir, inheritedEnvironment, repoRoot } from "./env";

const run = promisify(execFile);

const CONTENT_TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

export type RemoteHost = {
  /** The remote's mf-manifest.json on this host: the value of its REMOTES_MF_* variable. */
  manifestUrl: string;
  /** Stops answering: the port is closed and open connections are dropped. */
  stop: () => Promise<void>;
  /** Listens again on the same port. */
  start: () => Promise<void>;
  /** While on, requests are accepted and never answered. */
  setHanging: (hanging: boolean) => void;
};

/** Serves the built remote in `dir` on a port of its own. */
export async function hostRemote(dir: string): Promise<RemoteHost> {
  let hanging = false;
  const server = http.createServer(async (request, response) => {
    if (hanging) return;
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://host").pathname);
    const file = path.join(dir, path.normalize(pathname));
    response.setHeader("Access-Control-Allow-Origin", "*");
    if (!file.startsWith(dir)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "Content-Type": CONTENT_TYPES[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": "no-cache",
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const { port } = server.address() as AddressInfo;
  return {
    manifestUrl: `http://127.0.0.1:${port}/mf-manifest.json`,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    start: () => listen(port),
    setHanging: (value) => {
      hanging = value;
    },
  };
}

/**
 * This process's environment as a team's build would see it: the repository's node_modules/.bin (and its Node) first
 * on PATH, and without the test runner's variables (NODE_ENV=test and VITEST* change what Vite's plugins emit).
 */
function buildEnvironment(bin: string): NodeJS.ProcessEnv {
  const env = inheritedEnvironment();
  for (const name of Object.keys(env)) {
    if (name.startsWith("VITEST") || name === "NODE_ENV" || name === "TEST") delete env[name];
  }
  return { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ""}` };
}

/** Where copies of remotes are built: ignored by git, removed by `removeRemoteBuilds`. */
const BUILDS_DIR = path.join(artifactsDir, "remote-builds");

/**
 * Copies remote `name`'s source (tests left out), applies `change` to one file (path relative to the remote, the
 * text to find and its replacement), builds the copy with its own Vite config and returns its dist folder.
 */
export async function rebuildRemoteWithChange(
  name: string,
  change: { file: string; find: string; replace: string },
): Promise<string> {
  const source = path.join(repoRoot, name);
  const copy = path.join(BUILDS_DIR, `${name}-${Date.now()}`);
  await mkdir(copy, { recursive: true });
  for (const entry of ["src", "vite.config.ts", "tsconfig.json", "package.json"]) {
    await cp(path.join(source, entry), path.join(copy, entry), {
      recursive: true,
      filter: (file) => !/\.(test|stories)\.tsx?$/.test(file),
    });
  }
  const changed = path.join(copy, change.file);
  const text = await readFile(changed, "utf8");
  if (!text.includes(change.find)) throw new Error(`${change.file} has no "${change.find}" to change`);
  await writeFile(changed, text.replace(change.find, change.replace));
  // The repository's own Node (node_modules/.bin first on PATH), which loads the TypeScript Vite configs.
  const bin = path.join(repoRoot, "node_modules/.bin");
  const { stdout, stderr } = await run(path.join(bin, "vite"), ["build"], {
    cwd: copy,
    env: buildEnvironment(bin),
    maxBuffer: 16 * 1024 * 1024,
  });
  try {
    await access(path.join(copy, "dist", "mf-manifest.json"));
  } catch {
    throw new Error(`the rebuilt ${name} has no mf-manifest.json:\n${stdout}\n${stderr}`);
  }
  return path.join(copy, "dist");
}

/** Copies a built remote's dist so a test can alter what it declares without touching the real build. */
export async function copyBuiltRemote(name: string): Promise<string> {
  const copy = path.join(BUILDS_DIR, `${name}-dist-${Date.now()}`);
  await cp(path.join(repoRoot, name, "dist"), copy, { recursive: true });
  return copy;
}

export async function removeRemoteBuilds(): Promise<void> {
  await rm(BUILDS_DIR, { recursive: true, force: true });
}

/** SHA-256 of every file under each folder, by path: compared before and after to prove nothing else changed. */
export async function hashTree(folders: readonly string[]): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file);
      else
        hashes[path.relative(repoRoot, file)] = createHash("sha256")
          .update(await readFile(file))
          .digest("hex");
    }
  };
  for (const folder of folders) await walk(folder);
  return hashes;
}
