// Spooled uploads a killed process left behind (kill -9, a crash, a power cut mid-upload): spoolUpload removes its
// folder on every path it controls, but nothing runs after SIGKILL. Started with the API, this removes the folders
// nobody has written to for longer than any live upload could be quiet, and hand-offs (spool-handoff.ts) no job took.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { SERVER_TIMEOUTS } from "../../lib/http-server";
import { HANDOFF_PREFIX } from "./spool-handoff";
import { SPOOL_PREFIX } from "./spool-upload";

/**
 * A live upload writes at least every idle-socket timeout and ends within the request timeout (an hour); its spool is
 * then stored and removed. Twice the request timeout without a write means no process is using the folder, even one
 * of another API instance sharing the spool folder.
 */
export const STALE_SPOOL_MS = 2 * SERVER_TIMEOUTS.requestMs;
/** How often a running API looks again. */
export const SPOOL_SWEEP_INTERVAL_MS = 30 * 60_000;

/** The newest modification time in a spool folder (the folder's own, or a file's still being written). */
async function lastWrite(folder: string): Promise<number> {
  let newest = (await stat(folder)).mtimeMs;
  for (const entry of await readdir(folder)) {
    const file = await stat(path.join(folder, entry)).catch(() => undefined);
    if (file) newest = Math.max(newest, file.mtimeMs);
  }
  return newest;
}

/**
 * Removes the stale spool folders under `spoolRoot`, and the handed-off files as old (their job was deleted, or ran
 * in another machine's worker; a job that comes later reads the stored bytes); returns how many. Other files there
 * are never touched.
 */
export async function sweepStaleSpools(spoolRoot: string, now = Date.now()): Promise<number> {
  const entries = await readdir(spoolRoot, { withFileTypes: true }).catch(() => []);
  let removed = 0;
  for (const entry of entries) {
    if (entry.isFile() && entry.name.startsWith(HANDOFF_PREFIX)) {
      const file = path.join(spoolRoot, entry.name);
      const written = await stat(file).then(
        (found) => found.mtimeMs,
        () => now,
      );
      if (now - written < STALE_SPOOL_MS) continue;
      await rm(file, { force: true });
      removed += 1;
      continue;
    }
    if (!entry.isDirectory() || !entry.name.startsWith(SPOOL_PREFIX)) continue;
    const folder = path.join(spoolRoot, entry.name);
    const written = await lastWrite(folder).catch(() => now);
    if (now - written < STALE_SPOOL_MS) continue;
    await rm(folder, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
