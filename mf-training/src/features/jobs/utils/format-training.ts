// How training figures read: model type names (the spec's select labels), shares as percentages, the most recent
// jobs, and a job's failure reason.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { RECENT_TRAINING_JOBS_LISTED } from "@acp/contracts/constants";
import type { ModelType } from "@acp/contracts/entities";
import type { TrainingJobSummary } from "@acp/contracts/training";

export function modelTypeName(modelType: ModelType): string {
  return BUILT_IN_AGENTS.find((agent) => agent.id === modelType)?.name ?? modelType;
}

/** What a job trains: a model type's name, or the custom agent it belongs to. */
export function jobTargetName(job: Pick<TrainingJobSummary, "modelType" | "customAgent">): string {
  if (job.modelType === "custom") return job.customAgent?.name ?? "Custom agent";
  return modelTypeName(job.modelType);
}

/** 0.7142 -> "71.4%"; null -> "—". */
export function formatShare(share: number | null | undefined): string {
  if (share === null || share === undefined) return "—";
  return `${(share * 100).toFixed(1)}%`;
}

export function formatNumber(value: number): string {
  return value.toLocaleString("en-US", { maximumFractionDigits: 1 });
}

export function formatLoss(loss: number | null): string {
  return loss === null ? "—" : loss.toFixed(3);
}

const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", maximumFractionDigits: 2 });

export function formatUsd(amount: number): string {
  return USD.format(amount);
}

/** The spec's 5 most recent jobs, newest first; with a model type, only that type's jobs. */
export function recentJobs(
  jobs: readonly TrainingJobSummary[],
  modelType?: ModelType | undefined,
): TrainingJobSummary[] {
  return jobs
    .filter((job) => modelType === undefined || job.modelType === modelType)
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, RECENT_TRAINING_JOBS_LISTED);
}
