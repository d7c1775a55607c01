// Starts a training job (POST /api/training-jobs); the jobs and the dashboard's figures refetch after.
import { createTrainingJobMutationOptions } from "@acp/client/training-jobs";
import { useMutation } from "@tanstack/react-query";

export function useCreateTrainingJob() {
  return useMutation(createTrainingJobMutationOptions());
}
