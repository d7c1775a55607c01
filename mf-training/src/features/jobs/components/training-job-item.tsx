// One of the recent jobs: name, what it trains, epochs, status badge, the reason when it failed, the outcome in words
// when it completed (applied or not, and the figure that decided), and its actions (the metrics dialog; Cancel on the
// active job).
import { isActiveTrainingJob } from "@acp/client/training-jobs";
import type { TrainingJobSummary } from "@acp/contracts/training";
import { Badge, type BadgeProps } from "@acp/ui/components/badge";
import { Button } from "@acp/ui/components/button";
import { ExpandableText } from "@acp/ui/components/expandable-text";
import { LineChart, Square } from "lucide-react";
import { formatShare, jobTargetName } from "../utils/format-training";

const STATUS_VARIANTS: Record<TrainingJobSummary["status"], BadgeProps["variant"]> = {
  pending: "outline",
  running: "default",
  completed: "success",
  failed: "destructive",
};

export function TrainingJobItem({
  job,
  onViewMetrics,
  onCancel,
}: {
  job: TrainingJobSummary;
  onViewMetrics: (job: TrainingJobSummary) => void;
  onCancel: (job: TrainingJobSummary) => void;
}) {
  return (
    <li className="flex min-w-0 flex-col gap-2 px-4 py-3">
      <div className="flex min-w-0 items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <ExpandableText className="font-medium text-sm">{job.name}</ExpandableText>
          <span className="text-muted-foreground text-xs">
            {jobTargetName(job)} · {job.epochs} epochs
            {job.status === "completed" && !job.verdict ? ` · accuracy ${formatShare(job.accuracy)}` : ""}
          </span>
        </div>
        <Badge variant={STATUS_VARIANTS[job.status]}>{job.status}</Badge>
      </div>
      {job.status === "failed" && job.error ? (
        <p className="break-words text-destructive text-xs">{job.error}</p>
      ) : null}
      {job.status === "completed" && job.verdict ? (
        <p className={`break-words text-xs${job.applied ? "" : " text-muted-foreground"}`}>{job.verdict}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => onViewMetrics(job)}>
          <LineChart aria-hidden="true" />
          View Training Metrics<span className="sr-only"> of {job.name}</span>
        </Button>
        {isActiveTrainingJob(job) ? (
          <Button variant="outline" size="sm" onClick={() => onCancel(job)}>
            <Square aria-hidden="true" />
            Cancel<span className="sr-only"> {job.name}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}
