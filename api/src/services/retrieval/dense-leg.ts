// The dense leg: the query's nearest vectors of the active embedder within the scope, in memory or through the store.
import { LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import type { SearchableIndex } from "./chunk-index-cache";
import { embedderById } from "./embedder-migration";
import { queryWeights } from "./engine/dense-codes";
import type { ChunkScope } from "./engine/user-chunk-index";
import type { DenseMatch } from "./fusion";
import type { RetrievalDeps } from "./retrieval-deps";
import { completedDocumentsIn } from "./search-scope";

/** Documents a vector-store query names in its filter at most (Pinecone's `$in` takes 10,000 values). */
const MAX_FILTERED_DOCUMENTS = 1_000;

/**
 * The dense leg: nearest vectors of the active embedder within the scope; empty when it cannot run. The built-in
 * embedder's vectors are searched exactly in memory from the codes kept with the chunks (decision 0010); other
 * embedders' vectors (and built-in ones without codes yet, which the index's load has set re-embedding) through
 * the vector store.
 */
export async function searchDense(
  deps: RetrievalDeps,
  {
    userId,
    query,
    scope,
    limit,
    embedderId,
    searchable,
  }: {
    userId: string;
    query: string;
    scope: ChunkScope | undefined;
    limit: number;
    embedderId: string;
    /** The user's index as the lexical leg searched it (deps.chunkIndexes.get, up to date for this search). */
    searchable: SearchableIndex;
  },
): Promise<DenseMatch[]> {
  const embedder = embedderById(deps, embedderId);
  if (!embedder) {
    deps.logger?.warn(
      { embedder: embedderId },
      "the active embedder is not configured here: lexical search only",
    );
    return [];
  }
  try {
    const index = searchable.kind === "memory" ? searchable.index : undefined;
    const [vector] = await embedder.embed([query]);
    if (!vector) return [];
    if (index && embedderId === LOCAL_EMBEDDER_ID) {
      const hits = index.searchDense({ query: queryWeights(vector), scope, limit });
      if (hits) return hits.map((hit) => ({ id: hit.chunkId, score: hit.score }));
    }
    if (!(await deps.vectorStore.ensureReady()).ready) return [];
    // The store holds vectors of documents still being ingested (and, briefly, of failed ones): the query is
    // restricted to the completed documents the index holds, or, past what one filter should carry, over-fetched and
    // filtered by the index.
    const documentIds = index ? index.documentsIn(scope) : await completedDocumentsIn(deps, userId, scope);
    if (documentIds.length === 0) return [];
    const filtered = documentIds.length <= MAX_FILTERED_DOCUMENTS;
    const matches = await deps.vectorStore.query({
      userId,
      embedding: vector,
      topK: filtered ? limit : limit * 4,
      filter: { embedder: embedderId, ...(filtered ? { documentIds } : {}) },
    });
    if (filtered) return matches;
    const held = new Set(documentIds);
    return matches.filter((match) => held.has(documentOfChunk(match.id))).slice(0, limit);
  } catch (error) {
    // An embeddings provider or vector store outage degrades search to the lexical leg instead of failing it.
    deps.logger?.warn({ err: error, embedder: embedderId }, "dense retrieval failed: lexical results only");
    return [];
  }
}

/** The document part of a chunk id (`<documentId>:<index>`). */
function documentOfChunk(chunkId: string): string {
  return chunkId.slice(0, Math.max(0, chunkId.lastIndexOf(":")));
}
