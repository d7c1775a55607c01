// One document's detail: extracted parts, chunk count, embedder and stage timings (polled every second while it is
// processed, so its stages and timings move as they happen).
import { documentDetailQueryOptions } from "@acp/client/knowledge/documents";
import { useQuery } from "@tanstack/react-query";
import { PROCESSING_POLL_MS } from "../../../lib/processing-poll";

export function useDocumentDetail(id: string | null) {
  return useQuery({
    ...documentDetailQueryOptions(id ?? ""),
    enabled: id !== null,
    refetchInterval: (query) =>
      query.state.data?.document.status === "processing" ? PROCESSING_POLL_MS : false,
  });
}
