// GET /api/documents: the user's documents, refreshed every 5 s while any is still processing (spec section 7).
import { getQueryFn } from "@acp/client/request";
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { Document } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const DOCUMENTS_URL = "/api/documents";

export function getDocumentsQueryOptions() {
  return queryOptions({
    queryKey: [DOCUMENTS_URL],
    queryFn: getQueryFn<Document[]>({ on401: "throw" }),
    refetchInterval: (query) =>
      query.state.data?.some((document) => document.status === "processing")
        ? POLL_INTERVALS_MS.documents
        : false,
  });
}

export function useDocuments() {
  return useQuery(getDocumentsQueryOptions());
}
