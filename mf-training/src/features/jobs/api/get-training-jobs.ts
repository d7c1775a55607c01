// GET /api/training-jobs: the user's training jobs, polled every 10 s (spec section 7 and 9).
import { getQueryFn } from "@acp/client/request";
import { POLL_INTERVALS_MS } from "@acp/contracts/constants";
import type { TrainingJob } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const TRAINING_JOBS_URL = "/api/training-jobs";

export function getTrainingJobsQueryOptions() {
  return queryOptions({
    queryKey: [TRAINING_JOBS_URL],
    queryFn: getQueryFn<TrainingJob[]>({ on401: "throw" }),
    refetchInterval: POLL_INTERVALS_MS.trainingJobs,
  });
}

export function useTrainingJobs() {
  return useQuery(getTrainingJobsQueryOptions());
}
