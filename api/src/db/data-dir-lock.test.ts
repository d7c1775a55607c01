// One API process per PGlite folder: a second open (same process or another, live one) is refused with a clear message.
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "./create-database";
import { DataDirInUseError, LOCK_FILE_NAME } from "./data-dir-lock";

describe("PGlite data folder lock", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "acp-lock-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  // Found by the security probe: two processes on one folder both started and silently lost acknowledged writes.
  it("refuses a second open of the same folder until the first is closed", async () => {
    const dataDir = path.join(root, "twice");
    const first = await createDatabase({ databaseUrl: undefined, dataDir });
    await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
      /already in use by another API process .*Stop the other process, point DATA_DIR at another folder/,
    );
    await first.close();
    const again = await createDatabase({ databaseUrl: undefined, dataDir });
    await again.close();
  }, 60_000);

  it("refuses a folder a live process holds, and takes over the lock once that process is gone", async () => {
    const dataDir = path.join(root, "other-process");
    const first = await createDatabase({ databaseUrl: undefined, dataDir });
    await first.close();
    // A real other process owns the lock file.
    const other = spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "ignore" });
    const pid = other.pid ?? 0;
    const lockFile = path.join(dataDir, LOCK_FILE_NAME);
    await writeFile(lockFile, JSON.stringify({ pid }));
    try {
      await expect(createDatabase({ databaseUrl: undefined, dataDir })).rejects.toThrow(
        new RegExp(`already in use by another API process \\(pid ${pid}\\)`),
      );
    } finally {
      const exited = new Promise((resolve) => other.once("exit", resolve));
      other.kill("SIGKILL");
      await exited;
    }
    // Its process died without cleaning up (kill -9): the stale lock is taken over.
    const database = await createDatabase({ databaseUrl: undefined, dataDir });
    expect(JSON.parse(await readFile(lockFile, "utf8"))).toMatchObject({ pid: process.pid });
    await database.close();
    await expect(readFile(lockFile)).rejects.toThrow(/ENOENT/);
  }, 60_000);
});
