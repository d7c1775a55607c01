// POST /api/retrieval/search: the chunks an agent would be given for a question, with both legs' ranks and the cut;
// POST /api/retrieval/answer: that agent's answer with why it says it (nothing stored).
import type { RetrievalSearchRequest, RetrievalSearchResponse } from "@acp/contracts/knowledge";
import type { RetrievalAnswer, RetrievalAnswerRequest } from "@acp/contracts/retrieval-answer";
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

export const RETRIEVAL_ANSWER_URL = "/api/retrieval/answer";

export function askRetrievalAgent(request: RetrievalAnswerRequest): Promise<RetrievalAnswer> {
  return requestJson<RetrievalAnswer>("POST", RETRIEVAL_ANSWER_URL, request);
}

/** Asking the agent is an action the user starts, like a search: a mutation, nothing cached. */
export function askRetrievalAgentMutationOptions() {
  return mutationOptions({ mutationKey: ["retrieval-answer"], mutationFn: askRetrievalAgent });
}
