// Deletes a custom agent (DELETE /api/custom-agents/{id}); its conversations go with it and the lists refetch.
import { deleteCustomAgentMutationOptions } from "@acp/client/custom-agents";
import { useMutation } from "@tanstack/react-query";

export function useDeleteCustomAgent() {
  return useMutation(deleteCustomAgentMutationOptions());
}
