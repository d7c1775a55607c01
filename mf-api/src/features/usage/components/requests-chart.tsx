// Requests and errors per hour over the last 24 hours as grouped bars (recharts). Loaded on demand by
// the usage card so the chart library is fetched only once figures are there; a table gives screen readers the
// same numbers.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { UsageHour } from "../api/get-usage";
import { formatHour } from "../utils/format-usage";

const SERIES = [
  { key: "requests", name: "Requests", color: "var(--color-primary)" },
  { key: "errors", name: "Errors", color: "var(--color-destructive)" },
] as const;

export function RequestsChart({ hours, caption }: { hours: readonly UsageHour[]; caption: string }) {
  const data = hours.map((hour) => ({ ...hour, label: formatHour(hour.hour) }));
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div aria-hidden="true" className="h-48 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 4, bottom: 0, left: -20 }}
            barGap={1}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis
              dataKey="label"
              tickLine={false}
              axisLine={false}
              fontSize={11}
              interval="preserveStartEnd"
              minTickGap={16}
            />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={11} width={40} />
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
                radius={[3, 3, 0, 0]}
                maxBarSize={12}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-muted-foreground text-xs">{caption}</figcaption>
      {/* A table ignores the 1 px box of sr-only and would widen a phone's page: the wrapper holds it. */}
      <div className="sr-only">
        <table>
          <caption>Requests and errors per hour, last 24 hours</caption>
          <thead>
            <tr>
              <th scope="col">Hour</th>
              {SERIES.map((series) => (
                <th key={series.key} scope="col">
                  {series.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((hour) => (
              <tr key={hour.hour}>
                <th scope="row">{hour.label}</th>
                <td>{hour.requests}</td>
                <td>{hour.errors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
