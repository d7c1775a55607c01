// Hybrid retrieval over the user's knowledge: the lexical and dense legs in the search's scope, fused, then read back.
import type { ChunkLocation, RetrievalResult, RetrievalSearchResponse } from "@acp/contracts/knowledge";
import { and, eq, inArray } from "drizzle-orm";
import { documentChunks, documents } from "../../db/schema";
import { searchDense } from "./dense-leg";
import { activeEmbedderId } from "./embedder-migration";
import {
  type FusedCandidate,
  fuseLegs,
  keepBest,
  legSettings,
  lexicalDecides,
  lexicalRelevances,
  RELEVANCE_THRESHOLD,
} from "./fusion";
import { searchLexical } from "./lexical";
import type { RetrievalDeps } from "./retrieval-deps";
import { searchScope } from "./search-scope";

/** Candidates each leg contributes before fusion. */
const candidatePool = (topK: number) => Math.max(50, topK * 5);

/**
 * The user's best chunks for `query` (BM25 and the dense leg fused by weighted RRF), with both legs' ranks and the
 * relevance threshold applied. Only reads: the user's embedder state is resolved when their index loads.
 */
export async function searchKnowledge({
  deps,
  userId,
  query,
  agentId,
  topK,
  includeBelowThreshold = false,
  includeShared = false,
}: {
  deps: RetrievalDeps;
  userId: string;
  query: string;
  agentId?: string | undefined;
  topK: number;
  includeBelowThreshold?: boolean;
  /** With agentId: the user's unassigned documents answer too (chat: an agent knows the shared library). */
  includeShared?: boolean;
}): Promise<RetrievalSearchResponse> {
  const embedder = await activeEmbedderId(deps, userId);
  const scope = await searchScope(deps, { userId, agentId, includeShared });
  const pool = candidatePool(topK);
  const settings = legSettings(embedder);

  // The user's index brought up to date once, then both legs search it: the dense leg's scope comes from it too.
  const searchable = await deps.chunkIndexes.get(userId);
  const lexical = await searchLexical({
    db: deps.database.db,
    searchable,
    userId,
    query,
    scope,
    limit: pool,
  });
  const skipDense =
    !includeBelowThreshold &&
    lexicalDecides({
      lexicalRelevances: lexicalRelevances(lexical),
      topK,
      denseWeight: settings.denseWeight,
    });
  const dense = skipDense
    ? []
    : await searchDense(deps, { userId, query, scope, limit: pool, embedderId: embedder, searchable });
  const denseLeg = skipDense ? ("skipped" as const) : ("searched" as const);

  const kept = keepBest(fuseLegs(lexical, dense, settings), { topK, includeBelowThreshold });
  const results = kept.length === 0 ? [] : await readResults(deps, userId, kept);
  return { results, threshold: RELEVANCE_THRESHOLD, embedder, denseLeg };
}

/** The kept candidates' chunks, in their order; a chunk whose document is gone or not completed is skipped. */
async function readResults(
  deps: RetrievalDeps,
  userId: string,
  kept: readonly FusedCandidate[],
): Promise<RetrievalResult[]> {
  const rows = await deps.database.db
    .select({
      id: documentChunks.id,
      documentId: documentChunks.documentId,
      documentName: documents.name,
      text: documentChunks.text,
      location: documentChunks.location,
    })
    .from(documentChunks)
    .innerJoin(documents, eq(documents.id, documentChunks.documentId))
    .where(
      and(
        eq(documentChunks.userId, userId),
        // The index may be a moment behind a delete or a failure: only completed documents answer.
        eq(documents.status, "completed"),
        inArray(
          documentChunks.id,
          kept.map((c) => c.chunkId),
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results: RetrievalResult[] = [];
  for (const entry of kept) {
    const row = byId.get(entry.chunkId);
    // A vector whose chunk row is gone (document deleted meanwhile) is skipped.
    if (!row) continue;
    results.push({
      documentId: row.documentId,
      documentName: row.documentName,
      chunkId: row.id,
      text: row.text,
      location: (row.location ?? null) as ChunkLocation | null,
      score: entry.score,
      lexicalRank: entry.lexicalRank,
      denseRank: entry.denseRank,
      aboveThreshold: entry.aboveThreshold,
      relevance: entry.relevance,
    });
  }
  return results;
}
