// The signed-in user's API keys (GET /api/api-keys): previews only, each with its expiry, allowed agents, hourly
// limit and the requests it made in the last 24 hours.
import { apiKeysQueryOptions, type ListedApiKey } from "@acp/client/api-keys";
import { useQuery } from "@tanstack/react-query";

/** A key as the list answers it: never the full key, which only its creation returns. */
export type ApiKeyDetail = ListedApiKey;

export function useApiKeys() {
  return useQuery(apiKeysQueryOptions());
}
