// GET /api/knowledge/stats: totals of the "Knowledge Base Stats" card (documents, vectors, bytes stored).
import type { KnowledgeStats } from "@acp/contracts/knowledge";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "../request";

export const KNOWLEDGE_STATS_URL = "/api/knowledge/stats";

export const knowledgeStatsKeys = {
  all: ["knowledge-stats"] as const,
};

export function getKnowledgeStats(options: { signal?: AbortSignal } = {}): Promise<KnowledgeStats> {
  return getJson<KnowledgeStats>(KNOWLEDGE_STATS_URL, options);
}

export function knowledgeStatsQueryOptions() {
  return queryOptions({
    queryKey: knowledgeStatsKeys.all,
    queryFn: ({ signal }) => getKnowledgeStats({ signal }),
  });
}
