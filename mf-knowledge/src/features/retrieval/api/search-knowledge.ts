// Runs a retrieval-lab search: every candidate, including those under the relevance threshold.
import { searchKnowledgeMutationOptions } from "@acp/client/knowledge/retrieval";
import { useMutation } from "@tanstack/react-query";

export function useSearchKnowledge() {
  return useMutation(searchKnowledgeMutationOptions());
}
