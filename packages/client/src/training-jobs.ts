// Training jobs (spec section 3 and 7): the list, polled every 10 s. Creating a job (which must also refetch the
// dashboard's metrics) comes back with its API route (the contract test refuses calls the API does not document).
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { TrainingJob } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

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
