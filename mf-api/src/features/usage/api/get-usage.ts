// API usage from the request log (GET /api/usage, optionally for one key): requests in the last 24 hours, active
// keys, the success rate and requests and errors per hour.
import { getJson, withQuery } from "@acp/client/request";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { usageKeys } from "../../../lib/usage-keys";

export const USAGE_URL = "/api/usage";

export type UsageHour = { hour: string; requests: number; errors: number };

export type ApiUsage = {
  /** Calls in the last 24 hours (the current UTC hour and the 23 before it): the sum of `hourly`. */
  requestsToday: number;
  activeKeys: number;
  /** Percentage (0-100, one decimal) of calls answered below 400; 100 when there were none. */
  successRate: number;
  hourly: UsageHour[];
};

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
