// "Active Training Jobs", the shared training component (spec section 2): the job form, the active job's progress
// ("Epoch N of M"), the 5 most recent jobs with their metrics and Cancel, and the dataset check. With `modelType`
// (an agent's wizard) the form trains that type only and the list shows its jobs; one job runs at a time whatever
// its type, so the active job always shows.
import { errorMessage } from "@acp/client/http-error";
import { isActiveTrainingJob } from "@acp/client/training-jobs";
import { DEFAULT_MODEL_TYPE } from "@acp/contracts/constants";
import type { ModelType } from "@acp/contracts/entities";
import { INFO_TOASTS } from "@acp/contracts/messages";
import type { TrainingJobSummary } from "@acp/contracts/training";
import { Button } from "@acp/ui/components/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { Progress } from "@acp/ui/components/progress";
import { toast } from "@acp/ui/hooks/use-toast";
import { BrainCircuit, MessageSquarePlus, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useTrainingJobs } from "../api/get-training-jobs";
import { jobTargetName, modelTypeName, recentJobs } from "../utils/format-training";
import { CancelTrainingJobDialog } from "./cancel-training-job-dialog";
import { TrainingJobForm } from "./training-job-form";
import { TrainingJobItem } from "./training-job-item";
import { TrainingMetricsDialog } from "./training-metrics-dialog";
import { ValidateDataDialog } from "./validate-data-dialog";

export type TrainingJobsCardProps = {
  /** Fixes the form to this model type and lists only its jobs. */
  modelType?: ModelType | undefined;
};

/** Why Start is disabled while `job` is pending or running. */
export function blockedReason(job: TrainingJobSummary): string {
  return `"${job.name}" is ${job.status}: one job trains at a time. Wait for it to finish or cancel it to start another.`;
}

export function TrainingJobsCard({ modelType: fixedModelType }: TrainingJobsCardProps) {
  const recentId = useId();
  const [chosenModelType, setChosenModelType] = useState<ModelType>(DEFAULT_MODEL_TYPE);
  const [metricsJob, setMetricsJob] = useState<TrainingJobSummary | null>(null);
  const [cancelJob, setCancelJob] = useState<TrainingJobSummary | null>(null);
  const { data, isLoading, isError, error, refetch } = useTrainingJobs();
  const modelType = fixedModelType ?? chosenModelType;
  const active = data?.find(isActiveTrainingJob);
  const jobs = data ? recentJobs(data, fixedModelType) : [];

  const comingSoon = (what: string) =>
    toast({ title: INFO_TOASTS.featureComingSoon, description: `${what} is on its way.` });

  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle asChild>
          <h2>Active Training Jobs</h2>
        </CardTitle>
        <CardDescription>
          {fixedModelType
            ? `Train ${modelTypeName(fixedModelType)} on its documents and follow every run.`
            : "Train an agent on its documents and follow every run, newest first."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-6">
        <TrainingJobForm
          modelType={modelType}
          onModelTypeChange={setChosenModelType}
          modelTypeFixed={fixedModelType !== undefined}
          blockedReason={active ? blockedReason(active) : undefined}
        />
        {active ? <ActiveJobProgress job={active} onCancel={setCancelJob} /> : null}
        <div className="flex flex-wrap gap-2">
          <ValidateDataDialog modelType={modelType} />
          <Button variant="outline" size="sm" onClick={() => comingSoon("Collecting training feedback")}>
            <MessageSquarePlus aria-hidden="true" />
            Collect Training Feedback
          </Button>
          <Button variant="outline" size="sm" onClick={() => comingSoon("Bulk import")}>
            <Upload aria-hidden="true" />
            Bulk Import
          </Button>
        </div>
        <section aria-labelledby={recentId} className="flex min-w-0 flex-col gap-3">
          <h3 id={recentId} className="font-medium text-sm">
            Recent jobs
          </h3>
          <CardState
            status={cardStatus({ loading: isLoading, error: isError, empty: jobs.length === 0 })}
            loadingLabel="Loading training jobs…"
            errorMessage={`Training jobs could not be loaded: ${errorMessage(error)}`}
            onRetry={() => void refetch()}
            empty={{
              icon: <BrainCircuit aria-hidden="true" />,
              title: "No training jobs yet",
              description: "Name a job and start it: each run shows its progress and its metrics here.",
              compact: true,
            }}
          >
            {() => (
              <ul className="flex min-w-0 flex-col divide-y rounded-lg border">
                {jobs.map((job) => (
                  <TrainingJobItem
                    key={job.id}
                    job={job}
                    onViewMetrics={setMetricsJob}
                    onCancel={setCancelJob}
                  />
                ))}
              </ul>
            )}
          </CardState>
        </section>
      </CardContent>
      <TrainingMetricsDialog job={metricsJob} onClose={() => setMetricsJob(null)} />
      <CancelTrainingJobDialog job={cancelJob} onClose={() => setCancelJob(null)} />
    </Card>
  );
}

function ActiveJobProgress({
  job,
  onCancel,
}: {
  job: TrainingJobSummary;
  onCancel: (job: TrainingJobSummary) => void;
}) {
  const running = job.status === "running";
  const state = !running
    ? "Queued: waiting for the trainer to start."
    : job.currentEpoch === 0
      ? "Checking the data and measuring the untrained agent."
      : `Epoch ${job.currentEpoch} of ${job.epochs}`;
  return (
    <section
      aria-label={`${job.name} in progress`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border bg-muted/40 p-4"
    >
      <div className="flex min-w-0 flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 break-words font-medium text-sm">{job.name}</p>
        <p className="text-muted-foreground text-xs">{jobTargetName(job)}</p>
      </div>
      <Progress value={running ? job.progress : null} aria-label={`${job.name} progress`} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* Polite: each poll that moves the job on is read out once, without interrupting. */}
        <p aria-live="polite" className="text-sm tabular-nums">
          {state}
          {running ? <span className="text-muted-foreground"> · {Math.round(job.progress)}%</span> : null}
        </p>
        <Button variant="ghost" size="sm" onClick={() => onCancel(job)}>
          Cancel job<span className="sr-only"> {job.name}</span>
        </Button>
      </div>
    </section>
  );
}
