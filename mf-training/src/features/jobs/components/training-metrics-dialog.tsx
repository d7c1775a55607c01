// "View Training Metrics" (DESIGN 8): one job's loss and validation accuracy per epoch against the untrained agent,
// the ranking figures before and after (top-1, recall@5, MRR, nDCG@10) and what the outcome was and why. Read from
// GET /api/training-jobs/{id} each time the dialog opens, and again every 10 s while the job is still active.
import { errorMessage } from "@acp/client/http-error";
import type { RankingMetrics, TrainingJobDetail, TrainingJobSummary } from "@acp/contracts/training";
import { Badge } from "@acp/ui/components/badge";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@acp/ui/components/dialog";
import { Skeleton } from "@acp/ui/components/skeleton";
import { LineChart as LineChartIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useTrainingJobDetail } from "../api/get-training-job-detail";
import { formatShare, jobTargetName } from "../utils/format-training";

const EpochMetricsChart = lazy(() =>
  import("./epoch-metrics-chart").then((module) => ({ default: module.EpochMetricsChart })),
);

const RANKING_FIGURES: readonly { key: keyof Omit<RankingMetrics, "pairs">; label: string }[] = [
  { key: "top1", label: "Top-1 accuracy" },
  { key: "recall5", label: "Recall@5" },
  { key: "mrr", label: "MRR" },
  { key: "ndcg10", label: "nDCG@10" },
];

export function TrainingMetricsDialog({
  job,
  onClose,
}: {
  /** The job whose metrics show; null keeps the dialog closed. */
  job: TrainingJobSummary | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={job !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words leading-snug">Training metrics: {job?.name}</DialogTitle>
          <DialogDescription>
            {job ? `${jobTargetName(job)}, ${job.epochs} epochs. ` : ""}
            Loss and validation accuracy per epoch, measured against the untrained agent.
          </DialogDescription>
        </DialogHeader>
        {job ? <TrainingMetricsContent id={job.id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TrainingMetricsContent({ id }: { id: string }) {
  const detail = useTrainingJobDetail(id);
  const data = detail.data;
  const empty = data !== undefined && data.epochMetrics.length === 0 && data.outcome === null;
  return (
    <CardState
      status={cardStatus({ loading: detail.isPending, error: detail.isError, empty })}
      loadingLabel="Loading the training metrics…"
      placeholder={<Skeleton className="h-72" />}
      errorMessage={`The training metrics could not be loaded: ${errorMessage(detail.error)}`}
      onRetry={() => void detail.refetch()}
      empty={{
        icon: <LineChartIcon aria-hidden="true" />,
        title: "No epochs measured yet",
        description:
          data?.error ??
          "Each finished epoch adds its loss and validation accuracy here; the figures refresh every 10 seconds.",
      }}
    >
      {() => (data ? <MetricsBody job={data} /> : null)}
    </CardState>
  );
}

function MetricsBody({ job }: { job: TrainingJobDetail }) {
  const { outcome, baseline } = job;
  return (
    <div className="flex min-w-0 flex-col gap-6">
      {job.error ? (
        <p role="alert" className="break-words text-destructive text-sm">
          {job.error}
        </p>
      ) : null}
      {job.epochMetrics.length > 0 ? (
        <Suspense fallback={<Skeleton className="h-64" />}>
          <EpochMetricsChart epochs={job.epochMetrics} baseline={baseline} />
        </Suspense>
      ) : null}
      {baseline || outcome?.best ? (
        <section aria-labelledby={`before-after-${job.id}`} className="flex min-w-0 flex-col gap-2">
          <h3 id={`before-after-${job.id}`} className="font-medium text-sm">
            Before and after training
          </h3>
          <table className="w-full text-sm">
            <caption className="sr-only">
              Ranking quality of the untrained agent and of the best epoch
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-1.5 pr-2 font-normal">
                  Figure
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-normal">
                  Untrained
                </th>
                <th scope="col" className="py-1.5 pl-2 text-right font-normal">
                  {outcome && outcome.bestEpoch > 0 ? `Best (epoch ${outcome.bestEpoch})` : "Best"}
                </th>
              </tr>
            </thead>
            <tbody>
              {RANKING_FIGURES.map((figure) => (
                <tr key={figure.key} className="border-b last:border-0">
                  <th scope="row" className="py-1.5 pr-2 text-left font-medium">
                    {figure.label}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">
                    {formatShare(baseline?.[figure.key])}
                  </td>
                  <td className="py-1.5 pl-2 text-right tabular-nums">
                    {formatShare(outcome?.best?.[figure.key])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {baseline ? (
            <p className="text-muted-foreground text-xs">
              Measured on {baseline.pairs.toLocaleString("en-US")} held-out questions.
            </p>
          ) : null}
        </section>
      ) : null}
      {outcome ? (
        <section aria-labelledby={`outcome-${job.id}`} className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`outcome-${job.id}`} className="font-medium text-sm">
              Outcome
            </h3>
            <Badge variant={outcome.applied ? "success" : "outline"}>
              {outcome.applied ? "Applied" : "Not applied"}
            </Badge>
          </div>
          <p className="break-words text-sm">{outcome.summary}</p>
          {outcome.fineTunedModel ? (
            <p className="break-all text-muted-foreground text-xs">
              Fine-tuned model: <span className="font-mono">{outcome.fineTunedModel}</span>
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
