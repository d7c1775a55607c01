// One ingestion attempt on both engines: chunks indexed batch by batch as the child sends them, a slow indexer within the
// extraction time limit, and no partial index left behind by a failed attempt.
import { readdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { documentChunks, documents } from "../db/schema";
import { type Chunk, type ChunkOptions, ExtractionError, type ExtractionLimits } from "../ingestion/types";
import { writeBlobsFromBytes } from "../services/documents/document-blobs";
import { HANDOFF_PREFIX, handOffSpooledFile } from "../services/documents/spool-handoff";
import { searchKnowledge } from "../services/retrieval/search-knowledge";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { ingestDocument } from "./ingest-document";

/** What the tests change in the job's extraction, and what they see of it. */
const extraction = vi.hoisted(() => ({
  /** Merged into the job's extractChunksInIsolation input: small chunks make many batches from a small file. */
  input: {} as { chunking?: ChunkOptions; limits?: Partial<ExtractionLimits> },
  /** Chunks the child has handed to the job so far. */
  delivered: 0,
  /** Runs before the job gets each batch (the batch's 1-based number). */
  beforeBatch: undefined as ((batch: number) => Promise<void> | void) | undefined,
  batches: 0,
}));

vi.mock("../ingestion/extract-in-isolation", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../ingestion/extract-in-isolation")>();
  return {
    ...actual,
    extractChunksInIsolation: (input: Parameters<typeof actual.extractChunksInIsolation>[0]) =>
      actual.extractChunksInIsolation({
        ...input,
        ...extraction.input,
        onChunks: async (batch: Chunk[]) => {
          extraction.batches++;
          await extraction.beforeBatch?.(extraction.batches);
          extraction.delivered += batch.length;
          await input.onChunks(batch);
        },
      }),
  };
});

