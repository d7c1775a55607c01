// The dry-run dataset check of a model type (POST /api/training-jobs/validate): nothing is trained or spent.
import { validateTrainingDataMutationOptions } from "@acp/client/training-jobs";
import { useMutation } from "@tanstack/react-query";

export function useValidateTrainingData() {
  return useMutation(validateTrainingDataMutationOptions());
}
