// API keys (spec section 3 and 7): the list (previews only), creating a key (its full value comes back once) and
// deleting one.
import type { ApiKey } from "@acp/contracts/entities";
import type { CreateApiKey } from "@acp/contracts/inputs";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";

export const API_KEYS_URL = "/api/api-keys";

export const apiKeyKeys = {
  all: ["api-keys"] as const,
  list: () => ["api-keys", {}] as const,
};

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => getJson<ApiKey[]>(API_KEYS_URL, { signal }),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}

export function createApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: [...apiKeyKeys.all, "create"],
    mutationFn: (input: CreateApiKey) => requestJson<ApiKey>("POST", API_KEYS_URL, input),
    onSuccess: (_key, _input, _result, { client }) => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useCreateApiKey() {
  return useMutation(createApiKeyMutationOptions());
}

export function deleteApiKeyMutationOptions() {
  return mutationOptions({
    mutationKey: [...apiKeyKeys.all, "delete"],
    mutationFn: (id: string) => requestJson<void>("DELETE", `${API_KEYS_URL}/${encodeURIComponent(id)}`),
    onSuccess: (_none, _id, _result, { client }) => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useDeleteApiKey() {
  return useMutation(deleteApiKeyMutationOptions());
}
