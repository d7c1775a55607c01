// "View Training Metrics" (DESIGN 8): one job's loss and validation accuracy per epoch against the untrained agent,
// the ranking figures before and after (top-1, recall@5, MRR, nDCG@10) explained in plain words, and whether the
// agent now uses the trained model and why. Read from GET /api/training-jobs/{id} each time the dialog opens, and
// again every 10 s while the job is still active.
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

/** Each figure with one sentence for someone who does not know the acronym (issue 29). */
const RANKING_FIGURES: readonly {
  key: keyof Omit<RankingMetrics, "pairs">;
  label: string;
  meaning: string;
}[] = [
  {
    key: "top1",
    label: "Top-1 accuracy",
    meaning:
      "How often the passage the agent puts first is the one that answers the question. The chart's validation accuracy; it decides whether the trained model is applied.",
  },
  {
    key: "recall5",
    label: "Recall@5",
    meaning: "How often the answering passage is among the first five the agent picks.",
  },
  {
    key: "mrr",
    label: "MRR",
    meaning:
      "Mean reciprocal rank: how near the top the answer sits on average. 100% means always first, 50% second on average.",
  },
  {
    key: "ndcg10",
    label: "nDCG@10",
    meaning:
      "How well the first ten passages are ordered: an answering passage counts more the higher it stands.",
  },
];

const TRAINING_LOSS_MEANING =
  "How far the model still is from the right answers on the questions it practises on. It should fall from epoch to epoch.";
const TOKEN_ACCURACY_MEANING =
  "OpenAI's measure: the share of the words of the expected answers the fine-tuned model predicts, on questions it did not train on.";

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

/** Which trained model the "after" column shows, and whether the agent uses it. */
function trainedColumn(outcome: TrainingJobDetail["outcome"]): string {
  if (!outcome) return "Trained";
  const state = outcome.applied ? "Applied" : "Not applied";
  return outcome.bestEpoch > 0 ? `${state} (epoch ${outcome.bestEpoch})` : state;
}

/** The measures in one short sentence each, for executives reading the figures on any screen. */
function FiguresLegend({ id, ranking }: { id: string; ranking: boolean }) {
  const entries = [
    { label: "Training loss", meaning: TRAINING_LOSS_MEANING },
    ...(ranking ? RANKING_FIGURES : [{ label: "Validation accuracy", meaning: TOKEN_ACCURACY_MEANING }]),
  ];
  return (
    <section aria-labelledby={`legend-${id}`} className="flex min-w-0 flex-col gap-2">
      <h3 id={`legend-${id}`} className="font-medium text-sm">
        What the figures mean
      </h3>
      <dl className="flex min-w-0 flex-col gap-2 text-xs">
        {entries.map((entry) => (
          <div key={entry.label} className="min-w-0">
            <dt className="font-medium">{entry.label}</dt>
            <dd className="break-words text-muted-foreground">{entry.meaning}</dd>
          </div>
        ))}
      </dl>
      {ranking ? (
        <p className="text-muted-foreground text-xs">
          Every figure is measured on questions drawn from the agent's documents that training never saw, for
          the untrained agent first and then after each epoch.
        </p>
      ) : null}
    </section>
  );
}

function MetricsBody({ job }: { job: TrainingJobDetail }) {
  const { outcome, baseline } = job;
  const ranking = job.provider === "built-in";
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
                  {trainedColumn(outcome)}
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
      <FiguresLegend id={job.id} ranking={ranking} />
    </div>
  );
}
