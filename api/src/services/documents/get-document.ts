// One of the user's documents with what was extracted from it, its chunk count, embedder and stage timings.
import type { DocumentDetail } from "@acp/contracts/knowledge";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documentParts, documents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { toKnowledgeDocument } from "./knowledge-document";

/** Throws NOT_FOUND for a missing id and for another user's document alike (no existence leak). */
export async function getDocumentDetail({
  db,
  userId,
  documentId,
}: {
  db: Db;
  userId: string;
  documentId: string;
}): Promise<DocumentDetail> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  if (!row) throw new AppError("NOT_FOUND", "Document not found");
  const parts = await db
    .select()
    .from(documentParts)
    .where(eq(documentParts.documentId, documentId))
    .orderBy(asc(documentParts.seq));
  return {
    document: toKnowledgeDocument(row),
    parts: parts.map((part) => ({
      label: part.label,
      location: part.location ?? null,
      text: part.text,
      truncated: part.truncated,
      hasText: part.hasText,
      ocr: part.ocr,
      // Parts stored before row numbers were kept have none: the detail view infers what it can.
      lineNumbers: part.lineNumbers ?? null,
    })),
    chunkCount: row.chunkCount,
    embedder: row.embedder,
    timings: row.timings,
  };
}
