// Requests and errors per hour over the last 24 hours as grouped bars. Loaded on demand by the usage card so the
// chart library is fetched only once figures are there; a table gives screen readers the same numbers.
import { BarSeriesChart, ChartFigure, type ChartSeries } from "@acp/ui/components/chart";
import type { UsageHour } from "../api/get-usage";
import { formatHour } from "../utils/format-usage";

const SERIES: readonly ChartSeries<"requests" | "errors">[] = [
  { key: "requests", name: "Requests", color: "var(--color-primary)" },
  { key: "errors", name: "Errors", color: "var(--color-destructive)" },
];

export function RequestsChart({ hours, caption }: { hours: readonly UsageHour[]; caption: string }) {
  const data = hours.map((hour) => ({ ...hour, label: formatHour(hour.hour) }));
  return (
    <ChartFigure
      height="h-48"
      caption={caption}
      captionVisible
      table={{
        caption: "Requests and errors per hour, last 24 hours",
        columns: ["Hour", ...SERIES.map((series) => series.name)],
        rows: data.map((hour) => ({
          key: hour.hour,
          header: hour.label,
          cells: [hour.requests, hour.errors],
        })),
      }}
    >
      <BarSeriesChart data={data} labelKey="label" series={SERIES} density="compact" />
    </ChartFigure>
  );
}
