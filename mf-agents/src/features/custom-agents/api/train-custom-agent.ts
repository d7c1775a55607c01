// Starts training a custom agent (POST /api/custom-agents/{id}/train); the list refetches and keeps polling while
// the agent trains.
import { trainCustomAgentMutationOptions } from "@acp/client/custom-agents";
import { useMutation } from "@tanstack/react-query";

export function useTrainCustomAgent() {
  return useMutation(trainCustomAgentMutationOptions());
}
