// Deletes an API key (DELETE /api/api-keys/{id}): calls with it are refused from then on; the list and the usage
// figures refetch.
import { apiKeyKeys } from "@acp/client/api-keys";
import { requestJson } from "@acp/client/request";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usageKeys } from "../../../lib/usage-keys";
import { apiKeyUrl } from "./update-api-key";

export function useDeleteApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, "delete"],
    mutationFn: (id: string) => requestJson<undefined>("DELETE", apiKeyUrl(id)),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: apiKeyKeys.all }),
        client.invalidateQueries({ queryKey: usageKeys.all }),
      ]),
  });
}
