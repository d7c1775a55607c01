// Training jobs beyond the spec's entity (issue 22, DESIGN 7-8): what a job measured, its dataset check and its outcome.
import { z } from "zod";
import type { BuiltInAgentId } from "./agents";
import { modelTypeSchema, TRAINABLE_MODEL_TYPES, trainingJobSchema } from "./entities";

/** Who trains: the built-in CPU trainer (a re-ranker for the agent's retrieval) or OpenAI's fine-tuning jobs. */
export const TRAINING_PROVIDERS = ["built-in", "openai"] as const;
const trainingProviderSchema = z.enum(TRAINING_PROVIDERS);
export type TrainingProvider = z.infer<typeof trainingProviderSchema>;

/**
 * What a training job trains: a built-in agent (every one of BUILT_IN_AGENTS, checked here; mf-agents' wizard checks
 * the other way), or a custom agent (its trainingStatus follows the job).
 */
export const TRAINING_TARGETS = [...TRAINABLE_MODEL_TYPES, "custom"] as const satisfies readonly (
  | BuiltInAgentId
  | "custom"
)[];

/** Ranking quality on validation pairs: shares in 0-1 (top-1 accuracy, recall@5, MRR, nDCG@10). */
const rankingMetricsSchema = z.object({
  pairs: z.number().int().nonnegative(),
  top1: z.number().min(0).max(1),
  recall5: z.number().min(0).max(1),
  mrr: z.number().min(0).max(1),
  ndcg10: z.number().min(0).max(1),
});
export type RankingMetrics = z.infer<typeof rankingMetricsSchema>;

/**
 * One finished epoch. The built-in trainer fills `validation` (ranking metrics); OpenAI reports losses and token
 * accuracy, so its `validation` is null. `validationAccuracy` is what the chart draws: top-1 accuracy of the re-ranker,
 * or OpenAI's validation token accuracy.
 */
const epochMetricsSchema = z.object({
  epoch: z.number().int().positive(),
  trainLoss: z.number().nullable(),
  validationLoss: z.number().nullable(),
  validationAccuracy: z.number().min(0).max(1).nullable(),
  validation: rankingMetricsSchema.nullable(),
  milliseconds: z.number().nonnegative().nullable(),
});
export type EpochMetrics = z.infer<typeof epochMetricsSchema>;

/** The dataset check run before anything is trained or uploaded ("Validate Data" runs it alone). */
export const datasetReportSchema = z.object({
  /** Where the questions come from: sentences of the text itself (inverse cloze) or a chat model's questions. */
  source: z.enum(["sentences", "generated"]),
  documents: z.number().int().nonnegative(),
  passages: z.number().int().nonnegative(),
  /** Documents of the agent still processing (not used until they complete). */
  processingDocuments: z.number().int().nonnegative(),
  pairs: z.number().int().nonnegative(),
  train: z.number().int().nonnegative(),
  validation: z.number().int().nonnegative(),
  /** Repeated passages or questions left out. */
  duplicates: z.number().int().nonnegative(),
  /** Candidate questions left out as too short. */
  tooShort: z.number().int().nonnegative(),
  /** Examples cut or left out for exceeding the token limit. */
  tooLong: z.number().int().nonnegative(),
  queryTokens: z.object({ mean: z.number().nonnegative(), max: z.number().int().nonnegative() }),
  passageTokens: z.object({ mean: z.number().nonnegative(), max: z.number().int().nonnegative() }),
  /** Tokens a paid provider would bill for the requested epochs, and the estimate in US dollars (null: free). */
  billedTokens: z.number().int().nonnegative().nullable(),
  estimatedCostUsd: z.number().nonnegative().nullable(),
  /** Why training would be refused, in words for people; empty when the dataset can be trained on. */
  problems: z.array(z.string()),
  /** Observations that do not stop training (a few short documents, many duplicates). */
  warnings: z.array(z.string()),
});
export type DatasetReport = z.infer<typeof datasetReportSchema>;

/**
 * How a finished job compares with the untrained agent, and whether the agent now uses what it learned. The built-in
 * trainer's model is applied only when it beats the untrained agent on validation top-1 accuracy, the figure the
 * screens show (issue 29).
 */
const trainingOutcomeSchema = z.object({
  /** The trained model's epoch (applied or not), compared with the untrained agent; 0 when no epoch was measured. */
  bestEpoch: z.number().int().nonnegative(),
  /** That epoch's validation figures (null: none measured, or an OpenAI job). */
  best: rankingMetricsSchema.nullable(),
  /** The agent's retrieval (built-in) or chat (OpenAI) now uses the trained model. */
  applied: z.boolean(),
  /** One sentence for people, "Applied: ..." or "Not applied: ...": the figure that decided and what the agent uses. */
  summary: z.string(),
  /** OpenAI only: the fine-tuned model the agent's chat now uses. */
  fineTunedModel: z.string().nullable(),
  /**
   * Not applied while a model of an earlier job is in use: that job and its validation top-1 accuracy (the agent
   * keeps ranking with it). Null otherwise: applied, or the agent keeps its untrained ranking. Absent from outcomes
   * stored before issue 29.
   */
  keptModel: z
    .object({ trainingJobId: z.string(), top1: z.number().min(0).max(1) })
    .nullable()
    .optional(),
});
export type TrainingOutcome = z.infer<typeof trainingOutcomeSchema>;

/** A training job as listed: the spec's fields plus provider, target, timing and failure reason. */
export const trainingJobSummarySchema = trainingJobSchema.extend({
  modelType: z.enum(TRAINING_TARGETS),
  provider: trainingProviderSchema,
  /** Set when the job trains a custom agent (POST /api/custom-agents/{id}/train). */
  customAgent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Why the job failed (cancelled, no knowledge, a crash), in words for people. */
  error: z.string().nullable(),
  startedAt: z.iso.datetime({ offset: true }).nullable(),
  completedAt: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Validation accuracy of the ranking the agent uses once the job completed: this job's model when applied, else
   * the model of an earlier job it keeps, else the untrained agent's (for an OpenAI job, the fine-tuned model's
   * validation token accuracy). The dashboard's GTM Accuracy is this figure of the latest completed gtm job. Null
   * until completed.
   */
  accuracy: z.number().min(0).max(1).nullable(),
  /** Whether the agent now uses this job's model; null until completed. */
  applied: z.boolean().nullable(),
  /** The outcome in one sentence for people (the outcome's summary); null until completed. */
  verdict: z.string().nullable(),
});
export type TrainingJobSummary = z.infer<typeof trainingJobSummarySchema>;

/** GET /api/training-jobs/{id}: the job with its dataset check, baseline, per-epoch metrics and outcome. */
export const trainingJobDetailSchema = trainingJobSummarySchema.extend({
  dataset: datasetReportSchema.nullable(),
  baseline: rankingMetricsSchema.nullable(),
  epochMetrics: z.array(epochMetricsSchema),
  outcome: trainingOutcomeSchema.nullable(),
});
export type TrainingJobDetail = z.infer<typeof trainingJobDetailSchema>;

/** POST /api/training-jobs/validate: checks a model type's (or a custom agent's) dataset without training. */
export const validateTrainingDataSchema = z.union([
  z.object({ modelType: modelTypeSchema }).strict(),
  z.object({ customAgentId: z.string().min(1) }).strict(),
]);
export type ValidateTrainingData = z.input<typeof validateTrainingDataSchema>;

/** The message of the 409 answered to a second job while one is pending or running. */
export const TRAINING_JOB_ALREADY_RUNNING =
  "A training job is already running: wait for it to finish or cancel it before starting another";
