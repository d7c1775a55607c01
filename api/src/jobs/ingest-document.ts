// One attempt at ingesting one document: bytes -> extracting -> chunking -> embedding -> indexing -> completed or failed.
import { randomUUID } from "node:crypto";
import { copyFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import { eq } from "drizzle-orm";
import type { Db } from "../db/create-database";
import { documentParts } from "../db/schema";
import type { Deps } from "../deps";
import { chunkDocument } from "../ingestion/chunk-document";
import { extractChunksInIsolation, toExtractedParts } from "../ingestion/extract-in-isolation";
import { extractText } from "../ingestion/extract-text";
import { type ExtractedDocument, ExtractionError } from "../ingestion/types";
import { readBlobs, readBlobsToFile } from "../services/documents/document-blobs";
import { takeHandedOffFile } from "../services/documents/spool-handoff";
import {
  type DocumentIndexWriter,
  deleteDocumentIndex,
  openDocumentIndex,
} from "../services/retrieval/index-document";
import { DocumentGoneError, IngestionAttempt } from "./ingestion-attempt";

/** Characters of each extracted part kept for the detail view, and how many parts at most. */
export const PART_PREVIEW_CHARS = 4000;
const MAX_STORED_PARTS = 500;

type IngestOutcome =
  /** Finished: completed, or failed with a reason the user sees. The job is done either way. */
  | { kind: "settled"; status: "completed" | "failed" }
  /** A transient failure with attempts left: pg-boss should run the job again. */
  | { kind: "retry"; error: string }
  /** The document was deleted (or is no longer processing): nothing to do. */
  | { kind: "gone" };

/**
 * Runs one attempt. Deterministic failures (an ExtractionError: damaged, encrypted, no text...) fail the document at
 * once; anything else is retried while `isLastAttempt` is false, and fails the document with its reason otherwise.
 * Whatever the attempt indexed counts for search only once the document is completed (the last write); a failed
 * attempt removes it, and the sweeper removes what an attempt that died could not.
 */
export async function ingestDocument({
  deps,
  documentId,
  signal: jobSignal,
  isLastAttempt,
}: {
  deps: Deps;
  documentId: string;
  signal?: AbortSignal;
  isLastAttempt: boolean;
}): Promise<IngestOutcome> {
  const attempt = await IngestionAttempt.claim(deps.database.db, documentId, jobSignal);
  if (!attempt) return { kind: "gone" };
  const workFile = path.join(tmpdir(), `acp-ingest-${randomUUID()}`);
  /** The index writer: a write still running must end before a failed attempt's index is cleared. */
  let writer: DocumentIndexWriter | undefined;
  try {
    writer = await openDocumentIndex({
      deps,
      userId: attempt.document.userId,
      documentId,
      agentId: attempt.document.agentId,
      category: attempt.document.category,
      signal: attempt.signal,
    });
    if (attempt.document.fileType) await indexFile(deps, attempt, writer, workFile);
    else await indexText(deps, attempt, writer);
    // Indexing: the last writes land, then the document switches to completed, and with it to searchable.
    await attempt.enter("indexing");
    await writer.flush();
    attempt.signal.throwIfAborted();
    const chunkCount = writer.indexed;
    if (chunkCount === 0) throw new ExtractionError("no-text", "No text could be found in this document");
    await attempt.complete({ chunkCount, embedder: deps.embedder.id });
    writer.finish();
    return { kind: "settled", status: "completed" };
  } catch (error) {
    // Whatever this attempt staged in the owner's loaded index goes (a retry stages anew).
    writer?.abandon();
    // Deleted (its rows went with it) or taken over: the index is not ours to clear.
    if (error instanceof DocumentGoneError || attempt.signal.aborted) return { kind: "gone" };
    if (!(await attempt.stillOurs().catch(() => false))) return { kind: "gone" };
    await writer?.flush().catch(() => undefined);
    try {
      await deleteDocumentIndex({ deps, userId: attempt.document.userId, documentId });
    } catch (cleanupError) {
      // Search ignores a document that is not completed; the sweeper removes these rows later.
      deps.logger.error(
        { documentId, err: rootCause(cleanupError) },
        "could not remove a failed attempt's index",
      );
    }
    const deterministic =
      error instanceof ExtractionError && error.code !== "aborted" && error.code !== "internal";
    const reason = userFacingReason(error);
    deps.logger.warn(
      { documentId, err: rootCause(error), attempt: attempt.number },
      "ingestion attempt failed",
    );
    if (!deterministic && !isLastAttempt) {
      await attempt.requeue();
      return { kind: "retry", error: reason };
    }
    await attempt.fail(deterministic ? reason : `${reason} (gave up after ${attempt.number} attempts)`);
    return { kind: "settled", status: "failed" };
  } finally {
    attempt.release();
    await rm(workFile, { force: true }).catch(() => undefined);
  }
}

/**
 * A file: extracted in the child, which streams chunk batches as it goes (it stays a few batches ahead of us, so a
 * 200 MB file never has all its chunks in the API). Stages as they happen: extracting until the first chunks,
 * chunking until the first batch is embedded, then embedding (the share of the file the child has read or chunked,
 * which embedding follows within a few batches) until the child is done. The child's time limit
 * does not count the time spent indexing.
 */
async function indexFile(
  deps: Deps,
  attempt: IngestionAttempt,
  writer: DocumentIndexWriter,
  workFile: string,
): Promise<void> {
  const { document } = attempt;
  // The upload's own spool file when this machine still has it (the upload just stored the same bytes), else the
  // stored bytes. Either becomes the work file, removed when the attempt ends.
  const handedOff = await takeHandedOffFile({
    dir: deps.config.upload.spoolDir,
    documentId: document.id,
    size: document.size,
  });
  if (handedOff) await moveFile(handedOff, workFile);
  else await readBlobsToFile(deps.database.db, document.id, workFile);
  /** Share of the child's work done (file read, or parts chunked), from its latest report. */
  let childDone = 0;
  const summary = await extractChunksInIsolation({
    pool: deps.extractionPool,
    filePath: workFile,
    fileName: document.originalName,
    ext: document.fileType as UploadExtension,
    signal: attempt.signal,
    onProgress: (p) => {
      const fraction = p.total > 0 ? p.done / p.total : 0;
      // CSV and TXT report the share of the file read throughout; whole-document formats report their own phases
      // (pages, OCR...) and then the share of parts chunked, which is what moves once chunks flow.
      if (attempt.currentStage === "extracting") {
        if (p.phase !== "chunking") attempt.progress(fraction);
        return;
      }
      if (p.phase === "chunking" || p.phase === "reading") {
        childDone = fraction;
        attempt.progress(childDone);
      }
    },
    onChunks: async (batch) => {
      // Stage changes are written behind the chunks, not waited for (a deleted document aborts the signal).
      if (attempt.currentStage === "extracting") attempt.advance("chunking");
      await writer.append(batch, () => attempt.progress(childDone));
      // The first batch is embedded: chunks now flow through embedding as fast as the child makes them.
      if (attempt.currentStage === "chunking") attempt.advance("embedding");
    },
  });
  attempt.signal.throwIfAborted();
  await storeParts(deps.database.db, document.id, { ...summary, blocks: [] });
}

/** Moves a file, copying it when `to` is on another file system (the spool folder may be). */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch {
    try {
      await copyFile(from, to);
    } finally {
      await rm(from, { force: true });
    }
  }
}

