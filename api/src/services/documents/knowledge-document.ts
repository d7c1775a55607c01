// Maps a documents row to the contract's KnowledgeDocument (spec fields plus stage, progress, error, hash, source, chunks).
import type { KnowledgeDocument, UploadExtension } from "@acp/contracts/knowledge";
import type { DocumentRow } from "../../db/schema";

export function toKnowledgeDocument(row: DocumentRow): KnowledgeDocument {
  return {
    id: row.id,
    originalName: row.originalName,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    status: row.status,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    agentId: row.agentId,
    error: row.error,
    stage: row.stage,
    progress: row.progress,
    sha256: row.sha256,
    source: row.source,
    chunkCount: row.chunkCount,
  };
}

/** The MIME type we record for a sniffed extension (the client's claim is not trusted). */
export const MIME_TYPES: Record<UploadExtension, string> = {
  pdf: "application/pdf",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xls: "application/vnd.ms-excel",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: "text/csv",
  txt: "text/plain",
  json: "application/json",
};
