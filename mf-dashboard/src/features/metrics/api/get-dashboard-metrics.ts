// The dashboard's figures (GET /api/dashboard/metrics), read again every 30 s and after every change that moves one.
import { dashboardMetricsQueryOptions } from "@acp/client/dashboard-metrics";
import { useQuery } from "@tanstack/react-query";

export function useDashboardMetrics() {
  return useQuery(dashboardMetricsQueryOptions());
}
