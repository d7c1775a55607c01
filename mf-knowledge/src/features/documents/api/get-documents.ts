// The user's documents (or one agent's), refreshed every 5 s (every second while one is processed, so its stages
// show as they happen); when one finishes processing the stats cards refetch.
import { type DocumentsParams, documentsQueryOptions } from "@acp/client/knowledge/documents";
import { knowledgeStatsKeys } from "@acp/client/knowledge/knowledge-stats";
import { vectorStatsKeys } from "@acp/client/knowledge/vector-stats";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { processingPollInterval } from "../../../lib/processing-poll";

export function useDocuments(params: DocumentsParams = {}) {
  const query = useQuery({
    ...documentsQueryOptions(params),
    refetchInterval: (current) =>
      processingPollInterval(
        current.state.data?.some((document) => document.status === "processing") ?? false,
      ),
  });
  useRefreshStatsWhenProcessed(query.data);
  return query;
}

/** Vector and storage totals change when a document completes or fails, not when the 30 s poll comes round. */
export function useRefreshStatsWhenProcessed(documents: readonly KnowledgeDocument[] | undefined): void {
  const queryClient = useQueryClient();
  const processing = useRef<Set<string> | undefined>(undefined);
  useEffect(() => {
    if (!documents) return;
    const now = new Set(documents.filter((d) => d.status === "processing").map((d) => d.id));
    const before = processing.current;
    processing.current = now;
    if (before && [...before].some((id) => !now.has(id))) {
      void queryClient.invalidateQueries({ queryKey: knowledgeStatsKeys.all });
      void queryClient.invalidateQueries({ queryKey: vectorStatsKeys.all });
    }
  }, [documents, queryClient]);
}
