// A fine-tuning job's progress from what OpenAI reports: the job's status, its metrics events and its checkpoints.
import type OpenAI from "openai";
import type { FineTuneEpochMetrics, FineTuneProgress } from "./types";

type Job = OpenAI.FineTuning.FineTuningJob;
type JobEvent = OpenAI.FineTuning.FineTuningJobEvent;
type Checkpoint = OpenAI.FineTuning.Jobs.FineTuningJobCheckpoint;

/** What a metrics event carries (OpenAI sends step and total_steps; losses and accuracies when it measured them). */
type StepMetrics = {
  step: number;
  totalSteps: number | null;
  trainLoss: number | null;
  validationLoss: number | null;
  validationAccuracy: number | null;
};

/** Progress shares by phase: files validated and queued take a sliver, training the rest. */
const PROGRESS_AT = { validating_files: 1, queued: 2, running: 3 } as const;

function numberOr(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The metrics in a metrics event, or null for any other event. */
export function stepMetricsOf(event: JobEvent): StepMetrics | null {
  if (event.type !== "metrics" || typeof event.data !== "object" || event.data === null) return null;
  const data = event.data as Record<string, unknown>;
  const step = numberOr(data.step);
  if (step === null) return null;
  return {
    step,
    totalSteps: numberOr(data.total_steps),
    trainLoss: numberOr(data.train_loss),
    validationLoss: numberOr(data.full_valid_loss) ?? numberOr(data.valid_loss),
    validationAccuracy:
      numberOr(data.full_valid_mean_token_accuracy) ?? numberOr(data.valid_mean_token_accuracy),
  };
}

/** The epochs the job trains: what OpenAI resolved (n_epochs may have been "auto"), else what was asked for. */
function epochsOf(job: Job, requested: number): number {
  const resolved =
    numberOr(job.hyperparameters?.n_epochs) ?? numberOr(job.method?.supervised?.hyperparameters?.n_epochs);
  return Math.max(1, resolved ?? requested);
}

/**
 * Folds each poll's job, new events (oldest first) and checkpoints into one FineTuneProgress. Progress and epoch
 * never go back; losses are the latest reported; an epoch's metrics come from its checkpoint when OpenAI kept one
 * (it keeps the last few), otherwise from the last metrics event of that epoch.
 */
export class FineTuneProgressTracker {
  private totalSteps: number | null = null;
  private step = 0;
  private latest: Omit<StepMetrics, "step" | "totalSteps"> = {
    trainLoss: null,
    validationLoss: null,
    validationAccuracy: null,
  };
  /** The metrics events by step, to read each epoch's last step from. */
  private readonly steps = new Map<number, StepMetrics>();
  private progress = 0;
  private epoch = 0;

  constructor(private readonly requestedEpochs: number) {}

  update(job: Job, newEvents: readonly JobEvent[], checkpoints: readonly Checkpoint[]): FineTuneProgress {
    for (const event of newEvents) {
      const metrics = stepMetricsOf(event);
      if (!metrics) continue;
      this.steps.set(metrics.step, metrics);
      if (metrics.totalSteps !== null) this.totalSteps = metrics.totalSteps;
      if (metrics.step >= this.step) {
        this.step = metrics.step;
        this.latest = {
          trainLoss: metrics.trainLoss ?? this.latest.trainLoss,
          validationLoss: metrics.validationLoss ?? this.latest.validationLoss,
          validationAccuracy: metrics.validationAccuracy ?? this.latest.validationAccuracy,
        };
      }
    }
    const epochs = epochsOf(job, this.requestedEpochs);
    const stepsPerEpoch = this.totalSteps === null ? null : this.totalSteps / epochs;

    let progress = 0;
    let epoch = 0;
    if (job.status === "succeeded") {
      progress = 100;
      epoch = epochs;
    } else if (job.status in PROGRESS_AT) {
      progress = PROGRESS_AT[job.status as keyof typeof PROGRESS_AT];
      if (job.status === "running") {
        epoch = 1;
        if (this.totalSteps && stepsPerEpoch) {
          const share = Math.min(1, this.step / this.totalSteps);
          progress = Math.floor(PROGRESS_AT.running + share * (99 - PROGRESS_AT.running));
          epoch = Math.min(epochs, Math.max(1, Math.ceil(this.step / stepsPerEpoch - 1e-9)));
        }
      }
    }
    this.progress = Math.max(this.progress, progress);
    this.epoch = Math.max(this.epoch, epoch);

    return {
      status: job.status,
      epoch: this.epoch,
      progress: this.progress,
      ...this.latest,
      epochMetrics: this.epochMetrics(epochs, stepsPerEpoch, checkpoints, job.status === "succeeded"),
    };
  }

  private epochMetrics(
    epochs: number,
    stepsPerEpoch: number | null,
    checkpoints: readonly Checkpoint[],
    finished: boolean,
  ): FineTuneEpochMetrics[] {
    const byEpoch = new Map<number, FineTuneEpochMetrics>();
    if (stepsPerEpoch) {
      // The last step seen within each finished epoch.
      for (const metrics of [...this.steps.values()].sort((a, b) => a.step - b.step)) {
        const epoch = Math.min(epochs, Math.max(1, Math.ceil(metrics.step / stepsPerEpoch - 1e-9)));
        const complete = finished || this.step >= Math.round(epoch * stepsPerEpoch);
        if (!complete) continue;
        const before = byEpoch.get(epoch);
        byEpoch.set(epoch, {
          epoch,
          trainLoss: metrics.trainLoss ?? before?.trainLoss ?? null,
          validationLoss: metrics.validationLoss ?? before?.validationLoss ?? null,
          validationAccuracy: metrics.validationAccuracy ?? before?.validationAccuracy ?? null,
        });
      }
    }
    for (const checkpoint of checkpoints) {
      const step = numberOr(checkpoint.metrics?.step) ?? checkpoint.step_number;
      const epoch = stepsPerEpoch ? Math.min(epochs, Math.max(1, Math.round(step / stepsPerEpoch))) : null;
      if (epoch === null) continue;
      const metrics = checkpoint.metrics ?? {};
      const before = byEpoch.get(epoch);
      byEpoch.set(epoch, {
        epoch,
        trainLoss: numberOr(metrics.train_loss) ?? before?.trainLoss ?? null,
        validationLoss:
          numberOr(metrics.full_valid_loss) ?? numberOr(metrics.valid_loss) ?? before?.validationLoss ?? null,
        validationAccuracy:
          numberOr(metrics.full_valid_mean_token_accuracy) ??
          numberOr(metrics.valid_mean_token_accuracy) ??
          before?.validationAccuracy ??
          null,
      });
    }
    return [...byEpoch.values()].sort((a, b) => a.epoch - b.epoch);
  }
}
