// API keys (spec section 3 and 7): the list (previews only). Creating and deleting keys come back with their API
// routes (the contract test refuses calls the API does not document).
import type { ApiKey } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

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
