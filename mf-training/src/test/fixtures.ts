// Test and story data in the API's shapes (packages/contracts/src/training.ts).
import type {
  DatasetReport,
  RankingMetrics,
  TrainingJobDetail,
  TrainingJobSummary,
} from "@acp/contracts/training";

export function trainingJob(overrides: Partial<TrainingJobSummary> & { id: string }): TrainingJobSummary {
  const status = overrides.status ?? "completed";
  return {
    name: `Job ${overrides.id}`,
    modelType: "gtm",
    epochs: 10,
    status,
    progress: status === "completed" ? 100 : 0,
    currentEpoch: status === "completed" ? 10 : 0,
    createdAt: "2026-11-20T10:00:00.000Z",
    provider: "built-in",
    customAgent: null,
    error: null,
    startedAt: status === "pending" ? null : "2026-11-20T10:00:05.000Z",
    completedAt: status === "completed" || status === "failed" ? "2026-11-20T10:04:00.000Z" : null,
    accuracy: status === "completed" ? 0.714 : null,
    applied: status === "completed" ? true : null,
    verdict:
      status === "completed"
        ? "Applied: 71.4% top-1 accuracy beat the untrained agent's 55.0%; GTM Strategy now ranks its passages with the model of epoch 10."
        : null,
    ...overrides,
  };
}

export function rankingMetrics(top1: number, overrides: Partial<RankingMetrics> = {}): RankingMetrics {
  return {
    pairs: 120,
    top1,
    recall5: Math.min(1, top1 + 0.2),
    mrr: Math.min(1, top1 + 0.08),
    ndcg10: Math.min(1, top1 + 0.12),
    ...overrides,
  };
}

export function datasetReport(overrides: Partial<DatasetReport> = {}): DatasetReport {
  return {
    source: "sentences",
    documents: 12,
    passages: 340,
    processingDocuments: 1,
    pairs: 600,
    train: 480,
    validation: 120,
    duplicates: 14,
    tooShort: 31,
    tooLong: 2,
    queryTokens: { mean: 18.4, max: 64 },
    passageTokens: { mean: 212.7, max: 512 },
    billedTokens: null,
    estimatedCostUsd: null,
    problems: [],
    warnings: [],
    ...overrides,
  };
}

/** A completed job that beat the untrained agent, with its ten epochs. */
export function completedJobDetail(
  overrides: Partial<TrainingJobDetail> & { id: string },
): TrainingJobDetail {
  const epochs = overrides.epochs ?? 10;
  return {
    ...trainingJob({ ...overrides, status: "completed", epochs }),
    dataset: datasetReport(),
    baseline: rankingMetrics(0.55),
    epochMetrics: Array.from({ length: epochs }, (_, index) => ({
      epoch: index + 1,
      trainLoss: Number((1.2 / (index + 1)).toFixed(3)),
      validationLoss: Number((1.3 / (index + 1)).toFixed(3)),
      validationAccuracy: Number((0.55 + (0.164 * (index + 1)) / epochs).toFixed(3)),
      validation: rankingMetrics(0.55 + (0.164 * (index + 1)) / epochs),
      milliseconds: 1800,
    })),
    outcome: {
      bestEpoch: epochs,
      best: rankingMetrics(0.714),
      applied: true,
      summary: `Applied: 71.4% top-1 accuracy beat the untrained agent's 55.0%; GTM Strategy now ranks its passages with the model of epoch ${epochs}.`,
      fineTunedModel: null,
      keptModel: null,
    },
    ...overrides,
  };
}