/** A text data source: extracted and chunked here (it is small), then embedded and written slice by slice. */
async function indexText(deps: Deps, attempt: IngestionAttempt, writer: DocumentIndexWriter): Promise<void> {
  const text = (await readBlobs(deps.database.db, attempt.document.id)).toString("utf8");
  const extracted = extractText({ text });
  await storeParts(deps.database.db, attempt.document.id, extracted);
  await attempt.enter("chunking");
  const chunks = chunkDocument(extracted);
  if (chunks.length === 0) return;
  await attempt.enter("embedding");
  await writer.append(chunks, (indexed) => attempt.progress(indexed / chunks.length));
}

/** The innermost cause (a driver error under drizzle's "Failed query: <the whole SQL and parameters>"). */
export function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 10 && current instanceof Error && current.cause !== undefined; depth++) {
    current = current.cause;
  }
  return current;
}

function userFacingReason(error: unknown): string {
  if (error instanceof ExtractionError) return error.message;
  const cause = rootCause(error);
  const message = cause instanceof Error ? cause.message : String(cause ?? "");
  if (!message) return "Processing failed for an unknown reason";
  return `Processing failed: ${message.length > 300 ? `${message.slice(0, 300)}…` : message}`;
}

async function storeParts(db: Db, documentId: string, extracted: ExtractedDocument) {
  const parts = toExtractedParts(extracted, { previewChars: PART_PREVIEW_CHARS }).slice(0, MAX_STORED_PARTS);
  await db.transaction(async (tx) => {
    await tx.delete(documentParts).where(eq(documentParts.documentId, documentId));
    for (let i = 0; i < parts.length; i += 100) {
      const slice = parts.slice(i, i + 100);
      await tx.insert(documentParts).values(
        slice.map((part, j) => ({
          documentId,
          seq: i + j,
          label: stripNul(part.label),
          location: part.location,
          text: stripNul(part.text),
          truncated: part.truncated,
          hasText: part.hasText,
          ocr: part.ocr,
          lineNumbers: part.lineNumbers,
        })),
      );
    }
  });
}

/** PostgreSQL text cannot hold NUL characters. */
function stripNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}
