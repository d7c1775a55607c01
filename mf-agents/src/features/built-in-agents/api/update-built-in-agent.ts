// Switches a built-in agent on or off for the signed-in user (PATCH /api/agents/{id}); the lists refetch after.
import { requestJson } from "@acp/client/request";
import type { BuiltInAgentId } from "@acp/contracts/agents";
import type { BuiltInAgentState, UpdateBuiltInAgent } from "@acp/contracts/chat";
import { useMutation } from "@tanstack/react-query";
import { BUILT_IN_AGENTS_URL, builtInAgentKeys } from "./get-built-in-agents";

export type UpdateBuiltInAgentInput = { id: BuiltInAgentId; patch: UpdateBuiltInAgent };

export function updateBuiltInAgent({ id, patch }: UpdateBuiltInAgentInput): Promise<BuiltInAgentState> {
  return requestJson<BuiltInAgentState>("PATCH", `${BUILT_IN_AGENTS_URL}/${encodeURIComponent(id)}`, patch);
}

export function useUpdateBuiltInAgent() {
  return useMutation({
    mutationKey: [...builtInAgentKeys.all, "update"],
    mutationFn: updateBuiltInAgent,
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: builtInAgentKeys.all }),
  });
}
