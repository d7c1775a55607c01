// Progress from OpenAI's job, metrics events and checkpoints: monotonic, epochs from steps, metrics per epoch.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { FineTuneProgressTracker, stepMetricsOf } from "./fine-tune-progress";

type Job = OpenAI.FineTuning.FineTuningJob;

function job(status: Job["status"], nEpochs: number | "auto" = 3): Job {
  return {
    id: "ftjob-1",
    object: "fine_tuning.job",
    created_at: 0,
    error: null,
    fine_tuned_model: status === "succeeded" ? "ft:m:acp::1" : null,
    finished_at: null,
    hyperparameters: { n_epochs: nEpochs },
    model: "m",
    organization_id: "org",
    result_files: [],
    seed: 1,
    status,
    trained_tokens: null,
    training_file: "file-1",
    validation_file: null,
  };
}

let eventId = 0;
function metrics(step: number, totalSteps: number, extra: Record<string, number> = {}) {
  eventId += 1;
  return {
    id: `ev-${eventId}`,
    object: "fine_tuning.job.event" as const,
    created_at: 0,
    level: "info" as const,
    message: `Step ${step}/${totalSteps}`,
    type: "metrics" as const,
    data: { step, total_steps: totalSteps, train_loss: 3 - step / 10, ...extra },
  };
}

function checkpoint(step: number, m: Record<string, number>): OpenAI.FineTuning.Jobs.FineTuningJobCheckpoint {
  return {
    id: `ckpt-${step}`,
    object: "fine_tuning.job.checkpoint",
    created_at: 0,
    fine_tuned_model_checkpoint: `ft:m:acp::1:ckpt-step-${step}`,
    fine_tuning_job_id: "ftjob-1",
    step_number: step,
    metrics: { step, ...m },
  };
}

describe("FineTuneProgressTracker", () => {
  it("moves through the phases, then by steps, epochs from the step count, to 100 on success", () => {
    const tracker = new FineTuneProgressTracker(3);
    expect(tracker.update(job("validating_files"), [], [])).toMatchObject({ progress: 1, epoch: 0 });
    expect(tracker.update(job("queued"), [], [])).toMatchObject({ progress: 2, epoch: 0 });
    expect(tracker.update(job("running"), [], [])).toMatchObject({ progress: 3, epoch: 1, trainLoss: null });
    const third = tracker.update(job("running"), [metrics(1, 12), metrics(2, 12), metrics(3, 12)], []);
    expect(third).toMatchObject({ epoch: 1, trainLoss: 2.7, epochMetrics: [] });
    const fifth = tracker.update(job("running"), [metrics(4, 12, { valid_loss: 2.9 }), metrics(5, 12)], []);
    expect(fifth.epoch).toBe(2);
    expect(fifth.progress).toBeGreaterThan(third.progress);
    expect(fifth.validationLoss).toBe(2.9);
    expect(fifth.epochMetrics).toEqual([
      { epoch: 1, trainLoss: 2.6, validationLoss: 2.9, validationAccuracy: null },
    ]);
    const done = tracker.update(job("succeeded"), [metrics(12, 12)], []);
    expect(done).toMatchObject({ status: "succeeded", progress: 100, epoch: 3 });
    expect(done.epochMetrics.map((m) => m.epoch)).toEqual([1, 2, 3]);
  });

  it("prefers checkpoint metrics (full validation) for their epoch, and never goes back", () => {
    const tracker = new FineTuneProgressTracker(2);
    tracker.update(job("running", 2), [metrics(1, 4), metrics(2, 4)], []);
    const withCheckpoint = tracker.update(
      job("running", 2),
      [metrics(3, 4)],
      [
        checkpoint(2, {
          train_loss: 1.5,
          valid_loss: 1.9,
          full_valid_loss: 1.8,
          full_valid_mean_token_accuracy: 0.7,
        }),
      ],
    );
    expect(withCheckpoint.epochMetrics).toEqual([
      { epoch: 1, trainLoss: 1.5, validationLoss: 1.8, validationAccuracy: 0.7 },
    ]);
    const repeated = tracker.update(job("running", 2), [metrics(1, 4)], []);
    expect(repeated.progress).toBe(withCheckpoint.progress);
    expect(repeated.epoch).toBe(2);
    expect(repeated.trainLoss).toBe(withCheckpoint.trainLoss);
  });

  it("uses the requested epochs while OpenAI's are still auto, and ignores message events", () => {
    const tracker = new FineTuneProgressTracker(4);
    const progress = tracker.update(job("running", "auto"), [metrics(3, 8)], []);
    expect(progress.epoch).toBe(2);
    expect(
      stepMetricsOf({
        id: "e",
        object: "fine_tuning.job.event",
        created_at: 0,
        level: "info",
        message: "hi",
      }),
    ).toBeNull();
  });
});
