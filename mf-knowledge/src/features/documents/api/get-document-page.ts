// One page of the user's documents as searched and filtered, with the total, refreshed every 5 s (every second while
// one on the page is processed); the page on screen stays while the next one loads, and the stats cards refetch
// when a document on it finishes processing.
import { type DocumentPageParams, documentPageQueryOptions } from "@acp/client/knowledge/documents";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { processingPollInterval } from "../../../lib/processing-poll";
import { useRefreshStatsWhenProcessed } from "./get-documents";

export function useDocumentPage(params: DocumentPageParams) {
  const query = useQuery({
    ...documentPageQueryOptions(params),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      processingPollInterval(
        current.state.data?.documents.some((document) => document.status === "processing") ?? false,
      ),
  });
  useRefreshStatsWhenProcessed(query.data?.documents);
  return query;
}
