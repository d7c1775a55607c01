// How the usage figures read: counts with separators, the success rate as a percentage, an hour as "14:00" in the
// browser's time zone, and a one-sentence summary of the last 24 hours.
import type { UsageHour } from "../api/get-usage";

const HOUR = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

export function formatCount(value: number): string {
  return value.toLocaleString("en-US");
}

/**
 * `rate` is the API's percentage (0-100, one decimal; 100 when there were no calls). With one decimal, 1 failure in
 * 5,000 calls rounds to 100.0: a window that had errors never reads as a clean 100%.
 */
export function formatSuccessRate(rate: number, hadErrors: boolean): string {
  const shown = hadErrors ? Math.min(rate, 99.9) : rate;
  return `${Number.parseFloat(shown.toFixed(1))}%`;
}

export function formatHour(hour: string): string {
  const parsed = new Date(hour);
  return Number.isNaN(parsed.getTime()) ? hour : HOUR.format(parsed);
}

export function totals(hours: readonly UsageHour[]): { requests: number; errors: number } {
  return hours.reduce(
    (sum, hour) => ({ requests: sum.requests + hour.requests, errors: sum.errors + hour.errors }),
    { requests: 0, errors: 0 },
  );
}

export function usageSummary(hours: readonly UsageHour[]): string {
  const { requests, errors } = totals(hours);
  if (requests === 0) return "No API calls in the last 24 hours.";
  const busiest = hours.reduce((top, hour) => (hour.requests > top.requests ? hour : top));
  return `Last 24 hours: ${formatCount(requests)} ${requests === 1 ? "request" : "requests"}, ${formatCount(errors)} ${
    errors === 1 ? "error" : "errors"
  }; busiest hour ${formatHour(busiest.hour)} with ${formatCount(busiest.requests)}.`;
}
