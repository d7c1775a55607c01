// GET /api/pinecone/stats: the vector store's totals, polled every 30 s (spec section 7 and 9).
import { getQueryFn } from "@acp/client/request";
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { VectorStoreStats } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const VECTOR_STATS_URL = "/api/pinecone/stats";

export function getVectorStatsQueryOptions() {
  return queryOptions({
    queryKey: [VECTOR_STATS_URL],
    queryFn: getQueryFn<VectorStoreStats>({ on401: "throw" }),
    refetchInterval: POLL_INTERVALS_MS.vectorStats,
  });
}

export function useVectorStats() {
  return useQuery(getVectorStatsQueryOptions());
}
