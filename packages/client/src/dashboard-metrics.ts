// GET /api/dashboard/metrics, refreshed every 30 s and after changes (spec section 7 and 9): every mutation that
// moves a metric invalidates dashboardMetricsKeys.all.
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { DashboardMetrics } from "@acp/contracts/entities";
import { queryOptions } from "@tanstack/react-query";
import { getJson } from "./request";

export const DASHBOARD_METRICS_URL = "/api/dashboard/metrics";

export const dashboardMetricsKeys = {
  all: ["dashboard-metrics"] as const,
};

export function dashboardMetricsQueryOptions() {
  return queryOptions({
    queryKey: dashboardMetricsKeys.all,
    queryFn: ({ signal }) => getJson<DashboardMetrics>(DASHBOARD_METRICS_URL, { signal }),
    refetchInterval: POLL_INTERVALS_MS.dashboardMetrics,
  });
}
