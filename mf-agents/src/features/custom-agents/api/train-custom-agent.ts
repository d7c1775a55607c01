// Starts training a custom agent (POST /api/custom-agents/{id}/train); the list refetches and keeps polling while
// the agent trains.
import { CUSTOM_AGENTS_URL, customAgentKeys } from "@acp/client/custom-agents";
import { requestJson } from "@acp/client/request";
import { useMutation } from "@tanstack/react-query";

export function trainCustomAgent(id: string): Promise<unknown> {
  return requestJson<unknown>("POST", `${CUSTOM_AGENTS_URL}/${encodeURIComponent(id)}/train`);
}

export function useTrainCustomAgent() {
  return useMutation({
    mutationKey: [...customAgentKeys.all, "train"],
    mutationFn: trainCustomAgent,
    onSuccess: (_answer, _id, _result, { client }) =>
      client.invalidateQueries({ queryKey: customAgentKeys.all }),
  });
}
