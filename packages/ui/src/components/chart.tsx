// The one chart module (recharts set up once): grouped bars or lines in the theme's colours inside a figure whose
// drawing is hidden from screen readers, with its caption and a screen-reader table giving the same figures.
// Import it lazily (React.lazy) so the chart library is fetched only when a chart is shown.
import type { ReactNode } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { cn } from "../lib/cn";

/** One plotted value of each datum: its field, its legend name and its colour (a theme variable). */
export type ChartSeries<Key extends string = string> = { key: Key; name: string; color: string };

export type ChartDatum = Record<string, string | number | null>;

const TOOLTIP_STYLE = {
  background: "var(--color-popover)",
  border: "1px solid var(--color-border)",
  borderRadius: 8,
  fontSize: 12,
} as const;
const LEGEND_STYLE = { fontSize: 12 } as const;
const GRID_STROKE = "var(--color-border)";

/** The screen-reader table: a header row, then one row per datum led by its row header. */
export type ChartTable = {
  caption: string;
  /** The column headers, the row headers' column first ("Day", "Requests", …). */
  columns: readonly string[];
  rows: readonly { key: string | number; header: ReactNode; cells: readonly ReactNode[] }[];
};

export function ChartFigure({
  height,
  caption,
  captionVisible = false,
  table,
  children,
}: {
  /** The drawing's height class, e.g. "h-64". */
  height: string;
  caption: ReactNode;
  /** A visible caption (muted, small) instead of one for screen readers only. */
  captionVisible?: boolean;
  table: ChartTable;
  /** The chart (BarSeriesChart or LineSeriesChart). */
  children: ReactNode;
}) {
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div aria-hidden="true" className={cn("w-full min-w-0", height)}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className={captionVisible ? "text-muted-foreground text-xs" : "sr-only"}>
        {caption}
      </figcaption>
      {/* A table ignores the 1 px box of sr-only and would widen a phone's page: the wrapper holds it. */}
      <div className="sr-only">
        <table>
          <caption>{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.header}</th>
                {row.cells.map((cell, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cells of a row are fixed columns.
                  <td key={index}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The two bar layouts in use: roomy (a dialog's chart) and compact (a card's 24 hourly groups). */
const BAR_DENSITY = {
  regular: {
    margin: { top: 8, right: 8, bottom: 0, left: -16 },
    barGap: undefined,
    fontSize: 12,
    minTickGap: 12,
    radius: [4, 4, 0, 0] as [number, number, number, number],
    maxBarSize: 20,
    animate: true,
  },
  compact: {
    margin: { top: 8, right: 4, bottom: 0, left: -20 },
    barGap: 1,
    fontSize: 11,
    minTickGap: 16,
    radius: [3, 3, 0, 0] as [number, number, number, number],
    maxBarSize: 12,
    animate: false,
  },
} as const;

/** Grouped bars, one group per datum labelled by `labelKey`, one bar per series. Goes inside ChartFigure. */
export function BarSeriesChart({
  data,
  labelKey,
  series,
  density = "regular",
}: {
  data: readonly ChartDatum[];
  labelKey: string;
  series: readonly ChartSeries[];
  density?: keyof typeof BAR_DENSITY;
}) {
  const layout = BAR_DENSITY[density];
  return (
    <BarChart
      accessibilityLayer={false}
      data={[...data]}
      margin={layout.margin}
      {...(layout.barGap === undefined ? {} : { barGap: layout.barGap })}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_STROKE} />
      <XAxis
        dataKey={labelKey}
        tickLine={false}
        axisLine={false}
        fontSize={layout.fontSize}
        interval="preserveStartEnd"
        minTickGap={layout.minTickGap}
      />
      <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={layout.fontSize} width={40} />
      <Tooltip cursor={{ fill: "var(--color-muted)" }} contentStyle={TOOLTIP_STYLE} />
      <Legend wrapperStyle={LEGEND_STYLE} />
      {series.map((one) => (
        <Bar
          key={one.key}
          dataKey={one.key}
          name={one.name}
          fill={one.color}
          radius={layout.radius}
          maxBarSize={layout.maxBarSize}
          isAnimationActive={layout.animate}
        />
      ))}
    </BarChart>
  );
}

/** A line per series on a left or right axis, with an optional dashed reference value. Goes inside ChartFigure. */
export function LineSeriesChart({
  data,
  xKey,
  series,
  rightAxis,
  reference,
  tooltipLabel,
  tooltipValue,
}: {
  data: readonly ChartDatum[];
  xKey: string;
  series: readonly (ChartSeries & { axis: "left" | "right" })[];
  /** The right axis's range and tick text (the left one fits the data). */
  rightAxis: { domain: [number, number]; tickFormatter: (value: number) => string };
  reference?: { axis: "left" | "right"; y: number; label: string; color: string } | undefined;
  tooltipLabel: (label: ReactNode) => ReactNode;
  /** The tooltip's text of a value, given its series' name. */
  tooltipValue: (value: unknown, seriesName: string) => ReactNode;
}) {
  return (
    <LineChart
      accessibilityLayer={false}
      data={[...data]}
      margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
    >
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke={GRID_STROKE} />
      <XAxis dataKey={xKey} tickLine={false} axisLine={false} fontSize={11} allowDecimals={false} />
      <YAxis yAxisId="left" tickLine={false} axisLine={false} fontSize={11} width={44} />
      <YAxis
        yAxisId="right"
        orientation="right"
        domain={rightAxis.domain}
        tickFormatter={rightAxis.tickFormatter}
        tickLine={false}
        axisLine={false}
        fontSize={11}
        width={40}
      />
      <Tooltip
        labelFormatter={tooltipLabel}
        formatter={(value, name) => tooltipValue(value, String(name))}
        contentStyle={TOOLTIP_STYLE}
      />
      <Legend wrapperStyle={LEGEND_STYLE} />
      {reference ? (
        <ReferenceLine
          yAxisId={reference.axis}
          y={reference.y}
          stroke={reference.color}
          strokeDasharray="6 4"
          label={{ value: reference.label, position: "insideBottomLeft", fontSize: 11 }}
        />
      ) : null}
      {series.map((one) => (
        <Line
          key={one.key}
          yAxisId={one.axis}
          type="monotone"
          dataKey={one.key}
          name={one.name}
          stroke={one.color}
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      ))}
    </LineChart>
  );
}
