// The user's training jobs (GET /api/training-jobs), read again every 10 s.
import { trainingJobsQueryOptions } from "@acp/client/training-jobs";
import { useQuery } from "@tanstack/react-query";

export function useTrainingJobs() {
  return useQuery(trainingJobsQueryOptions());
}
