// One process per PGlite folder: a lock file with the owner's pid, checked for liveness, so a second API refuses to start.
import { open, readFile, rm } from "node:fs/promises";
import path from "node:path";

export const LOCK_FILE_NAME = "acp-process.lock";

export class DataDirInUseError extends Error {
  override name = "DataDirInUseError";
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The PGlite data folder ${dataDir} is already in use by another API process (pid ${ownerPid}). ` +
        "PGlite allows one process per folder: a second one would silently lose acknowledged writes. " +
        "Stop the other process, point DATA_DIR at another folder, or use PostgreSQL (DATABASE_URL) to run several.",
    );
  }
}

/** Folders this process holds (two opens in one process are refused too; their pid alone cannot tell). */
const heldHere = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function ownerOf(file: string): Promise<number | undefined> {
  try {
    const { pid } = JSON.parse(await readFile(file, "utf8")) as { pid?: unknown };
    return typeof pid === "number" && Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the folder's lock or throws DataDirInUseError. A lock left by a process that died (kill -9, power loss)
 * is stale and taken over. Returns the release function (close the database first, then release).
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const folder = path.resolve(dataDir);
  const file = path.join(folder, LOCK_FILE_NAME);
  if (heldHere.has(folder)) throw new DataDirInUseError(folder, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, "wx");
      try {
        await handle.writeFile(`${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
      } finally {
        await handle.close();
      }
      heldHere.add(folder);
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        heldHere.delete(folder);
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = await ownerOf(file);
      if (owner !== undefined && owner !== process.pid && isAlive(owner))
        throw new DataDirInUseError(folder, owner);
      // Stale (its process is gone, or it is unreadable: a crash mid-write): remove it and try again.
      await rm(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${file}: another process keeps recreating it`);
}
