// One attempt at ingesting one document: bytes -> extracting -> chunking -> embedding/indexing -> completed or failed.
import { randomUUID } from "node:crypto";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentStage, UploadExtension } from "@acp/contracts/knowledge";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/create-database";
import { type DocumentRow, documentParts, documents, type StageTiming } from "../db/schema";
import type { Deps } from "../deps";
import { chunkDocument } from "../ingestion/chunk-document";
import { extractChunksInIsolation, toExtractedParts } from "../ingestion/extract-in-isolation";
import { extractText } from "../ingestion/extract-text";
import { type ExtractedDocument, ExtractionError } from "../ingestion/types";
import { readBlobs, readBlobsToFile } from "../services/documents/document-blobs";
import {
  type DocumentIndexWriter,
  deleteDocumentIndex,
  type IndexProgress,
  indexDocumentChunks,
  openDocumentIndex,
} from "../services/retrieval/index-document";
import { stageProgress } from "./stage-progress";

/** Characters of each extracted part kept for the detail view, and how many parts at most. */
export const PART_PREVIEW_CHARS = 4000;
export const MAX_STORED_PARTS = 500;
/** How often a working attempt proves it is alive (documents.heartbeat_at) and checks it is still wanted. */
export const HEARTBEAT_MS = 5_000;

export type IngestOutcome =
  /** Finished: completed, or failed with a reason the user sees. The job is done either way. */
  | { kind: "settled"; status: "completed" | "failed" }
  /** A transient failure with attempts left: pg-boss should run the job again. */
  | { kind: "retry"; error: string }
  /** The document was deleted (or is no longer processing): nothing to do. */
  | { kind: "gone" };

class DocumentGoneError extends Error {}

function nowIso() {
  return new Date().toISOString();
}

/** Closes the open timing and opens one for `stage`. */
function nextTimings(timings: StageTiming[], stage: DocumentStage | null): StageTiming[] {
  const at = nowIso();
  const closed = timings.map((t) => (t.finishedAt === null ? { ...t, finishedAt: at } : t));
  return stage ? [...closed, { stage, startedAt: at, finishedAt: null }] : closed;
}

