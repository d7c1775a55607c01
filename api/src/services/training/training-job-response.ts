// The one mapping from a training_jobs row to what the API returns: the list's summary and the job's detail.
import type { TrainingJobDetail, TrainingJobSummary } from "@acp/contracts/training";
import type { trainingJobs } from "../../db/schema";

type TrainingJobRow = typeof trainingJobs.$inferSelect;

/**
 * Validation accuracy of what a completed job left the agent with: the kept re-ranker's top-1 accuracy, or the
 * untrained baseline's when no epoch beat it; for an OpenAI job, the last epoch's validation token accuracy. Null
 * before completion.
 */
export function jobAccuracy(
  row: Pick<TrainingJobRow, "outcome" | "baseline" | "epochMetrics">,
): number | null {
  const outcome = row.outcome;
  if (!outcome) return null;
  if (outcome.best) return outcome.best.top1;
  if (outcome.fineTunedModel) return row.epochMetrics.at(-1)?.validationAccuracy ?? null;
  return row.baseline?.top1 ?? null;
}

export function toTrainingJobSummary(
  row: TrainingJobRow,
  customAgent: { id: string; name: string } | null = null,
): TrainingJobSummary {
  return {
    id: row.id,
    name: row.name,
    modelType: row.modelType,
    epochs: row.epochs,
    status: row.status,
    progress: row.progress,
    currentEpoch: row.currentEpoch,
    createdAt: row.createdAt.toISOString(),
    provider: row.provider,
    customAgent,
    error: row.error,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    accuracy: row.status === "completed" ? jobAccuracy(row) : null,
  };
}

export function toTrainingJobDetail(
  row: TrainingJobRow,
  customAgent: { id: string; name: string } | null = null,
): TrainingJobDetail {
  return {
    ...toTrainingJobSummary(row, customAgent),
    dataset: row.dataset,
    baseline: row.baseline,
    epochMetrics: row.epochMetrics,
    outcome: row.outcome,
  };
}
