// One API process per PGlite folder: a second open is refused while the holder lives, and a dead holder (kill -9, zombie, reused pid) never blocks a restart.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childProcessBaseEnv } from "../env";
import { apiRoot } from "../paths";
import { createDatabase } from "./create-database";
import { DataDirInUseError, LOCK_FOLDER_NAME, lockDataDir } from "./data-dir-lock";

const createDatabaseModule = path.join(apiRoot, "src", "db", "create-database.ts");
const lockModule = path.join(apiRoot, "src", "db", "data-dir-lock.ts");

/**
 * Starts `node` holding the PGlite folder, through createDatabase as the API does (or only its lock, quicker), and
 * resolves with the pid of that node process once it holds it. `shell` runs it under `sh -c '... & exec sleep'`: its
 * parent then never reaps it, so once killed it stays a zombie whose pid still answers kill(pid, 0).
 */
async function startHolder(
  dataDir: string,
  { shell = false, lockOnly = false } = {},
): Promise<{ child: ChildProcess; holderPid: number }> {
  const open = lockOnly
    ? `const { lockDataDir } = await import(${JSON.stringify(lockModule)});` +
      `await lockDataDir(${JSON.stringify(dataDir)});`
    : `const { createDatabase } = await import(${JSON.stringify(createDatabaseModule)});` +
      `await createDatabase({ databaseUrl: undefined, dataDir: ${JSON.stringify(dataDir)} });`;
  const script = `${open}process.stdout.write('ready ' + process.pid + '\\n'); setInterval(() => {}, 60_000);`;
  const nodeArgs = ["--import", "tsx", "--input-type=module", "-e", script];
  const child = shell
    ? spawn(
        "sh",
        ["-c", `"${process.execPath}" --import tsx --input-type=module -e "$HOLDER_SCRIPT" & exec sleep 600`],
        {
          cwd: apiRoot,
          env: { ...childProcessBaseEnv(), HOLDER_SCRIPT: script },
          stdio: ["ignore", "pipe", "pipe"],
        },
      )
    : spawn(process.execPath, nodeArgs, {
        cwd: apiRoot,
        env: childProcessBaseEnv(),
        stdio: ["ignore", "pipe", "pipe"],
      });
  let output = "";
  child.stderr?.on("data", (data: Buffer) => {
    output += data.toString();
  });
  const holderPid = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the holder did not start: ${output}`)), 60_000);
    child.stdout?.on("data", (data: Buffer) => {
      output += data.toString();
      const match = /ready (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the holder exited (${code}): ${output}`));
    });
  });
  return { child, holderPid };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
}

/**
 * Linux: whether the pid is a zombie that has let go of its files. The leader thread shows "Z" as soon as it exits,
 * while the other threads may still hold the files for a moment; a dead process's /proc/<pid>/fd is empty.
 */
async function isZombieWithoutFiles(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state === "Z" && (await readdir(`/proc/${pid}/fd`).catch(() => [])).length === 0;
}

