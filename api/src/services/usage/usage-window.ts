// The usage window every "today" figure shares: the current UTC hour and the 23 before it (24 hourly buckets).
import { USAGE_WINDOW_HOURS } from "@acp/contracts/api-access";
import { HOUR_MS } from "../../lib/hourly-limit";

/** The start of the UTC hour `at` falls in (whole-hour offsets only matter in UTC: no zone is involved). */
function startOfHour(at: Date): Date {
  return new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
}

/**
 * Where "today" starts for requestsToday, the usage chart and the dashboard's totalAPICallsToday: the start of the
 * hour 23 hours before the current one. A rolling window rather than the UTC day, so the figure never drops to zero
 * at midnight, and whole hours, so the figure is exactly the sum of the chart's 24 bars.
 */
export function usageWindowStart(now: Date): Date {
  return new Date(startOfHour(now).getTime() - (USAGE_WINDOW_HOURS - 1) * HOUR_MS);
}

/** Where the window ends: the end of the current UTC hour (an entry stamped later, by a clock ahead of ours, waits). */
export function usageWindowEnd(now: Date): Date {
  return new Date(startOfHour(now).getTime() + HOUR_MS);
}
