// Cancels the active job (POST /api/training-jobs/{id}/cancel); the jobs and the dashboard's figures refetch after.
import { cancelTrainingJobMutationOptions } from "@acp/client/training-jobs";
import { useMutation } from "@tanstack/react-query";

export function useCancelTrainingJob() {
  return useMutation(cancelTrainingJobMutationOptions());
}
