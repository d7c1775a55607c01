// GET /api/pinecone/stats: the active vector store's totals, polled every 30 s (spec section 7 and 9).
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { VectorStoreStats } from "@acp/contracts/entities";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "../request";

export const VECTOR_STATS_URL = "/api/pinecone/stats";

export const vectorStatsKeys = {
  all: ["vector-stats"] as const,
};

export function getVectorStats(options: { signal?: AbortSignal } = {}): Promise<VectorStoreStats> {
  return getJson<VectorStoreStats>(VECTOR_STATS_URL, options);
}

export function vectorStatsQueryOptions() {
  return queryOptions({
    queryKey: vectorStatsKeys.all,
    queryFn: ({ signal }) => getVectorStats({ signal }),
    refetchInterval: POLL_INTERVALS_MS.vectorStats,
  });
}
