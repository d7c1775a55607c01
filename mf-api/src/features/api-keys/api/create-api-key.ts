// Creates an API key (POST /api/api-keys { name }): the answer carries the full key, once. The mutation is
// forgotten as soon as nobody watches it, so the key lives only as long as the dialog that shows it.
import { API_KEYS_URL, apiKeyKeys } from "@acp/client/api-keys";
import { requestJson } from "@acp/client/request";
import type { CreateApiKey } from "@acp/contracts/inputs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usageKeys } from "../../../lib/usage-keys";
import type { ApiKeyDetail } from "./get-api-keys";

export type CreatedApiKey = ApiKeyDetail & { key: string };

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...apiKeyKeys.all, "create"],
    mutationFn: (input: CreateApiKey) => requestJson<CreatedApiKey>("POST", API_KEYS_URL, input),
    // The default keeps a settled mutation (and so the full key) in the cache for minutes after reset().
    gcTime: 0,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: apiKeyKeys.all }),
        client.invalidateQueries({ queryKey: usageKeys.all }),
      ]),
  });
}
