// Switches a built-in agent on or off for the signed-in user (PATCH /api/agents/{id}); the list refetches after.
import { updateBuiltInAgentMutationOptions } from "@acp/client/agents";
import { useMutation } from "@tanstack/react-query";

export function useUpdateBuiltInAgent() {
  return useMutation(updateBuiltInAgentMutationOptions());
}
