// GET /api/dashboard/metrics, refreshed every 30 s (spec section 7 and 9); missing values display as 0.
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { DashboardMetrics } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "./request";

export const DASHBOARD_METRICS_URL = "/api/dashboard/metrics";

export function dashboardMetricsQueryOptions() {
  return queryOptions({
    queryKey: [DASHBOARD_METRICS_URL],
    queryFn: getQueryFn<DashboardMetrics>({ on401: "throw" }),
    refetchInterval: POLL_INTERVALS_MS.dashboardMetrics,
  });
}

export function useDashboardMetrics() {
  return useQuery(dashboardMetricsQueryOptions());
}
