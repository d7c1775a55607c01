// Deletes one of the user's documents: its job is cancelled, its chunks and vectors removed, then its row, bytes and parts.
import { and, eq } from "drizzle-orm";
import { documents } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { deleteDocumentIndex } from "../retrieval/index-document";
import { dropHandedOffFile } from "./spool-handoff";

/**
 * Throws NOT_FOUND for a missing id and for another user's document alike. The queued or running job is cancelled, the
 * index entries (chunks, vectors) removed, then the row with its bytes and extracted parts (foreign keys cascade). An
 * attempt still running elsewhere sees the row gone at its next write and stops; the index is cleared once more after
 * the row is gone so nothing it wrote in between survives.
 */
export async function deleteDocument({
  deps,
  userId,
  documentId,
}: {
  deps: Deps;
  userId: string;
  documentId: string;
}): Promise<void> {
  const { db } = deps.database;
  const owned = and(eq(documents.id, documentId), eq(documents.userId, userId));
  const [row] = await db
    .select({ id: documents.id, jobId: documents.jobId, status: documents.status })
    .from(documents)
    .where(owned);
  if (!row) throw new AppError("NOT_FOUND", "Document not found");
  if (row.jobId && row.status === "processing") await deps.queues.ingestion.cancel(row.jobId);
  await deleteDocumentIndex({ deps, userId, documentId });
  await db.delete(documents).where(owned);
  if (row.status === "processing") {
    await deleteDocumentIndex({ deps, userId, documentId });
    // Bytes left for a job that will now find nothing to do.
    await dropHandedOffFile({ dir: deps.config.upload.spoolDir, documentId });
  }
}
