// Conversations and messages per day as grouped bars. Loaded on demand by the analytics dialog, so the chart library
// is fetched only when someone opens it; the numbers are also given as a table for screen readers.
import type { AgentAnalytics } from "@acp/contracts/chat";
import { BarSeriesChart, ChartFigure, type ChartSeries } from "@acp/ui/components/chart";
import { formatDay } from "../utils/format-analytics";

const SERIES: readonly ChartSeries<"conversations" | "messages">[] = [
  { key: "conversations", name: "Conversations", color: "var(--color-primary)" },
  { key: "messages", name: "Messages", color: "var(--color-success)" },
];

const CAPTION = "Conversations and messages per day";

export function UsageChart({ days }: { days: AgentAnalytics["days"] }) {
  const data = days.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <ChartFigure
      height="h-64"
      caption={CAPTION}
      table={{
        caption: CAPTION,
        columns: ["Day", ...SERIES.map((series) => series.name)],
        rows: data.map((day) => ({
          key: day.date,
          header: day.label,
          cells: [day.conversations, day.messages],
        })),
      }}
    >
      <BarSeriesChart data={data} labelKey="label" series={SERIES} />
    </ChartFigure>
  );
}
