// Deletes an API key (DELETE /api/api-keys/{id}): calls with it are refused from then on; the list and the usage
// figures refetch.
import { deleteApiKeyMutationOptions } from "@acp/client/api-keys";
import { useMutation } from "@tanstack/react-query";

export function useDeleteApiKey() {
  return useMutation(deleteApiKeyMutationOptions());
}