/**
 * Runs one attempt. Deterministic failures (an ExtractionError: damaged, encrypted, no text...) fail the document at
 * once; anything else is retried while `isLastAttempt` is false, and fails the document with its reason otherwise.
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
  const db = deps.database.db;
  const [initial] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (initial?.status !== "processing") return { kind: "gone" };

  const controller = new AbortController();
  const signal = jobSignal ? AbortSignal.any([jobSignal, controller.signal]) : controller.signal;
  let doc: DocumentRow = initial;
  let timings: StageTiming[] = nextTimings(doc.timings, "extracting");
  let lastProgressWrite = 0;
  /** The latest progress write: stage changes wait for it, so a late write never takes the stage back. */
  let pendingProgress: Promise<unknown> = Promise.resolve();

  /**
   * This attempt's number, claimed first. pg-boss may hand an expired job to another worker while this one still
   * runs: every write below requires the document to still be processing AND on this attempt, so a superseded
   * attempt stops at its next write and never touches (or clears) its successor's index.
   */
  const attempt = initial.attempts + 1;
  const ours = () =>
    and(eq(documents.id, documentId), eq(documents.status, "processing"), eq(documents.attempts, attempt));
  /** Writes stage/progress (and anything else) only while the document exists, is processing and is ours. */
  const update = async (values: Partial<typeof documents.$inferInsert>) => {
    const rows = await db
      .update(documents)
      .set({ ...values, heartbeatAt: new Date() })
      .where(ours())
      .returning({ id: documents.id });
    if (rows.length === 0) {
      controller.abort(new DocumentGoneError("document deleted or taken over by a newer attempt"));
      throw new DocumentGoneError("document deleted or taken over by a newer attempt");
    }
  };
  /** Whether this is still the document's current attempt (a newer one owns the index otherwise). */
  const stillOurs = async () =>
    (await db.select({ id: documents.id }).from(documents).where(ours())).length === 1;
  const enter = async (stage: DocumentStage, extra: Partial<typeof documents.$inferInsert> = {}) => {
    await pendingProgress;
    if (stage !== "extracting") timings = nextTimings(timings, stage);
    await update({ stage, progress: stageProgress(stage, 0), timings, ...extra });
  };
  /** Progress inside a stage, written at most every 500 ms. */
  const progress = (stage: DocumentStage, fraction: number) => {
    const at = Date.now();
    if (at - lastProgressWrite < 500) return;
    lastProgressWrite = at;
    pendingProgress = pendingProgress
      .then(() => update({ stage, progress: stageProgress(stage, fraction) }))
      .catch(() => undefined);
  };

  const heartbeat = setInterval(() => {
    void update({}).catch(() => undefined);
  }, HEARTBEAT_MS);
  heartbeat.unref();
  const workFile = path.join(tmpdir(), `acp-ingest-${randomUUID()}`);
  /** Removes the document's chunk rows and vectors; a failure to do so is logged, not thrown over the real error. */
  /** The streamed path's index writer: a write still running must end before the index is cleared. */
  let openWriter: DocumentIndexWriter | undefined;
  const clearIndex = async () => {
    await openWriter?.flush().catch(() => undefined);
    try {
      await deleteDocumentIndex({ deps, userId: doc.userId, documentId });
    } catch (error) {
      deps.logger.error({ documentId, err: rootCause(error) }, "could not remove a failed attempt's index");
    }
  };

  try {
    const claimed = await db
      .update(documents)
      .set({ attempts: attempt, heartbeatAt: new Date() })
      .where(
        and(
          eq(documents.id, documentId),
          eq(documents.status, "processing"),
          eq(documents.attempts, initial.attempts),
        ),
      )
      .returning({ id: documents.id });
    // Another attempt claimed the document between our read and now: it is that attempt's.
    if (claimed.length === 0) return { kind: "gone" };
    await enter("extracting", { error: null });
    doc = { ...doc, attempts: attempt };

    const target = {
      deps,
      userId: doc.userId,
      documentId,
      agentId: doc.agentId,
      category: doc.category,
      signal,
    };
    let chunkCount: number;
    if (doc.fileType) {
      await readBlobsToFile(db, documentId, workFile);
      // Clears what an earlier attempt indexed, once; then each batch of chunks is embedded and indexed as it
      // arrives from the child (which runs at most a few batches ahead of us), so a 200 MB file never has all its
      // chunks in the API at once. The child's time limit does not count the time we spend indexing.
      const writer = await openDocumentIndex(target);
      openWriter = writer;
      let streaming = false;
      /** Share of the child's work done (file read, or parts chunked), from its latest report. */
      let childDone = 0;
      const summary = await extractChunksInIsolation({
        filePath: workFile,
        fileName: doc.originalName,
        ext: doc.fileType as UploadExtension,
        signal,
        onProgress: (p) => {
          const fraction = p.total > 0 ? p.done / p.total : 0;
          // CSV and TXT report the share of the file read throughout; whole-document formats report their own
          // phases (pages, OCR...) and then the share of parts chunked, which is what moves once chunks flow.
          if (p.phase === "chunking" || (streaming && p.phase === "reading")) {
            childDone = fraction;
            if (streaming) progress("embedding", childDone);
          } else if (!streaming) {
            progress("extracting", fraction);
          }
        },
        onChunks: async (batch) => {
          if (!streaming) {
            streaming = true;
            // Chunking and embedding run alongside extraction from here on.
            await enter("chunking");
            await enter("embedding");
          }
          await writer.append(batch, () => progress("embedding", childDone));
        },
      });
      await writer.flush();
      signal.throwIfAborted();
      await storeParts(db, documentId, { ...summary, blocks: [] });
      if (!streaming) {
        await enter("chunking");
        await enter("embedding");
      }
      chunkCount = writer.indexed;
      if (chunkCount === 0) throw new ExtractionError("no-text", "No text could be found in this document");
      await enter("indexing");
      writer.finish();
    } else {
      const text = (await readBlobs(db, documentId)).toString("utf8");
      const extracted = extractText({ text });
      await storeParts(db, documentId, extracted);
      await enter("chunking");
      const chunks = chunkDocument(extracted);
      if (chunks.length === 0) {
        throw new ExtractionError("no-text", "No text could be found in this document");
      }
      chunkCount = chunks.length;
      await enter("embedding");
      let indexing = false;
      await indexDocumentChunks({
        ...target,
        chunks,
        onProgress: (p: IndexProgress) => {
          if (p.stage === "indexing") {
            if (!indexing) {
              indexing = true;
              timings = nextTimings(timings, "indexing");
              const values = { stage: "indexing" as const, progress: stageProgress("indexing", 0), timings };
              pendingProgress = pendingProgress.then(() => update(values)).catch(() => undefined);
            }
            return;
          }
          progress(p.stage, p.total > 0 ? p.done / p.total : 0);
        },
      });
    }
    signal.throwIfAborted();
    await pendingProgress;

    timings = nextTimings(timings, null);
    await update({
      status: "completed",
      stage: "completed",
      progress: 100,
      chunkCount,
      embedder: deps.embedder.id,
      completedAt: new Date(),
      error: null,
      timings,
    });
    return { kind: "settled", status: "completed" };
  } catch (error) {
    // Deleted (its rows went with it) or taken over: the index is not ours to clear.
    if (error instanceof DocumentGoneError || controller.signal.aborted) return { kind: "gone" };
    if (!(await stillOurs().catch(() => false))) return { kind: "gone" };
    // Search must not return a partial index: whatever this attempt wrote goes (a retry writes it all again).
    await clearIndex();
    const deterministic =
      error instanceof ExtractionError && error.code !== "aborted" && error.code !== "internal";
    const reason = userFacingReason(error);
    deps.logger.warn(
      { documentId, err: rootCause(error), attempt: doc.attempts },
      "ingestion attempt failed",
    );
    if (!deterministic && !isLastAttempt) {
      await db
        .update(documents)
        .set({ stage: "queued", progress: 0, heartbeatAt: new Date(), timings: nextTimings(timings, null) })
        .where(ours())
        .catch(() => undefined);
      return { kind: "retry", error: reason };
    }
    await failDocument(
      db,
      documentId,
      deterministic ? reason : `${reason} (gave up after ${doc.attempts} attempts)`,
      timings,
      attempt,
    );
    return { kind: "settled", status: "failed" };
  } finally {
    clearInterval(heartbeat);
    await rm(workFile, { force: true }).catch(() => undefined);
  }
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

/**
 * Marks a processing document failed with `reason` (no-op when it is gone or already settled, or, given `attempt`,
 * when a newer attempt has taken it over).
 */
export async function failDocument(
  db: Db,
  documentId: string,
  reason: string,
  timings?: StageTiming[],
  attempt?: number,
) {
  await db
    .update(documents)
    .set({
      status: "failed",
      stage: "failed",
      error: reason,
      heartbeatAt: null,
      ...(timings ? { timings: nextTimings(timings, null) } : {}),
    })
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.status, "processing"),
        attempt === undefined ? undefined : eq(documents.attempts, attempt),
      ),
    );
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
        })),
      );
    }
  });
}

/** PostgreSQL text cannot hold NUL characters. */
function stripNul(text: string): string {
  return text.includes("\u0000") ? text.replaceAll("\u0000", "") : text;
}
