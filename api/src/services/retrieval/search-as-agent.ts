// An agent's retrieval: the hybrid search in its scope, reordered by the re-ranker its training left, when it has one.
import type { RetrievalSearchResponse } from "@acp/contracts/knowledge";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { users } from "../../db/schema";
import type { Deps } from "../../deps";
import { withKnownEmbedder } from "./embedder-migration";
import { RERANK_DEPTH, rerankCandidates } from "./rerank/agent-ranker";
import type { RetrievalDeps } from "./retrieval-deps";
import { searchKnowledge } from "./search-knowledge";

/**
 * What an agent's search reads of its owner before it starts, in one statement (once per database handle): the
 * user's active embedder (null without a row) and the agent's re-ranker row (null without one). Read from the user's
 * row, which every owner has; none found reads as neither. The outer "users"."id" is spelled out: drizzle leaves the
 * columns of a query without joins unqualified, and a bare "id" inside the subqueries would name their own rows' id.
 */
const agentSearchReads = (db: Db) =>
  preparedStatement(db, "agent_search_reads", () =>
    db
      .select({
        embedder: sql<string | null>`(select e.active from user_embedders e where e.user_id = "users"."id")`,
        rerankerId: sql<string | null>`(
          select t.id from agent_trained_models t
          where t.user_id = "users"."id" and t.agent_key = ${sql.placeholder("agentKey")} and t.kind = 'reranker')`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder("userId")))
      .prepare("agent_search_reads"),
  );

/** The user's embedder and the agent's re-ranker row, read together (see agentSearchReads). */
export async function readAgentSearch(
  db: Db,
  { userId, agentKey }: { userId: string; agentKey: string },
): Promise<{ embedder: string | null; rerankerId: string | null }> {
  const [row] = await agentSearchReads(db).execute({ userId, agentKey });
  return row ?? { embedder: null, rerankerId: null };
}

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
   * without one), when the caller read them already (a chat turn's reads); else both are read in one statement.
   */
  known?: { embedder: string | null; rerankerId: string | null } | undefined;
}): Promise<RetrievalSearchResponse> {
  const key = { userId, agentKey };
  const reads = known ?? (await readAgentSearch(deps.database.db, key));
  const ranker = await deps.agentRankers.fromRow(key, reads.rerankerId);
  const found = await searchKnowledge({
    deps: withKnownEmbedder(deps, userId, reads.embedder),
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
