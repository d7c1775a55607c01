// Changes an API key (PATCH /api/api-keys/{id}): its name, whether it works, its expiry, the agents it may call and
// its hourly limit; only the fields given change. The list and the usage figures (active keys) refetch.
import { API_KEYS_URL, apiKeyKeys } from "@acp/client/api-keys";
import { requestJson } from "@acp/client/request";
import type { UpdateApiKey } from "@acp/contracts/api-access";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usageKeys } from "../../../lib/usage-keys";
import type { ApiKeyDetail } from "./get-api-keys";

export type ApiKeyPatch = UpdateApiKey;

export type UpdateApiKeyInput = { id: string } & ApiKeyPatch;

export function apiKeyUrl(id: string): string {
  return `${API_KEYS_URL}/${encodeURIComponent(id)}`;
}

export function useUpdateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, "update"],
    mutationFn: ({ id, ...patch }: UpdateApiKeyInput) =>
      requestJson<ApiKeyDetail>("PATCH", apiKeyUrl(id), patch),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: apiKeyKeys.all }),
        client.invalidateQueries({ queryKey: usageKeys.all }),
      ]),
  });
}
