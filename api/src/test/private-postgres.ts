// A PostgreSQL server of the test's own (initdb into a temporary folder), so a test can stop and restart it under a
// running API without touching the machine's server that the other test files share.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./processes";

const run = promisify(execFile);
const DEBIAN_POSTGRES = "/usr/lib/postgresql";

/** The newest installed server's bin folder (Debian's layout), if any. */
async function binFolder(): Promise<string | undefined> {
  if (!existsSync(DEBIAN_POSTGRES)) return undefined;
  const versions = (await readdir(DEBIAN_POSTGRES)).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => path.join(DEBIAN_POSTGRES, version, "bin"))
    .find((bin) => existsSync(path.join(bin, "initdb")));
}

/** initdb refuses to run as root: as root, the server's own user runs it (CI runs as root). */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
}

export type PrivatePostgres = {
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  remove: () => Promise<void>;
};

/** Whether this machine can run a private server: the binaries are installed, and root can act as `postgres`. */
export async function canRunPrivatePostgres(): Promise<boolean> {
  const bin = await binFolder();
  if (!bin) return false;
  if (process.getuid?.() !== 0) return true;
  try {
    await run("id", ["postgres"]);
    return true;
  } catch {
    return false;
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await binFolder();
  if (!bin) throw new Error("no PostgreSQL server binaries under /usr/lib/postgresql");
  const folder = await mkdtemp(path.join(tmpdir(), "acp-private-pg-"));
  if (process.getuid?.() === 0) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(folder, Number(stdout.trim()), Number(group.trim()));
  }
  const data = path.join(folder, "data");
  const port = await freePort();
  const tool = (name: string, args: string[]) => run(...asServerUser(path.join(bin, name), args));
  await tool("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await tool("pg_ctl", ["-D", data, "-o", options, "-l", path.join(folder, "log"), "-w", "start"]);
  };
  // "fast": the server ends every session at once (clients see their connections terminated), as a restart does.
  const stop = async () => {
    await tool("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      await stop().catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
