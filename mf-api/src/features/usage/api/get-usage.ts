// API usage from the request log (GET /api/usage, optionally for one key): requests in the last 24 hours, active
// keys, the success rate and requests and errors per hour.
import { getJson, withQuery } from "@acp/client/request";
import type { ApiUsage } from "@acp/contracts/api-access";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { usageKeys } from "../../../lib/usage-keys";

export const USAGE_URL = "/api/usage";

export type { ApiUsage, UsageHour } from "@acp/contracts/api-access";

/** Calls arrive from outside this page too (scripts holding a key), so the figures are read again while shown. */
export const USAGE_POLL_MS = 30_000;

export function usageQueryOptions(keyId?: string) {
  return queryOptions({
    queryKey: usageKeys.detail(keyId),
    queryFn: ({ signal }) => getJson<ApiUsage>(withQuery(USAGE_URL, { keyId }), { signal }),
    refetchInterval: USAGE_POLL_MS,
  });
}

export function useUsage(keyId?: string) {
  return useQuery(usageQueryOptions(keyId));
}
