// "Active Training Jobs": the running job's progress and epoch, and the 5 most recent jobs (spec section 2).
import { errorMessage } from "@acp/client/http-error";
import { useTrainingJobs } from "@acp/client/training-jobs";
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { RECENT_TRAINING_JOBS_LISTED } from "@acp/contracts/constants";
import type { TrainingJob } from "@acp/contracts/entities";
import { Badge, type BadgeProps } from "@acp/ui/components/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@acp/ui/components/card";
import { CardState, cardStatus } from "@acp/ui/components/card-state";
import { ExpandableText } from "@acp/ui/components/expandable-text";
import { Progress } from "@acp/ui/components/progress";
import { BrainCircuit } from "lucide-react";

const STATUS_VARIANTS: Record<TrainingJob["status"], BadgeProps["variant"]> = {
  pending: "outline",
  running: "default",
  completed: "success",
  failed: "destructive",
};

function modelName(modelType: TrainingJob["modelType"]): string {
  return BUILT_IN_AGENTS.find((agent) => agent.id === modelType)?.name ?? modelType;
}

export function recentJobs(jobs: readonly TrainingJob[]): TrainingJob[] {
  return [...jobs]
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, RECENT_TRAINING_JOBS_LISTED);
}

export function TrainingJobsCard() {
  const { data, isLoading, isError, error, refetch } = useTrainingJobs();
  const jobs = data ? recentJobs(data) : [];
  const running = data?.find((job) => job.status === "running");
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Active Training Jobs</h2>
        </CardTitle>
        <CardDescription>Fine-tuning runs on your agents' documents, newest first.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <CardState
          status={cardStatus({ loading: isLoading, error: isError, empty: jobs.length === 0 })}
          loadingLabel="Loading training jobs…"
          errorMessage={`Training jobs could not be loaded: ${errorMessage(error)}`}
          onRetry={() => void refetch()}
          empty={{
            icon: <BrainCircuit aria-hidden="true" />,
            title: "No training jobs yet",
            description:
              "Once an agent has documents, a training job teaches it from them; each run shows its progress here.",
          }}
        >
          {() => (
            <>
              {running ? (
                <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-4">
                  <p className="font-medium text-sm">
                    {running.name} — epoch {running.currentEpoch} of {running.epochs}
                  </p>
                  <Progress value={running.progress} aria-label={`${running.name} progress`} />
                </div>
              ) : null}
              <ul className="flex flex-col divide-y rounded-lg border">
                {jobs.map((job) => (
                  <li key={job.id} className="flex items-center justify-between gap-3 px-4 py-3">
                    <div className="flex min-w-0 flex-col">
                      <ExpandableText className="font-medium text-sm">{job.name}</ExpandableText>
                      <span className="text-muted-foreground text-xs">
                        {modelName(job.modelType)} · {job.epochs} epochs
                      </span>
                    </div>
                    <Badge variant={STATUS_VARIANTS[job.status]}>{job.status}</Badge>
                  </li>
                ))}
              </ul>
            </>
          )}
        </CardState>
      </CardContent>
    </Card>
  );
}