/** About one chunk per paragraph with 16-token chunks: `count` paragraphs make count/128 batches. */
function paragraphs(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `Paragraph ${i} reports the revenue of region ${i % 13}.`,
  ).join("\n\n");
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe.each(engines)("ingestDocument on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: each test runs the attempts itself.
    t = await createTestApp(engine, { config: { workers: 0 } });
  });
  afterAll(async () => {
    // Closes deps.extractionPool too, the children the job read with.
    await t?.close();
  });
  beforeEach(() => {
    extraction.input = { chunking: { targetTokens: 16, overlapTokens: 0 } };
    extraction.delivered = 0;
    extraction.beforeBatch = undefined;
    extraction.batches = 0;
  });

  /** A new user's text file as an upload leaves it: a processing row and its bytes. */
  const upload = async (content: string) => {
    const a = await signUp(t);
    const bytes = new TextEncoder().encode(content);
    const [doc] = await t.database.db
      .insert(documents)
      .values({
        userId: a.user.id,
        originalName: "report.txt",
        name: "report.txt",
        mimeType: "text/plain",
        fileType: "txt",
        size: bytes.length,
      })
      .returning({ id: documents.id });
    if (!doc) throw new Error("no document");
    await writeBlobsFromBytes(t.database.db, doc.id, bytes);
    return { userId: a.user.id, documentId: doc.id };
  };

  const chunkRows = async (documentId: string) => {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(documentChunks)
      .where(eq(documentChunks.documentId, documentId));
    return row?.n ?? 0;
  };
  const vectorsReady = async () => (await t.vectorStore.ensureReady()).ready;
  /** The user's vectors (none without a vector store: PostgreSQL without pgvector indexes lexically only). */
  const vectors = async (userId: string) =>
    (await vectorsReady()) ? (await t.vectorStore.stats({ userId })).totalVectorCount : 0;
  const documentRow = async (documentId: string) =>
    (await t.database.db.select().from(documents).where(eq(documents.id, documentId)))[0];

  it("embeds and indexes each batch as the child sends it: the job never holds more than one batch", async () => {
    const { userId, documentId } = await upload(paragraphs(600));
    /** Chunks handed to the job but not in the index yet, seen whenever the child hands over another batch. */
    let held = 0;
    let foundDuring = -1;
    const seen: Array<{ stage: string; progress: number }> = [];
    extraction.beforeBatch = async (batch) => {
      held = Math.max(held, extraction.delivered - (await chunkRows(documentId)));
      if (batch !== 3) return;
      const row = await documentRow(documentId);
      seen.push({ stage: row?.stage ?? "", progress: row?.progress ?? -1 });
      // Two batches are written, yet search returns nothing of a document still being ingested.
      expect(await chunkRows(documentId)).toBeGreaterThan(0);
      const during = await searchKnowledge({
        deps: t.deps,
        userId,
        query: "revenue of region",
        topK: 5,
        includeBelowThreshold: true,
      });
      foundDuring = during.results.length;
    };
    const outcome = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true });
    expect(outcome).toEqual({ kind: "settled", status: "completed" });
    expect(extraction.delivered).toBeGreaterThan(500);
    // At most the batch whose rows are being written while the next is embedded; collecting every chunk before
    // indexing held all of them here.
    expect(held).toBeLessThanOrEqual(128);
    const row = await documentRow(documentId);
    expect(row).toMatchObject({ status: "completed", stage: "completed", progress: 100 });
    expect(row?.chunkCount).toBe(extraction.delivered);
    expect(row?.timings.map((timing) => timing.stage)).toEqual([
      "extracting",
      "chunking",
      "embedding",
      "indexing",
    ]);
    expect(seen).toEqual([{ stage: "embedding", progress: expect.any(Number) }]);
    expect(foundDuring).toBe(0);
    // The job read the file with the children of deps.extractionPool (tests and callers can bring their own).
    expect(t.deps.extractionPool.stats().started).toBeGreaterThan(0);
    const after = await searchKnowledge({ deps: t.deps, userId, query: "revenue of region", topK: 5 });
    expect(after.results.map((result) => result.documentId)).toContain(documentId);
    expect(seen[0]?.progress).toBeGreaterThanOrEqual(45);
    expect(seen[0]?.progress).toBeLessThanOrEqual(90);
    expect(await chunkRows(documentId)).toBe(extraction.delivered);
    if (await vectorsReady()) expect(await vectors(userId)).toBe(extraction.delivered);
  });

  /** Leaves `content` for the document's job as an upload does (spool-handoff.ts), its spool file then removed. */
  const handOff = async (documentId: string, content: string) => {
    const dir = t.deps.config.upload.spoolDir;
    const spoolFile = path.join(dir, `spooled-${documentId}`);
    await writeFile(spoolFile, content);
    expect(await handOffSpooledFile({ dir, documentId, filePath: spoolFile })).toBeDefined();
    await rm(spoolFile);
  };
  const chunkTexts = async (documentId: string) =>
    (
      await t.database.db
        .select({ text: documentChunks.text })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId))
    )
      .map((row) => row.text)
      .join(" ");
  const handOffsOf = async (documentId: string) =>
    (await readdir(t.deps.config.upload.spoolDir)).filter((name) =>
      name.startsWith(`${HANDOFF_PREFIX}${documentId}`),
    );

  it("reads the file its upload handed off, not the stored bytes back, and removes it", async () => {
    const stored = paragraphs(40);
    const { documentId } = await upload(stored);
    // As long as the stored bytes, other words: the index shows which of the two the job read.
    await handOff(documentId, stored.replaceAll("revenue", "margins"));
    expect(await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true })).toEqual({
      kind: "settled",
      status: "completed",
    });
    const texts = await chunkTexts(documentId);
    expect(texts).toContain("margins of region");
    expect(texts).not.toContain("revenue");
    expect(await handOffsOf(documentId)).toEqual([]);
    expect((await documentRow(documentId))?.chunkCount).toBeGreaterThan(1);
  });

  it("reads the stored bytes when the handed-off file is not the stored size, and removes it too", async () => {
    const stored = paragraphs(40);
    const { documentId } = await upload(stored);
    await handOff(documentId, `${stored.replaceAll("revenue", "margins")} and more`);
    expect(await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true })).toEqual({
      kind: "settled",
      status: "completed",
    });
    const texts = await chunkTexts(documentId);
    expect(texts).toContain("revenue of region");
    expect(texts).not.toContain("margins");
    expect(await handOffsOf(documentId)).toEqual([]);
  });

  it("completes a file whose indexing takes longer than the extraction time limit", async () => {
    const { documentId } = await upload(paragraphs(400));
    extraction.input = { ...extraction.input, limits: { timeoutMs: 1_500 } };
    // A slow embedder or database: the job takes 800 ms over each batch.
    extraction.beforeBatch = () => sleep(800);
    const started = Date.now();
    const outcome = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true });
    expect(await documentRow(documentId)).toMatchObject({ status: "completed", error: null });
    expect(outcome).toEqual({ kind: "settled", status: "completed" });
    expect(extraction.batches).toBeGreaterThanOrEqual(3);
    expect(Date.now() - started).toBeGreaterThan(2_400);
  });

  it("leaves no chunk rows or vectors when an attempt fails mid-stream, whether it is retried or not", async () => {
    /** The job fails on the third batch, after two were indexed. */
    const failOnThirdBatch = (error: Error) => {
      extraction.batches = 0;
      extraction.beforeBatch = async (batch) => {
        if (batch < 3) return;
        expect(await chunkRows(documentId)).toBeGreaterThan(0);
        throw error;
      };
    };
    let documentId = "";

    // A retried attempt: nothing stays for search meanwhile, and the next attempt indexes every chunk once.
    const retried = await upload(paragraphs(400));
    documentId = retried.documentId;
    failOnThirdBatch(new Error("connection reset while indexing"));
    const first = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: false });
    expect(first).toEqual({ kind: "retry", error: "Processing failed: connection reset while indexing" });
    expect(await chunkRows(documentId)).toBe(0);
    expect(await vectors(retried.userId)).toBe(0);
    extraction.beforeBatch = undefined;
    extraction.delivered = 0;
    const second = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true });
    expect(second).toEqual({ kind: "settled", status: "completed" });
    expect(await chunkRows(documentId)).toBe(extraction.delivered);
    if (await vectorsReady()) expect(await vectors(retried.userId)).toBe(extraction.delivered);

    // The last attempt.
    const last = await upload(paragraphs(400));
    documentId = last.documentId;
    failOnThirdBatch(new Error("connection reset while indexing"));
    const outcome = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true });
    expect(outcome).toEqual({ kind: "settled", status: "failed" });
    expect(await documentRow(documentId)).toMatchObject({
      status: "failed",
      error: "Processing failed: connection reset while indexing (gave up after 1 attempts)",
    });
    expect(await chunkRows(documentId)).toBe(0);
    expect(await vectors(last.userId)).toBe(0);

    // A deterministic failure (the file turns out damaged half way).
    const damaged = await upload(paragraphs(400));
    documentId = damaged.documentId;
    failOnThirdBatch(new ExtractionError("damaged", "damaged text file"));
    const failed = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: false });
    expect(failed).toEqual({ kind: "settled", status: "failed" });
    expect(await documentRow(documentId)).toMatchObject({ status: "failed", error: "damaged text file" });
    expect(await chunkRows(documentId)).toBe(0);
    expect(await vectors(damaged.userId)).toBe(0);
  });

  it("an attempt overtaken by a newer one (an expired job still running) leaves the newer one's index alone", async () => {
    for (const ending of ["carries on", "fails"] as const) {
      const { userId, documentId } = await upload(paragraphs(400));
      /** The first attempt stops at its second batch until released; the newer attempt runs straight through. */
      let release!: (error?: Error) => void;
      const held = new Promise<Error | undefined>((resolve) => {
        release = resolve;
      });
      let stopped = false;
      extraction.batches = 0;
      extraction.beforeBatch = async (batch) => {
        if (batch !== 2 || stopped) return;
        stopped = true;
        const error = await held;
        if (error) throw error;
      };
      const overtaken = ingestDocument({ deps: t.deps, documentId, isLastAttempt: false });
      while (!stopped) await sleep(20);
      extraction.delivered = 0;
      const newer = await ingestDocument({ deps: t.deps, documentId, isLastAttempt: true });
      expect(newer).toEqual({ kind: "settled", status: "completed" });
      const indexed = await chunkRows(documentId);
      expect(indexed).toBeGreaterThan(0);
      release(ending === "fails" ? new Error("connection reset while indexing") : undefined);
      expect(await overtaken).toEqual({ kind: "gone" });
      // Nothing of the newer attempt's index went, and the document stays as it left it.
      expect(await chunkRows(documentId)).toBe(indexed);
      if (await vectorsReady()) expect(await vectors(userId)).toBe(indexed);
      expect(await documentRow(documentId)).toMatchObject({
        status: "completed",
        chunkCount: indexed,
        attempts: 2,
        error: null,
      });
    }
  });
});
