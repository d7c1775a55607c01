// An upload's spooled bytes left on this machine for its ingestion job, so the job need not read back what was just stored.
import { randomUUID } from "node:crypto";
import { link, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/**
 * Every handed-off file's name starts with this, then the document's id (spool-sweeper.ts removes those nobody took).
 * Not SPOOL_PREFIX: these are files beside the upload folders, not folders.
 */
export const HANDOFF_PREFIX = "acp-handoff-";

/** Where a document's handed-off bytes wait in `dir`: named after the document, so any process on this machine finds them. */
function handoffPath(dir: string, documentId: string): string {
  return path.join(dir, `${HANDOFF_PREFIX}${path.basename(documentId)}`);
}

/**
 * Leaves `filePath` (a spool file) for the document's ingestion job as a hard link in `dir`: the bytes stay on disk
 * when the upload's spool folder is removed, and nothing is copied. Call it before the document's job can run (inside
 * the transaction that stores the document). Returns the link to remove if that transaction fails, or undefined when
 * no link could be made (another file system, a file system without hard links): the job then reads the stored bytes.
 */
export async function handOffSpooledFile({
  dir,
  documentId,
  filePath,
}: {
  dir: string;
  documentId: string;
  filePath: string;
}): Promise<string | undefined> {
  const target = handoffPath(dir, documentId);
  try {
    await link(filePath, target);
    return target;
  } catch {
    return undefined;
  }
}

/**
 * Takes the document's handed-off bytes, if this machine has them and they have the stored size: the file is renamed
 * to a name of this caller's own first (an attempt that runs again, or a second worker, finds nothing and reads the
 * database), and the caller removes it when done. Undefined when there is nothing to take.
 */
export async function takeHandedOffFile({
  dir,
  documentId,
  size,
}: {
  dir: string;
  documentId: string;
  size: number;
}): Promise<string | undefined> {
  const source = handoffPath(dir, documentId);
  const taken = `${source}.${randomUUID()}`;
  try {
    await rename(source, taken);
  } catch {
    return undefined;
  }
  const found = await stat(taken).catch(() => undefined);
  if (found?.isFile() && found.size === size) return taken;
  await rm(taken, { force: true });
  return undefined;
}

/** Removes the document's handed-off bytes, if any (the document was deleted before its job took them). */
export async function dropHandedOffFile({
  dir,
  documentId,
}: {
  dir: string;
  documentId: string;
}): Promise<void> {
  await rm(handoffPath(dir, documentId), { force: true });
}
