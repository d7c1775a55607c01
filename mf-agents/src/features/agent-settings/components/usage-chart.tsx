// Conversations and messages per day as grouped bars (recharts). Loaded on demand by the analytics dialog, so the
// chart library is fetched only when someone opens it; the numbers are also given as a table for screen readers.
import type { AgentAnalytics } from "@acp/contracts/chat";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatDay } from "../utils/format-analytics";

const SERIES = [
  { key: "conversations", name: "Conversations", color: "var(--color-primary)" },
  { key: "messages", name: "Messages", color: "var(--color-success)" },
] as const;

export function UsageChart({ days }: { days: AgentAnalytics["days"] }) {
  const data = days.map((day) => ({ ...day, label: formatDay(day.date) }));
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div aria-hidden="true" className="h-64 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              fontSize={12}
              interval="preserveStartEnd"
              minTickGap={12}
            />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} width={40} />
            <Tooltip
              cursor={{ fill: "var(--color-muted)" }}
              contentStyle={{
                background: "var(--color-popover)",
                border: "1px solid var(--color-border)",
                borderRadius: 8,
                fontSize: 12,
              }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {SERIES.map((series) => (
              <Bar
                key={series.key}
                dataKey={series.key}
                name={series.name}
                fill={series.color}
                radius={[4, 4, 0, 0]}
                maxBarSize={20}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">Conversations and messages per day</figcaption>
      <table className="sr-only">
        <caption>Conversations and messages per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {SERIES.map((series) => (
              <th key={series.key} scope="col">
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((day) => (
            <tr key={day.date}>
              <th scope="row">{day.label}</th>
              <td>{day.conversations}</td>
              <td>{day.messages}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
