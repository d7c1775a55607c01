// Asks the chosen agent the lab's question: its answer through the chat's pipeline, with its trace (nothing stored).
import { askRetrievalAgentMutationOptions } from "@acp/client/knowledge/retrieval";
import { useMutation } from "@tanstack/react-query";

export function useAskAgent() {
  return useMutation(askRetrievalAgentMutationOptions());
}
