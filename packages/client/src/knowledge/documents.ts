// Knowledge documents: the list (all, one agent's or named ones), one page of a searched and filtered list, one
// document's detail and delete, with their query keys.
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type {
  DocumentDetail,
  DocumentPage,
  DocumentTypeFilter,
  KnowledgeDocument,
} from "@acp/contracts/knowledge";
import { mutationOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson, withQuery } from "../request";
import { isUnauthorizedError } from "../unauthorized";
import { knowledgeStatsKeys } from "./knowledge-stats";
import { vectorStatsKeys } from "./vector-stats";

export const DOCUMENTS_URL = "/api/documents";

export type DocumentsParams = {
  agentId?: string | undefined;
  /** Only these documents (at most DOCUMENT_IDS_MAX), e.g. the ones an upload card is following. */
  ids?: readonly string[] | undefined;
};

/** One page of the list: the filters (all optional) and where the page starts. */
export type DocumentPageParams = {
  /** Part of the name, any case. */
  q?: string | undefined;
  status?: KnowledgeDocument["status"] | undefined;
  /** An agent id, or NO_AGENT_FILTER for the documents uploaded for all agents. */
  agent?: string | undefined;
  type?: DocumentTypeFilter | undefined;
  limit: number;
  offset: number;
};

export const documentKeys = {
  all: ["documents"] as const,
  list: (params: DocumentsParams = {}) => ["documents", params] as const,
  page: (params: DocumentPageParams) => ["documents", "page", params] as const,
  detail: (id: string) => ["documents", "detail", id] as const,
};

export function getDocuments(
  { agentId, ids }: DocumentsParams = {},
  options: { signal?: AbortSignal } = {},
): Promise<KnowledgeDocument[]> {
  return getJson<KnowledgeDocument[]>(
    withQuery(DOCUMENTS_URL, { agent: agentId, ids: ids?.join(",") }),
    options,
  );
}

export function getDocumentPage(
  { q, status, agent, type, limit, offset }: DocumentPageParams,
  options: { signal?: AbortSignal } = {},
): Promise<DocumentPage> {
  return getJson<DocumentPage>(
    withQuery(DOCUMENTS_URL, { q: q || undefined, status, agent, type, limit, offset }),
    options,
  );
}

/** GET /api/documents?limit=&offset=[&q=&status=&agent=&type=]: one page and the total, refreshed every 5 s. */
export function documentPageQueryOptions(params: DocumentPageParams) {
  return queryOptions({
    queryKey: documentKeys.page(params),
    queryFn: ({ signal }) => getDocumentPage(params, { signal }),
    refetchInterval: POLL_INTERVALS_MS.documents,
  });
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
