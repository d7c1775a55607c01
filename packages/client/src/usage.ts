// The public API's usage figures (GET /api/usage, optionally for one key): requests in the last 24 hours, active keys,
// success rate and requests per hour. Read again while shown: calls arrive from outside the page (scripts with keys).
import type { ApiUsage } from "@acp/contracts/api-access";
import { queryOptions } from "@tanstack/react-query";
import { getJson, withQuery } from "./request";

export const USAGE_URL = "/api/usage";

/** How often shown figures are read again. */
export const USAGE_POLL_MS = 30_000;

export const usageKeys = {
  all: ["usage"] as const,
  /** All keys' figures under `{ keyId: null }`, one key's under its id: invalidating ["usage"] reaches both. */
  detail: (keyId?: string) => ["usage", { keyId: keyId ?? null }] as const,
};

export function usageQueryOptions(keyId?: string) {
  return queryOptions({
    queryKey: usageKeys.detail(keyId),
    queryFn: ({ signal }) => getJson<ApiUsage>(withQuery(USAGE_URL, { keyId }), { signal }),
    refetchInterval: USAGE_POLL_MS,
  });
}
