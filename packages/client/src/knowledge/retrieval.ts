// POST /api/retrieval/search: the chunks an agent would be given for a question, with both legs' ranks and the cut.
import type { RetrievalSearchRequest, RetrievalSearchResponse } from "@acp/contracts/knowledge";
import { mutationOptions } from "@tanstack/react-query";
import { requestJson } from "../request";

export const RETRIEVAL_SEARCH_URL = "/api/retrieval/search";

export function searchKnowledge(request: RetrievalSearchRequest): Promise<RetrievalSearchResponse> {
  return requestJson<RetrievalSearchResponse>("POST", RETRIEVAL_SEARCH_URL, request);
}

/** A search is an action the user starts (not cached state), so it runs as a mutation. */
export function searchKnowledgeMutationOptions() {
  return mutationOptions({ mutationKey: ["retrieval-search"], mutationFn: searchKnowledge });
}
