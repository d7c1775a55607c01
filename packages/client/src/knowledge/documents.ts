// Knowledge documents: the list (all or one agent's), one document's detail and delete, with their query keys.
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { DocumentDetail, KnowledgeDocument } from "@acp/contracts/knowledge";
import { mutationOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson, withQuery } from "../request";
import { isUnauthorizedError } from "../unauthorized";
import { knowledgeStatsKeys } from "./knowledge-stats";
import { vectorStatsKeys } from "./vector-stats";

export const DOCUMENTS_URL = "/api/documents";

export type DocumentsParams = { agentId?: string | undefined };

export const documentKeys = {
  all: ["documents"] as const,
  list: (params: DocumentsParams = {}) => ["documents", params] as const,
  detail: (id: string) => ["documents", "detail", id] as const,
};

export function getDocuments(
  { agentId }: DocumentsParams = {},
  options: { signal?: AbortSignal } = {},
): Promise<KnowledgeDocument[]> {
  return getJson<KnowledgeDocument[]>(withQuery(DOCUMENTS_URL, { agent: agentId }), options);
}

/** GET /api/documents[?agent=]: newest first, refreshed every 5 s (spec section 7 and 9). */
export function documentsQueryOptions(params: DocumentsParams = {}) {
  return queryOptions({
    queryKey: documentKeys.list(params),
    queryFn: async ({ signal }) => {
      if (!params.agentId) return getDocuments(params, { signal });
      // Spec section 7: the per-agent read treats a failure as an empty list (a 401 still signs the user in again).
      try {
        return await getDocuments(params, { signal });
      } catch (error) {
        if (isUnauthorizedError(error)) throw error;
        return [];
      }
    },
    refetchInterval: POLL_INTERVALS_MS.documents,
  });
}

export function getDocumentDetail(
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentDetail> {
  return getJson<DocumentDetail>(`${DOCUMENTS_URL}/${encodeURIComponent(id)}`, options);
}

/** GET /api/documents/{id}: what was extracted, chunk count, embedder and stage timings; polled while it is processed. */
export function documentDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: ({ signal }) => getDocumentDetail(id, { signal }),
    refetchInterval: (query) =>
      query.state.data?.document.status === "processing" ? POLL_INTERVALS_MS.documents : false,
  });
}

export async function deleteDocument(id: string): Promise<void> {
  await requestJson<undefined>("DELETE", `${DOCUMENTS_URL}/${encodeURIComponent(id)}`);
}

/** What changes when documents are added, finish processing or are deleted: the lists and both stats cards. */
export function invalidateKnowledge(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: documentKeys.all }),
    queryClient.invalidateQueries({ queryKey: knowledgeStatsKeys.all }),
    queryClient.invalidateQueries({ queryKey: vectorStatsKeys.all }),
  ]).then(() => undefined);
}

/** DELETE /api/documents/{id}: its bytes, chunks and vectors go; its detail is dropped, lists and stats refetched. */
export function deleteDocumentMutationOptions() {
  return mutationOptions({
    mutationKey: [...documentKeys.all, "delete"],
    mutationFn: deleteDocument,
    onSuccess: (_none, id, _result, { client }) => {
      client.removeQueries({ queryKey: documentKeys.detail(id) });
      return invalidateKnowledge(client);
    },
  });
}
