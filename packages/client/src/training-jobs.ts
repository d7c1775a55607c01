// Training jobs (spec sections 3 and 7, DESIGN 7-8): the list, polled every 10 s; one job's detail (dataset check,
// baseline, per-epoch metrics, outcome), polled while it is pending or running; starting, cancelling, and the dry-run
// dataset check. Starting or cancelling a job refetches the jobs (and, as every change does, the dashboard's metrics:
// createQueryClient's rule).
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { CreateTrainingJob } from "@acp/contracts/inputs";
import type {
  DatasetReport,
  TrainingJobDetail,
  TrainingJobSummary,
  ValidateTrainingData,
} from "@acp/contracts/training";
import { mutationOptions, type QueryClient, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";

export const TRAINING_JOBS_URL = "/api/training-jobs";
export const VALIDATE_TRAINING_DATA_URL = `${TRAINING_JOBS_URL}/validate`;

export const trainingJobKeys = {
  all: ["training-jobs"] as const,
  list: () => ["training-jobs", {}] as const,
  detail: (id: string) => ["training-jobs", "detail", id] as const,
};

export function trainingJobUrl(id: string): string {
  return `${TRAINING_JOBS_URL}/${encodeURIComponent(id)}`;
}

/** Pending or running: the server still moves the job on, so screens keep reading it. */
export function isActiveTrainingJob(job: Pick<TrainingJobSummary, "status">): boolean {
  return job.status === "pending" || job.status === "running";
}

export function trainingJobsQueryOptions() {
  return queryOptions({
    queryKey: trainingJobKeys.list(),
    queryFn: ({ signal }) => getJson<TrainingJobSummary[]>(TRAINING_JOBS_URL, { signal }),
    refetchInterval: POLL_INTERVALS_MS.trainingJobs,
  });
}

/** GET /api/training-jobs/{id}: read again every 10 s until the job completes or fails. */
export function trainingJobDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: trainingJobKeys.detail(id),
    queryFn: ({ signal }) => getJson<TrainingJobDetail>(trainingJobUrl(id), { signal }),
    refetchInterval: (query) =>
      query.state.data && isActiveTrainingJob(query.state.data) ? POLL_INTERVALS_MS.trainingJobs : false,
  });
}

/** The jobs read again after a start or a cancel; the dashboard's metrics follow every change (query-client.ts). */
const refetchJobs = (client: QueryClient) => client.invalidateQueries({ queryKey: trainingJobKeys.all });

/** POST /api/training-jobs: the new job (pending); 409 while another job is pending or running. */
export function createTrainingJobMutationOptions() {
  return mutationOptions({
    mutationKey: [...trainingJobKeys.all, "create"],
    mutationFn: (input: CreateTrainingJob) =>
      requestJson<TrainingJobSummary>("POST", TRAINING_JOBS_URL, input),
    onSuccess: (_job, _input, _result, { client }) => refetchJobs(client),
  });
}

/** POST /api/training-jobs/{id}/cancel: the job, now failed with the cancellation as its reason. */
export function cancelTrainingJobMutationOptions() {
  return mutationOptions({
    mutationKey: [...trainingJobKeys.all, "cancel"],
    mutationFn: (id: string) => requestJson<TrainingJobSummary>("POST", `${trainingJobUrl(id)}/cancel`),
    onSuccess: (_job, _id, _result, { client }) => refetchJobs(client),
  });
}

/** POST /api/training-jobs/validate: the dataset check of a model type, without training or spending anything. */
export function validateTrainingDataMutationOptions() {
  return mutationOptions({
    mutationKey: [...trainingJobKeys.all, "validate"],
    mutationFn: (input: ValidateTrainingData) =>
      requestJson<DatasetReport>("POST", VALIDATE_TRAINING_DATA_URL, input),
  });
}
