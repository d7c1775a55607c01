// An agent's retrieval: the hybrid search in its scope, reordered by the re-ranker its training left, when it has one.
import type { RetrievalSearchResponse } from "@acp/contracts/knowledge";
import type { Deps } from "../../deps";
import { withKnownEmbedder } from "./embedder-migration";
import { RERANK_DEPTH, rerankCandidates } from "./rerank/agent-ranker";
import type { RetrievalDeps } from "./retrieval-deps";
import { searchKnowledge } from "./search-knowledge";

/**
 * The agent's best `topK` passages for `query`. With a trained re-ranker, the search's first RERANK_DEPTH results
 * (above the relevance threshold, as always) are reordered by it before the cut (`reranked: true`); without one, the
 * search's own order.
 */
export async function searchAsAgent({
  deps,
  userId,
  agentKey,
  query,
  topK,
  includeShared,
  known,
}: {
  deps: RetrievalDeps & Pick<Deps, "agentRankers">;
  userId: string;
  agentKey: string;
  query: string;
  topK: number;
  includeShared: boolean;
  /**
   * The user's active embedder (user_embedders.active, null without a row) and the agent's re-ranker row id (null
   * without one), when the caller read them already: neither is read again.
   */
  known?: { embedder: string | null; rerankerId: string | null } | undefined;
}): Promise<RetrievalSearchResponse> {
  const key = { userId, agentKey };
  const ranker = await (known
    ? deps.agentRankers.fromRow(key, known.rerankerId)
    : deps.agentRankers.get(key));
  const found = await searchKnowledge({
    deps: known ? withKnownEmbedder(deps, userId, known.embedder) : deps,
    userId,
    query,
    agentId: agentKey,
    topK: ranker ? Math.max(topK, RERANK_DEPTH) : topK,
    includeShared,
  });
  if (!ranker) return found;
  const ranked = rerankCandidates(
    ranker,
    query,
    found.results.map((result) => ({ ...result, id: result.chunkId })),
  );
  return {
    ...found,
    results: ranked.slice(0, topK).map(({ id: _id, ...result }) => result),
    reranked: true,
  };
}
