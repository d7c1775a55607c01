// The vector store interface every store implements (pgvector today, Pinecone later), and the checks they share.
import type { VectorStoreStats } from "@acp/contracts/entities";
import type { VectorStoreKind } from "../../env";
import { AppError } from "../../lib/app-error";

/** Whether the store can serve requests; `reason` says why not, in words an operator can act on. */
export type VectorStoreStatus = { ready: true } | { ready: false; reason: string };

/**
 * One embedded chunk. The namespace is the user's: ids are unique per user and embedder, not globally (while the
 * embedder changes, a chunk has a vector of the old and one of the new embedder under the same id).
 */
export type VectorRecord = {
  /** e.g. `<documentId>:<chunkIndex>`; upserting an id the user already has replaces that vector. */
  id: string;
  documentId?: string | null;
  agentId?: string | null;
  /** The text the embedding was made from, returned with matches (citations). */
  chunk: string;
  /** Which embedder made the vector (e.g. `local-1536`, `openai:text-embedding-3-small`). */
  embedder: string;
  embedding: readonly number[];
};

/** Narrows query and delete to some of the user's vectors; every given field must match. */
export type VectorFilter = {
  documentId?: string;
  agentId?: string;
  embedder?: string;
  /** Any of these documents (an agent's knowledge); an empty list matches nothing. */
  documentIds?: readonly string[];
};

export type VectorMatch = {
  id: string;
  documentId: string | null;
  agentId: string | null;
  chunk: string;
  embedder: string;
  /** Cosine similarity, 1 for the same direction, down to -1. */
  score: number;
};

export const MAX_TOP_K = 1000;

export interface VectorStore {
  readonly kind: VectorStoreKind;
  /** Every embedding must have exactly this many dimensions. */
  readonly dimension: number;
  /**
   * Prepares the store (idempotent, safe to call concurrently and from several processes) and reports whether it
   * is usable. Never throws: start-up logs the reason and carries on; the other methods then answer
   * VECTOR_STORE_UNAVAILABLE (503). A store that is not ready checks again on the next call.
   */
  ensureReady(): Promise<VectorStoreStatus>;
  /** How many vectors the user has (of one embedder if given); namespace and dimension as the spec's stats entity has them. */
  stats(params: { userId: string; embedder?: string }): Promise<VectorStoreStats>;
  /** Inserts or replaces the user's vectors, all or none. */
  upsert(params: { userId: string; vectors: readonly VectorRecord[] }): Promise<void>;
  /** Deletes the user's vectors with the given ids and/or matching the filter (at least one selector required). */
  delete(params: { userId: string; ids?: readonly string[]; filter?: VectorFilter }): Promise<void>;
  /** The user's `topK` nearest vectors to `embedding` by cosine distance, best first. */
  query(params: {
    userId: string;
    embedding: readonly number[];
    topK: number;
    filter?: VectorFilter;
  }): Promise<VectorMatch[]>;
}

/** The 503 every store method throws while the store is not ready. */
export function vectorStoreUnavailable(reason: string): AppError {
  return new AppError("VECTOR_STORE_UNAVAILABLE", `Vector store unavailable: ${reason}`);
}

/** Refuses embeddings a cosine index cannot use: wrong length, non-finite values, or all zeros. */
export function assertEmbedding(embedding: readonly number[], dimension: number, label: string): void {
  if (embedding.length !== dimension) {
    throw new RangeError(`${label}: expected ${dimension} dimensions, got ${embedding.length}`);
  }
  let nonZero = false;
  for (const value of embedding) {
    if (!Number.isFinite(value)) throw new RangeError(`${label}: every value must be a finite number`);
    if (value !== 0) nonZero = true;
  }
  if (!nonZero) throw new RangeError(`${label}: an all-zero vector has no cosine distance`);
}

/** True when the filter selects something (a filter of only undefined fields would select everything). */
export function hasFilter(filter: VectorFilter | undefined): boolean {
  return Boolean(
    filter && (filter.documentId ?? filter.agentId ?? filter.embedder ?? filter.documentIds) !== undefined,
  );
}
