// The vector store's totals (GET /api/pinecone/stats).
import { vectorStatsQueryOptions } from "@acp/client/knowledge/vector-stats";
import { useQuery } from "@tanstack/react-query";

export function useVectorStats() {
  return useQuery(vectorStatsQueryOptions());
}
