// GET /api/api-keys: the user's API keys (preview only; the full key is shown once, at creation).
import { getQueryFn } from "@acp/client/request";
import type { ApiKey } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const API_KEYS_URL = "/api/api-keys";

export function getApiKeysQueryOptions() {
  return queryOptions({ queryKey: [API_KEYS_URL], queryFn: getQueryFn<ApiKey[]>({ on401: "throw" }) });
}

export function useApiKeys() {
  return useQuery(getApiKeysQueryOptions());
}
