// Indexes a document's chunks (rows with their term counts and BM25 statistics, then vectors) and removes them again.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { and, eq, sql } from "drizzle-orm";
import { rowsOf } from "../../db/rows-of";
import { documentChunks } from "../../db/schema";
import { LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import type { VectorRecord } from "../../providers/vector-store/vector-store";
import { analyzeText, type TextAnalysis } from "../../text-search/lexical-analyzer";
import type { DocumentJoin } from "./chunk-index-cache";
import { ensureUserEmbedder, startEmbedderMigration } from "./embedder-migration";
import { encodeLocalVector } from "./engine/dense-codes";
import type { ChunkRow } from "./engine/user-chunk-index";
import type { RetrievalDeps } from "./retrieval-deps";

/** The chunk shape EXTRACTION's chunkDocument produces. */
export type IndexableChunk = {
  index: number;
  text: string;
  tokenCount: number;
  location: ChunkLocation | null;
  /** The text's lexemes when the extraction child has analysed it already (else they are made here). */
  lexical?: TextAnalysis | undefined;
};

type IndexProgress = { stage: "embedding" | "indexing"; done: number; total: number };

/**
 * Chunks embedded and written per step: bounds memory (a 200 MB CSV makes ~70k chunks; all their vectors at once
 * would take ~1 GB) and is the batch size of the vector upserts (DESIGN 2: batches, not row by row).
 */
const SLICE = 256;
/** Vectors per upsert on PGlite (about 10 ms of the event loop each on this machine). */
const PGLITE_VECTOR_BATCH = 32;
/** Rows per INSERT of chunk rows (one jsonb parameter each): small, so on PGlite no statement holds other requests long. */
const ROW_BATCH = 32;

/** The id a chunk has in document_chunks and in the vector store. */
export const chunkId = (documentId: string, index: number) => `${documentId}:${index}`;

type DocumentIndexTarget = {
  deps: RetrievalDeps;
  userId: string;
  documentId: string;
  agentId: string | null | undefined;
  category: string | null | undefined;
  signal?: AbortSignal;
};

/** Writes one document's index batch by batch (see openDocumentIndex). */
export type DocumentIndexWriter = {
  /**
   * Embeds `chunks` (in slices of SLICE) and writes them, calling `onSlice` with the running count after each slice
   * is written. A slice's rows are written while the next slice is embedded: `append` returns once its last slice is
   * embedded and the writes before it are done, so call `flush` before relying on everything being written.
   */
  append(chunks: readonly IndexableChunk[], onSlice?: (indexed: number) => void): Promise<void>;
  /** Waits for the last slice's write (and reports its failure). Call it before clearing a failed index, too. */
  flush(): Promise<void>;
  /** The attempt failed or stopped: the chunks it staged in the owner's loaded index go (its rows are not touched). */
  abandon(): void;
  /** Chunks written so far. */
  readonly indexed: number;
  /**
   * Call once every chunk is appended and flushed and the document is completed: it becomes searchable in its owner's
   * loaded index (see openDocumentIndex), and the background re-embedding starts when the user's embedder changed.
   */
  finish(): void;
};

/**
 * Opens a document's index for writing: first removes whatever the document had (rows and vectors of every
 * embedder, so a retried ingestion starts clean and stays idempotent), then `append` adds chunks as they come, so a
 * 200 MB file never has all its chunks in memory at once. If the vector store cannot be used (PostgreSQL without
 * pgvector) the chunks are indexed lexically only, and the embedder migration embeds them once the store is back.
 * When this process holds the owner's search index, every batch of rows written joins it, hidden, as it commits, so
 * `finish` only has to make them searchable: a 90k-chunk document does not load all at once when it completes.
 */
export async function openDocumentIndex({
  deps,
  userId,
  documentId,
  agentId,
  category,
  signal,
}: DocumentIndexTarget): Promise<DocumentIndexWriter> {
  const { embedder, vectorStore } = deps;
  signal?.throwIfAborted();
  const embedderState = await ensureUserEmbedder({ deps, userId });
  const status = await vectorStore.ensureReady();
  if (!status.ready) {
    deps.logger?.warn(
      { documentId, reason: status.reason },
      "vector store unavailable: indexing lexically only",
    );
  }
  await removeRows(deps, userId, documentId);
  if (status.ready) await vectorStore.delete({ userId, filter: { documentId } });
  const join = deps.chunkIndexes.openJoin(userId, documentId);

  let indexed = 0;
  /** The write of the latest embedded slice, still running while the next slice is embedded. */
  let writing: Promise<void> = Promise.resolve();
  const write = async (
    slice: readonly IndexableChunk[],
    vectors: number[][] | undefined,
    onSlice?: (indexed: number) => void,
  ) => {
    signal?.throwIfAborted();
    await insertRows(deps, join, {
      userId,
      documentId,
      agentId: agentId ?? null,
      category: category ?? null,
      chunks: slice,
      embedder: vectors ? embedder.id : null,
      // The built-in embedder's vectors are also kept with the chunks, quantised, for the in-memory dense leg.
      localVectors:
        vectors && embedder.id === LOCAL_EMBEDDER_ID
          ? vectors.map((vector) => encodeLocalVector(vector))
          : undefined,
    });
    if (vectors) {
      const records: VectorRecord[] = slice.map((chunk, i) => ({
        id: chunkId(documentId, chunk.index),
        documentId,
        agentId: agentId ?? null,
        chunk: chunk.text,
        embedder: embedder.id,
        embedding: vectors[i] ?? [],
      }));
      // On PGlite every statement (and the upsert's transaction) holds the event loop: smaller upserts with a turn
      // for other requests between them keep their searches fast while a large file is written.
      const step = deps.database.engine === "pglite" ? PGLITE_VECTOR_BATCH : records.length;
      for (let at = 0; at < records.length; at += step) {
        await yieldToRequests(deps);
        await vectorStore.upsert({ userId, vectors: records.slice(at, at + step) });
      }
    }
    indexed += slice.length;
    onSlice?.(indexed);
  };
  return {
    get indexed() {
      return indexed;
    },
    async append(given, onSlice) {
      // PostgreSQL text cannot hold NUL: extraction should never produce one, but one must not fail a document.
      const chunks = given.map((chunk) =>
        chunk.text.includes("\u0000") ? { ...chunk, text: chunk.text.replaceAll("\u0000", " ") } : chunk,
      );
      for (let start = 0; start < chunks.length; start += SLICE) {
        signal?.throwIfAborted();
        const slice = chunks.slice(start, start + SLICE);
        // Embedding (on the embedding thread, or the provider's servers) overlaps the previous slice's write.
        const embedding = status.ready
          ? embedder.embed(
              slice.map((chunk) => chunk.text),
              { signal },
            )
          : Promise.resolve(undefined);
        // The previous write is awaited first: once append fails, nothing is still writing (the caller clears the
        // index next). A failed embedding meanwhile must not become an unhandled rejection.
        embedding.catch(() => undefined);
        await writing;
        const vectors = await embedding;
        writing = write(slice, vectors, onSlice);
        writing.catch(() => undefined);
      }
    },
    async flush() {
      await writing;
    },
    finish() {
      // The configured embedder changed since the user's index was built: rebuild the rest in the background.
      if (status.ready && embedderState.target !== null) void startEmbedderMigration(deps, userId);
      // The completed document's staged chunks become searchable in the user's loaded index now (or, when they
      // could not all be staged, it loads from the database in the background), so the search that usually follows
      // a finished upload finds it there.
      if (join) join.complete();
      else deps.chunkIndexes.refresh(userId);
    },
    abandon() {
      join?.abandon();
    },
  };
}

/**
 * Replaces whatever the document had in the index with `chunks` (idempotent per documentId: a retried job
 * writes the same rows and vectors again). Embeds with deps.embedder in slices, reporting progress.
 */
export async function indexDocumentChunks({
  chunks,
  onProgress,
  ...target
}: DocumentIndexTarget & {
  chunks: readonly IndexableChunk[];
  onProgress?: (progress: IndexProgress) => void;
}): Promise<void> {
  const writer = await openDocumentIndex(target);
  const total = chunks.length;
  onProgress?.({ stage: "embedding", done: 0, total });
  await writer.append(chunks, (done) => onProgress?.({ stage: "embedding", done, total }));
  await writer.flush();
  onProgress?.({ stage: "indexing", done: total, total });
  writer.finish();
}

async function insertRows(
  deps: RetrievalDeps,
  join: DocumentJoin | undefined,
  {
    userId,
    documentId,
    agentId,
    category,
    chunks,
    embedder,
    localVectors,
  }: {
    userId: string;
    documentId: string;
    agentId: string | null;
    category: string | null;
    chunks: readonly IndexableChunk[];
    embedder: string | null;
    /** Per chunk (same order), its built-in embedder code (dense-codes.ts). */
    localVectors?: readonly Buffer[] | undefined;
  },
): Promise<void> {
  const { db } = deps.database;
  for (let start = 0; start < chunks.length; start += ROW_BATCH) {
    await yieldToRequests(deps);
    const batch = chunks.slice(start, start + ROW_BATCH).map((chunk, offset) => {
      // Usually analysed already by the extraction child, off this process's event loop.
      const lexical = chunk.lexical ?? analyzeText(chunk.text);
      return {
        id: chunkId(documentId, chunk.index),
        chunk_index: chunk.index,
        text: chunk.text,
        location: chunk.location,
        token_count: chunk.tokenCount,
        lexical_length: lexical.length,
        term_counts: lexical.termCounts,
        local_vector: localVectors?.[start + offset]?.toString("hex") ?? null,
      };
    });
    // One statement per batch (the statement-level triggers update the user's statistics once for all its rows).
    // The lexemes come from our analyzer (text-search/lexical-analyzer.ts, proven equal to PostgreSQL's `english`), so the
    // statement only stores: PostgreSQL's to_tsvector here was the slowest stage of ingestion and, on PGlite, held
    // the event loop for every other request.
    const inserted = rowsOf<{ xmin: string }>(
      await db.execute(sql`
      insert into document_chunks (id, user_id, document_id, agent_id, category, chunk_index, text, location,
        token_count, embedder, lexical_length, term_counts, local_vector)
      select r.id, ${userId}, ${documentId}, ${agentId}, ${category}, r.chunk_index, r.text, r.location,
        r.token_count, ${embedder}, r.lexical_length, r.term_counts, decode(r.local_vector, 'hex')
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb)
        as r(id text, chunk_index integer, text text, location jsonb, token_count integer, lexical_length integer,
          term_counts jsonb, local_vector text)
      on conflict do nothing
      returning xmin::text as xmin`),
    );
    if (!join) continue;
    if (inserted.length !== batch.length) {
      // A row was there already (a retry raced another attempt): what the index holds would not be the rows. The
      // join is over; later batches' adds are ignored.
      join.abandon();
      continue;
    }
    let transactionIds = 0n;
    for (const row of inserted) transactionIds += BigInt(row.xmin);
    join.add(
      batch.map(
        (row, offset): ChunkRow => ({
          id: row.id,
          document_id: documentId,
          agent_id: agentId,
          category,
          lexical_length: row.lexical_length,
          term_counts: row.term_counts,
          embedder,
          local_vector: localVectors?.[start + offset] ?? null,
        }),
      ),
      transactionIds,
    );
  }
}

/** Longest an index write waits for requests in flight to be answered (on PGlite). */
const QUIET_WAIT_MS = 250;

/**
 * Lets requests go first before the next write: the I/O phase runs (a promise continuation alone never reaches it, so
 * requests that arrived could not even start), then, on PGlite, which answers every query on this event loop one
 * after the other, the write waits until the requests in flight are answered (QUIET_WAIT_MS at most), so a search
 * never queues behind a stream of ingestion statements. PostgreSQL serves both at once: no wait there.
 */
async function yieldToRequests(deps: RetrievalDeps): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (deps.database.engine === "pglite") await deps.requestActivity?.whenQuiet(QUIET_WAIT_MS);
}

