// The one mapping from a training_jobs row to the TrainingJob the API returns.
import type { TrainingJob } from "@acp/contracts/entities";
import type { trainingJobs } from "../../db/schema";

export function toTrainingJobResponse(row: typeof trainingJobs.$inferSelect): TrainingJob {
  return {
    id: row.id,
    name: row.name,
    modelType: row.modelType,
    epochs: row.epochs,
    status: row.status,
    progress: row.progress,
    currentEpoch: row.currentEpoch,
    createdAt: row.createdAt.toISOString(),
  };
}
