// Deletes a custom agent (DELETE /api/custom-agents/{id}): it leaves the list at once, then the list refetches.
import { CUSTOM_AGENTS_URL, customAgentKeys } from "@acp/client/custom-agents";
import { requestJson } from "@acp/client/request";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { useMutation } from "@tanstack/react-query";

export async function deleteCustomAgent(id: string): Promise<void> {
  await requestJson<undefined>("DELETE", `${CUSTOM_AGENTS_URL}/${encodeURIComponent(id)}`);
}

export function useDeleteCustomAgent() {
  return useMutation({
    mutationKey: [...customAgentKeys.all, "delete"],
    mutationFn: deleteCustomAgent,
    onSuccess: (_none, id, _result, { client }) => {
      client.setQueryData<CustomAgentDetail[]>(customAgentKeys.list(), (agents) =>
        agents?.filter((agent) => agent.id !== id),
      );
      return client.invalidateQueries({ queryKey: customAgentKeys.all });
    },
  });
}