async function removeRows(deps: RetrievalDeps, userId: string, documentId: string): Promise<void> {
  await deps.database.db
    .delete(documentChunks)
    .where(and(eq(documentChunks.userId, userId), eq(documentChunks.documentId, documentId)));
}

/** Chunk rows (and their vectors) deleted per statement: on PGlite one statement holds every other request. */
const DELETE_BATCH = 2_000;

/**
 * Removes the document's chunk rows (the statistics follow through the triggers) and its vectors of every embedder.
 * The document leaves its owner's loaded index first; the rows then go in batches of DELETE_BATCH with a turn for
 * other requests between them (a 90k-chunk document in one statement held PGlite, and every search, for seconds), and
 * each batch's generation is handed to the index, which takes them without reading anything.
 */
export async function deleteDocumentIndex({
  deps,
  userId,
  documentId,
  batch = DELETE_BATCH,
}: {
  deps: RetrievalDeps;
  userId: string;
  documentId: string;
  /** Rows per statement (tests use small ones). */
  batch?: number;
}): Promise<void> {
  const { db } = deps.database;
  const leave = deps.chunkIndexes.leave(userId, documentId);
  await leave.ready;
  const status = await deps.vectorStore.ensureReady();
  try {
    for (;;) {
      await yieldToRequests(deps);
      const { removed, generation } = await db.transaction(async (tx) => {
        const rows = rowsOf<{ chunk_index: number }>(
          await tx.execute(sql`
            delete from document_chunks where id in (
              select id from document_chunks where user_id = ${userId} and document_id = ${documentId}
              order by chunk_index limit ${batch})
            returning chunk_index`),
        );
        // Read in the same transaction, after the batch's own step: the generation this batch left.
        const [scope] = rowsOf<{ generation: string }>(
          await tx.execute(
            sql`select generation::text as generation from lexical_scopes where user_id = ${userId}`,
          ),
        );
        return { removed: rows, generation: scope?.generation };
      });
      if (removed.length === 0) break;
      if (generation !== undefined) leave.removed(generation);
      if (status.ready) {
        await deps.vectorStore.delete({
          userId,
          ids: removed.map((row) => chunkId(documentId, row.chunk_index)),
        });
      }
      if (removed.length < batch) break;
    }
  } finally {
    leave.done();
  }
  // Whatever vector is left (of a chunk already gone, or written by an attempt meanwhile).
  if (status.ready) await deps.vectorStore.delete({ userId, filter: { documentId } });
}
