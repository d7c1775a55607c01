// Training jobs (spec section 3 and 7): the list polled every 10 s, and creating a job (which also moves the
// dashboard's metrics).
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { TrainingJob } from "@acp/contracts/entities";
import type { CreateTrainingJob } from "@acp/contracts/inputs";
import { mutationOptions, queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { dashboardMetricsKeys } from "./dashboard-metrics";
import { getJson, requestJson } from "./request";

export const TRAINING_JOBS_URL = "/api/training-jobs";

export const trainingJobKeys = {
  all: ["training-jobs"] as const,
  list: () => ["training-jobs", {}] as const,
};

export function trainingJobsQueryOptions() {
  return queryOptions({
    queryKey: trainingJobKeys.list(),
    queryFn: ({ signal }) => getJson<TrainingJob[]>(TRAINING_JOBS_URL, { signal }),
    refetchInterval: POLL_INTERVALS_MS.trainingJobs,
  });
}

export function useTrainingJobs() {
  return useQuery(trainingJobsQueryOptions());
}

export function createTrainingJobMutationOptions() {
  return mutationOptions({
    mutationKey: [...trainingJobKeys.all, "create"],
    mutationFn: (input: CreateTrainingJob) => requestJson<TrainingJob>("POST", TRAINING_JOBS_URL, input),
    onSuccess: (_job, _input, _result, { client }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: trainingJobKeys.all }),
        client.invalidateQueries({ queryKey: dashboardMetricsKeys.all }),
      ]),
  });
}

export function useCreateTrainingJob() {
  return useMutation(createTrainingJobMutationOptions());
}
