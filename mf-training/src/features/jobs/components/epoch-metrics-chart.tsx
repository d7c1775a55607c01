// Training loss and validation accuracy per epoch as lines, with the untrained agent's accuracy drawn as a reference
// line. Loaded on demand by the metrics dialog, so the chart library is fetched only when someone opens it; a table
// gives screen readers the same figures.
import type { EpochMetrics, RankingMetrics } from "@acp/contracts/training";
import { ChartFigure, LineSeriesChart } from "@acp/ui/components/chart";
import type { ReactNode } from "react";
import { formatLoss, formatShare } from "../utils/format-training";

const SERIES = [
  { key: "trainLoss", name: "Training loss", color: "var(--color-primary)", axis: "left" },
  { key: "validationAccuracy", name: "Validation accuracy", color: "var(--color-success)", axis: "right" },
] as const;
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
  const baselineRow = baseline
    ? [{ key: "baseline", header: "Untrained baseline", cells: ["—", "—", formatShare(baseline.top1)] }]
    : [];
  return (
    <ChartFigure
      height="h-64"
      captionVisible
      caption={
        <>
          Training loss (left axis) and validation accuracy (right axis) per epoch
          {baseline
            ? `; the dashed line is the untrained agent's accuracy, ${formatShare(baseline.top1)}`
            : ""}
          .
        </>
      }
      table={{
        caption: "Training metrics per epoch",
        columns: ["Epoch", "Training loss", "Validation loss", "Validation accuracy"],
        rows: [
          ...baselineRow,
          ...epochs.map((epoch) => ({
            key: epoch.epoch,
            header: epoch.epoch,
            cells: [
              formatLoss(epoch.trainLoss),
              formatLoss(epoch.validationLoss),
              formatShare(epoch.validationAccuracy),
            ],
          })),
        ],
      }}
    >
      <LineSeriesChart
        data={data}
        xKey="epoch"
        series={SERIES}
        rightAxis={{ domain: [0, 1], tickFormatter: percent }}
        reference={
          baseline
            ? { axis: "right", y: baseline.top1, label: "Untrained baseline", color: BASELINE_COLOR }
            : undefined
        }
        tooltipLabel={(epoch) => `Epoch ${epoch}`}
        tooltipValue={(value, name) =>
          typeof value === "number" && name === "Validation accuracy"
            ? formatShare(value)
            : (value as ReactNode)
        }
      />
    </ChartFigure>
  );
}
