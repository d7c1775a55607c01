// One job's detail (GET /api/training-jobs/{id}): dataset check, baseline and per-epoch metrics, read again while
// the job is pending or running.
import { trainingJobDetailQueryOptions } from "@acp/client/training-jobs";
import { useQuery } from "@tanstack/react-query";

export function useTrainingJobDetail(id: string) {
  return useQuery(trainingJobDetailQueryOptions(id));
}