describe("PGlite data folder lock", () => {
  let root: string;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "acp-lock-"));
  });
  afterAll(async () => {
    for (const child of children) await stop(child);
    await rm(root, { recursive: true, force: true });
  });

  // Found by the security probe: two processes on one folder both started and silently lost acknowledged writes.
  it("refuses a second open of the same folder until the first is closed", async () => {
    const dataDir = path.join(root, "twice");
    const first = await createDatabase({ databaseUrl: undefined, dataDir });
    await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      new RegExp(
        `The PGlite data folder ${dataDir} is already in use by another API process \\(pid ${process.pid}\\)\\. .*Stop the other process, point DATA_DIR at another folder`,
      ),
    );
    await first.close();
    const again = await createDatabase({ databaseUrl: undefined, dataDir });
    await again.close();
    // Nothing is left behind by a clean close.
    expect(await readdir(path.join(dataDir, LOCK_FOLDER_NAME))).toEqual([]);
  }, 120_000);

  it("refuses another process while the holder lives, and opens at once after the holder is killed with -9", async () => {
    const dataDir = path.join(root, "kill-9");
    const { child, holderPid } = await startHolder(dataDir);
    children.push(child);
    await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      new RegExp(`already in use by another API process \\(pid ${holderPid}\\)`),
    );
    await stop(child);
    // No wait, no retry: the kernel closed the holder's socket as it died.
    const database = await createDatabase({ databaseUrl: undefined, dataDir });
    await database.close();
  }, 120_000);

  // The pid-file lock took a zombie's pid for a live owner (kill(pid, 0) succeeds until the parent reaps it).
  it.runIf(process.platform === "linux")(
    "opens a folder whose holder was killed and is still an unreaped zombie",
    async () => {
      const dataDir = path.join(root, "zombie");
      const { child, holderPid } = await startHolder(dataDir, { shell: true, lockOnly: true });
      children.push(child);
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
      process.kill(holderPid, "SIGKILL");
      while (!(await isZombieWithoutFiles(holderPid))) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(() => process.kill(holderPid, 0)).not.toThrow();
      const release = await lockDataDir(dataDir);
      await release();
      await stop(child);
    },
    120_000,
  );

  // A container restart reuses pids: the old pid file named a process that was alive but had nothing to do with us.
  it("is not blocked by an old pid file or a dead socket naming a live, unrelated process", async () => {
    const dataDir = path.join(root, "reused-pid");
    const lockFolder = path.join(dataDir, LOCK_FOLDER_NAME);
    await mkdir(lockFolder, { recursive: true });
    const unrelated = spawn(process.execPath, ["-e", "setInterval(() => {}, 60000)"], { stdio: "ignore" });
    children.push(unrelated);
    const pid = unrelated.pid ?? 0;
    await writeFile(path.join(dataDir, "acp-process.lock"), JSON.stringify({ pid }));
    await writeFile(path.join(lockFolder, `${pid}-0badc0de.sock`), "");
    await writeFile(path.join(lockFolder, `${process.ppid}-00c0ffee.sock`), "");
    const release = await lockDataDir(dataDir);
    await release();
    await stop(unrelated);
    // The retired pid file is gone once the folder was held.
    await expect(readFile(path.join(dataDir, "acp-process.lock"))).rejects.toThrow(/ENOENT/);
  }, 60_000);

  it("deletes sockets of holders that died long ago and keeps recent ones until they are old", async () => {
    const dataDir = path.join(root, "housekeeping");
    const lockFolder = path.join(dataDir, LOCK_FOLDER_NAME);
    await mkdir(lockFolder, { recursive: true });
    await writeFile(path.join(lockFolder, "123-0000000a.sock"), "");
    await writeFile(path.join(lockFolder, "456-0000000b.sock"), "");
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(path.join(lockFolder, "123-0000000a.sock"), hourAgo, hourAgo);
    const release = await lockDataDir(dataDir);
    const names = await readdir(lockFolder);
    expect(names).toContain("456-0000000b.sock");
    expect(names).not.toContain("123-0000000a.sock");
    expect(names.filter((name) => name.startsWith(`${process.pid}-`))).toHaveLength(1);
    await release();
    await release();
    expect(await readdir(lockFolder)).toEqual(["456-0000000b.sock"]);
  });

  // Processes started at the same moment each saw the others listening and all withdrew (3 rounds in 15, measured).
  it("tries again when the other socket belongs to a contender that withdraws", async () => {
    const dataDir = path.join(root, "contender");
    const lockFolder = path.join(dataDir, LOCK_FOLDER_NAME);
    await mkdir(lockFolder, { recursive: true });
    const contender = net.createServer((connection) => connection.destroy());
    await new Promise<void>((resolve) => contender.listen(path.join(lockFolder, "1-0000000c.sock"), resolve));
    setTimeout(() => contender.close(), 60);
    const release = await lockDataDir(dataDir);
    await release();
  });

  it("lets exactly one of several simultaneous contenders in one process hold the folder", async () => {
    const dataDir = path.join(root, "race");
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => lockDataDir(dataDir)));
      const held = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
      expect(held).toHaveLength(1);
      for (const outcome of outcomes) {
        if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(DataDirInUseError);
      }
      await held[0]?.();
    }
  });

  // Unix socket addresses hold 108 bytes (104 on macOS); a deep DATA_DIR must still lock, through /proc/self/fd.
  it.runIf(process.platform === "linux")(
    "locks a folder whose path is too long for a socket address",
    async () => {
      const dataDir = path.join(root, "a-rather-long-folder-name".repeat(4), "pglite");
      const release = await lockDataDir(dataDir);
      await expect(lockDataDir(dataDir)).rejects.toThrow(DataDirInUseError);
      await release();
      expect(await readdir(path.join(dataDir, LOCK_FOLDER_NAME))).toEqual([]);
      const again = await lockDataDir(dataDir);
      await again();
    },
  );
});
