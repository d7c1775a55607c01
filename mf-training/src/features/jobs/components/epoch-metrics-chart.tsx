// Training loss and validation accuracy per epoch as lines (recharts), with the untrained agent's accuracy drawn as a
// reference line. Loaded on demand by the metrics dialog, so the chart library is fetched only when someone opens
// it; a table gives screen readers the same figures.
import type { EpochMetrics, RankingMetrics } from "@acp/contracts/training";
import {
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
import { formatLoss, formatShare } from "../utils/format-training";

const LOSS_COLOR = "var(--color-primary)";
const ACCURACY_COLOR = "var(--color-success)";
const BASELINE_COLOR = "var(--color-muted-foreground)";

const percent = (share: number) => `${Math.round(share * 100)}%`;

export function EpochMetricsChart({
  epochs,
  baseline,
}: {
  epochs: readonly EpochMetrics[];
  baseline: RankingMetrics | null;
}) {
  const data = epochs.map((epoch) => ({
    epoch: epoch.epoch,
    trainLoss: epoch.trainLoss,
    validationAccuracy: epoch.validationAccuracy,
  }));
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      <div aria-hidden="true" className="h-64 w-full min-w-0">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={data}
            margin={{ top: 8, right: 4, bottom: 0, left: -12 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
            <XAxis dataKey="epoch" tickLine={false} axisLine={false} fontSize={11} allowDecimals={false} />
            <YAxis yAxisId="loss" tickLine={false} axisLine={false} fontSize={11} width={44} />
            <YAxis
              yAxisId="accuracy"
              orientation="right"
              domain={[0, 1]}
              tickFormatter={percent}
              tickLine={false}
              axisLine={false}
              fontSize={11}
              width={40}
            />
            <Tooltip
              labelFormatter={(epoch) => `Epoch ${epoch}`}
              formatter={(value, name) =>
                typeof value === "number" && name === "Validation accuracy" ? formatShare(value) : value
              }
              contentStyle={{
                background: "var(--color-popover)",
                border: "1px solid var(--color-border)",
                borderRadius: 8,
                fontSize: 12,
              }}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {baseline ? (
              <ReferenceLine
                yAxisId="accuracy"
                y={baseline.top1}
                stroke={BASELINE_COLOR}
                strokeDasharray="6 4"
                label={{ value: "Untrained baseline", position: "insideBottomLeft", fontSize: 11 }}
              />
            ) : null}
            <Line
              yAxisId="loss"
              type="monotone"
              dataKey="trainLoss"
              name="Training loss"
              stroke={LOSS_COLOR}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
            <Line
              yAxisId="accuracy"
              type="monotone"
              dataKey="validationAccuracy"
              name="Validation accuracy"
              stroke={ACCURACY_COLOR}
              strokeWidth={2}
              dot={{ r: 3 }}
              connectNulls
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-muted-foreground text-xs">
        Training loss (left axis) and validation accuracy (right axis) per epoch
        {baseline ? `; the dashed line is the untrained agent's accuracy, ${formatShare(baseline.top1)}` : ""}
        .
      </figcaption>
      {/* A table ignores the 1 px box of sr-only and would widen a phone's page: the wrapper holds it. */}
      <div className="sr-only">
        <table>
          <caption>Training metrics per epoch</caption>
          <thead>
            <tr>
              <th scope="col">Epoch</th>
              <th scope="col">Training loss</th>
              <th scope="col">Validation loss</th>
              <th scope="col">Validation accuracy</th>
            </tr>
          </thead>
          <tbody>
            {baseline ? (
              <tr>
                <th scope="row">Untrained baseline</th>
                <td>—</td>
                <td>—</td>
                <td>{formatShare(baseline.top1)}</td>
              </tr>
            ) : null}
            {epochs.map((epoch) => (
              <tr key={epoch.epoch}>
                <th scope="row">{epoch.epoch}</th>
                <td>{formatLoss(epoch.trainLoss)}</td>
                <td>{formatLoss(epoch.validationLoss)}</td>
                <td>{formatShare(epoch.validationAccuracy)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
