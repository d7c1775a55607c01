// The one mapping from a training_jobs row to what the API returns: the list's summary and the job's detail.
import type { TrainingJobDetail, TrainingJobSummary } from "@acp/contracts/training";
import type { trainingJobs } from "../../db/schema";

type TrainingJobRow = typeof trainingJobs.$inferSelect;

/**
 * Validation accuracy of the ranking the agent uses once the job completed, so the job and the dashboard's GTM
 * Accuracy never show a figure the agent does not have (issue 29): this job's model's top-1 accuracy when applied;
 * not applied, that of the model an earlier job left it, or else the untrained agent's (what it keeps ranking with:
 * the job's own sentence says "untrained" in words). For an OpenAI job, the last epoch's validation token accuracy.
 * Null before completion.
 */
export function jobAccuracy(
  row: Pick<TrainingJobRow, "outcome" | "baseline" | "epochMetrics">,
): number | null {
  const outcome = row.outcome;
  if (!outcome) return null;
  if (outcome.fineTunedModel) return row.epochMetrics.at(-1)?.validationAccuracy ?? null;
  if (outcome.applied) return outcome.best?.top1 ?? null;
  // Outcomes stored before issue 29 have no keptModel.
  if (outcome.keptModel) return outcome.keptModel.top1;
  return row.baseline?.top1 ?? null;
}

export function toTrainingJobSummary(
  row: TrainingJobRow,
  customAgent: { id: string; name: string } | null = null,
): TrainingJobSummary {
  const completed = row.status === "completed";
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
    accuracy: completed ? jobAccuracy(row) : null,
    applied: completed ? (row.outcome?.applied ?? null) : null,
    verdict: completed ? (row.outcome?.summary ?? null) : null,
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
