// The signed-in user's API keys (GET /api/api-keys): previews only, each with its scope, hourly limit and the
// requests it made today.
import { API_KEYS_URL, apiKeyKeys } from "@acp/client/api-keys";
import { getJson } from "@acp/client/request";
import type { ApiKey } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** A key as the list answers it: never the full key, which only its creation returns. */
export type ApiKeyDetail = Omit<ApiKey, "key">;

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: apiKeyKeys.list(),
    queryFn: ({ signal }) => getJson<ApiKeyDetail[]>(API_KEYS_URL, { signal }),
  });
}

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
