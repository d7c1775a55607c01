// The knowledge base's totals (GET /api/knowledge/stats).
import { knowledgeStatsQueryOptions } from "@acp/client/knowledge/knowledge-stats";
import { useQuery } from "@tanstack/react-query";

export function useKnowledgeStats() {
  return useQuery(knowledgeStatsQueryOptions());
}
