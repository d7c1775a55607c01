// Test support: the fake OpenAI server's fine-tuning jobs: how one is created, and its timer-driven progress, events and checkpoints.
import type { ServerResponse } from "node:http";
import { fileLines, fileTokens, type RecordedFile } from "./fake-openai-files";
import { errorBody, seconds, send } from "./fake-openai-wire";

/** How fast a fake fine-tuning job moves: each phase (validating files, queued) and each training step takes this long. */
export type FineTuneTiming = { phaseMs: number; stepMs: number; stepsPerEpoch: number };

export const DEFAULT_FINE_TUNE_TIMING: FineTuneTiming = { phaseMs: 5, stepMs: 3, stepsPerEpoch: 4 };

/** How the next fine-tuning job created fails: on reaching training step `atStep` (0: while its files are validated). */
export type FineTuneFailure = { atStep: number; message?: string; code?: string };

export type FakeFineTuneStatus =
  | "validating_files"
  | "queued"
  | "running"
  | "succeeded"
  | "failed"
  | "cancelled";

/** A fine-tuning job as it was created, and where it has got to since. */
export type RecordedFineTuneJob = {
  id: string;
  /** The JSON body of POST /v1/fine_tuning/jobs. */
  request: Record<string, unknown>;
  model: string;
  trainingFile: string;
  validationFile: string | null;
  suffix: string | null;
  /** n_epochs as sent (absent: "auto", which the fake trains as 3 epochs). */
  nEpochs: number | "auto" | undefined;
  /** Where n_epochs was sent: method.supervised.hyperparameters, or the legacy top-level hyperparameters. */
  nEpochsVia: "method" | "hyperparameters" | undefined;
  status: FakeFineTuneStatus;
  step: number;
  totalSteps: number;
  fineTunedModel: string | null;
  trainedTokens: number | null;
  error: { code: string; message: string; param: string | null } | null;
  /** True when POST /v1/fine_tuning/jobs/{id}/cancel stopped it. */
  cancelled: boolean;
};

type FineTuneEvent = {
  object: "fine_tuning.job.event";
  id: string;
  created_at: number;
  level: "info" | "warn" | "error";
  message: string;
  data: Record<string, unknown>;
  type: "message" | "metrics";
};

type FineTuneCheckpoint = {
  object: "fine_tuning.job.checkpoint";
  id: string;
  created_at: number;
  fine_tuned_model_checkpoint: string;
  fine_tuning_job_id: string;
  step_number: number;
  metrics: Record<string, number>;
};

export type LiveJob = {
  record: RecordedFineTuneJob;
  createdAt: number;
  finishedAt: number | null;
  epochs: number;
  stepsPerEpoch: number;
  seed: number;
  failure: FineTuneFailure | undefined;
  events: FineTuneEvent[];
  checkpoints: FineTuneCheckpoint[];
  timer: ReturnType<typeof setTimeout> | undefined;
};

export const TERMINAL = new Set<FakeFineTuneStatus>(["succeeded", "failed", "cancelled"]);

/** OpenAI's name for a fine-tuned model: ft:<base>:<organisation>:<suffix>:<id>. */
function fineTunedModelName(record: RecordedFineTuneJob): string {
  return `ft:${record.model}:acp:${record.suffix ?? ""}:${record.id.replace("ftjob-", "")}`;
}

/** Fine-tuning jobs: their creation, their progress (each phase and step on a timer), and cancelling them. */
export function createFakeFineTuneJobs(
  /** The next id with this prefix (one sequence across files and fine-tuning jobs). */
  id: (prefix: string) => string,
  /** The uploaded files jobs train on. */
  files: Map<string, RecordedFile>,
  /** How fast the next jobs move, and how the next one fails (taken by the job it applies to). */
  state: { timing: FineTuneTiming; jobFailure: FineTuneFailure | undefined },
) {
  const jobs = new Map<string, LiveJob>();

  const jobJson = (job: LiveJob) => {
    const { record } = job;
    const hyperparameters = { n_epochs: job.epochs, batch_size: 1, learning_rate_multiplier: 1.8 };
    return {
      object: "fine_tuning.job",
      id: record.id,
      model: record.model,
      created_at: job.createdAt,
      finished_at: job.finishedAt,
      fine_tuned_model: record.fineTunedModel,
      organization_id: "org-fake",
      result_files: [],
      status: record.status,
      training_file: record.trainingFile,
      validation_file: record.validationFile,
      hyperparameters,
      method: { type: "supervised", supervised: { hyperparameters } },
      trained_tokens: record.trainedTokens,
      error: record.error,
      seed: job.seed,
      estimated_finish: null,
      integrations: [],
      metadata: null,
      user_provided_suffix: record.suffix,
    };
  };

  const event = (job: LiveJob, message: string, extra: Partial<FineTuneEvent> = {}) => {
    job.events.push({
      object: "fine_tuning.job.event",
      id: id("ftevent-"),
      created_at: seconds(),
      level: "info",
      message,
      data: {},
      type: "message",
      ...extra,
    });
  };

  const later = (job: LiveJob, ms: number, next: () => void) => {
    job.timer = setTimeout(() => {
      job.timer = undefined;
      next();
    }, ms);
  };

  const finish = (job: LiveJob, status: FakeFineTuneStatus) => {
    if (job.timer) clearTimeout(job.timer);
    job.timer = undefined;
    job.record.status = status;
    job.finishedAt = seconds();
  };

  const fail = (job: LiveJob, code: string, message: string, param: string | null = null) => {
    job.record.error = { code, message, param };
    finish(job, "failed");
    event(job, message, { level: "error" });
  };

  const metricsAt = (job: LiveJob, step: number) => {
    const done = step / job.record.totalSteps;
    const trainLoss = Number((0.3 + 2.2 * Math.exp(-3 * done)).toFixed(4));
    const trainAccuracy = Number((0.5 + 0.45 * (1 - Math.exp(-3 * done))).toFixed(4));
    const metrics: Record<string, number> = {
      step,
      train_loss: trainLoss,
      train_mean_token_accuracy: trainAccuracy,
    };
    if (job.record.validationFile) {
      metrics.valid_loss = Number((trainLoss + 0.15).toFixed(4));
      metrics.valid_mean_token_accuracy = Number((trainAccuracy - 0.05).toFixed(4));
    }
    return metrics;
  };

  const step = (job: LiveJob) => {
    const { record } = job;
    record.step += 1;
    if (job.failure && record.step >= job.failure.atStep) {
      return fail(job, job.failure.code ?? "server_error", job.failure.message ?? "Fine-tuning failed.");
    }
    const metrics = metricsAt(job, record.step);
    const validation =
      metrics.valid_loss === undefined ? "" : `, validation loss=${metrics.valid_loss.toFixed(4)}`;
    event(
      job,
      `Step ${record.step}/${record.totalSteps}: training loss=${metrics.train_loss?.toFixed(4)}${validation}`,
      {
        type: "metrics",
        data: { ...metrics, total_steps: record.totalSteps },
      },
    );
    if (record.step % job.stepsPerEpoch === 0) {
      const modelName = fineTunedModelName(record);
      const full: Record<string, number> = {};
      if (metrics.valid_loss !== undefined) full.full_valid_loss = metrics.valid_loss;
      if (metrics.valid_mean_token_accuracy !== undefined) {
        full.full_valid_mean_token_accuracy = metrics.valid_mean_token_accuracy;
      }
      job.checkpoints.push({
        object: "fine_tuning.job.checkpoint",
        id: id("ftckpt_"),
        created_at: seconds(),
        fine_tuned_model_checkpoint: `${modelName}:ckpt-step-${record.step}`,
        fine_tuning_job_id: record.id,
        step_number: record.step,
        metrics: { ...metrics, ...full },
      });
      event(job, `Checkpoint created at step ${record.step}`);
    }
    if (record.step < record.totalSteps) return later(job, state.timing.stepMs, () => step(job));
    record.fineTunedModel = fineTunedModelName(record);
    const training = files.get(record.trainingFile);
    record.trainedTokens = training ? fileTokens(training.content) * job.epochs : 0;
    event(job, `New fine-tuned model created: ${record.fineTunedModel}`);
    finish(job, "succeeded");
    event(job, "The job has successfully completed");
  };

  const validate = (job: LiveJob) => {
    if (job.failure && job.failure.atStep <= 0) {
      return fail(
        job,
        job.failure.code ?? "invalid_training_file",
        job.failure.message ?? "The job failed due to an invalid training file.",
        "training_file",
      );
    }
    const examples = fileLines(files.get(job.record.trainingFile)?.content ?? "").length;
    if (examples < 10) {
      return fail(
        job,
        "invalid_training_file",
        `The job failed due to an invalid training file. Training file has ${examples} example(s), but must have at least 10 examples`,
        "training_file",
      );
    }
    job.record.status = "queued";
    event(job, "Files validated, moving job to queued state");
    later(job, state.timing.phaseMs, () => {
      job.record.status = "running";
      event(job, "Fine-tuning job started");
      later(job, state.timing.stepMs, () => step(job));
    });
  };

  const createJob = (response: ServerResponse, body: Record<string, unknown>): number => {
    const model = typeof body.model === "string" ? body.model : "";
    const trainingFile = typeof body.training_file === "string" ? body.training_file : "";
    const validationFile = typeof body.validation_file === "string" ? body.validation_file : null;
    const method = body.method as { supervised?: { hyperparameters?: { n_epochs?: unknown } } } | undefined;
    const legacy = body.hyperparameters as { n_epochs?: unknown } | undefined;
    const viaMethod = method?.supervised?.hyperparameters?.n_epochs;
    const nEpochs = (viaMethod ?? legacy?.n_epochs) as number | "auto" | undefined;
    const refuse = (message: string, param: string) => {
      send(response, 400, errorBody(message, "invalid_request_error", param));
      return 400;
    };
    if (!model) return refuse("Missing required parameter: 'model'.", "model");
    for (const [param, fileId] of [
      ["training_file", trainingFile],
      ["validation_file", validationFile],
    ] as const) {
      if (fileId === null) continue;
      const file = files.get(fileId);
      if (!file || file.deleted) return refuse(`invalid ${param}: ${fileId}`, param);
      if (file.purpose !== "fine-tune") {
        return refuse(
          `File ${fileId} has purpose '${file.purpose}', but fine-tuning needs 'fine-tune'.`,
          param,
        );
      }
    }
    if (
      nEpochs !== undefined &&
      nEpochs !== "auto" &&
      !(Number.isInteger(nEpochs) && nEpochs >= 1 && nEpochs <= 50)
    ) {
      return refuse("n_epochs must be an integer between 1 and 50, or 'auto'.", "n_epochs");
    }
    const epochs = typeof nEpochs === "number" ? nEpochs : 3;
    const suffix = typeof body.suffix === "string" && body.suffix !== "" ? body.suffix : null;
    const job: LiveJob = {
      record: {
        id: id("ftjob-"),
        request: body,
        model,
        trainingFile,
        validationFile,
        suffix,
        nEpochs,
        nEpochsVia:
          viaMethod !== undefined ? "method" : legacy?.n_epochs !== undefined ? "hyperparameters" : undefined,
        status: "validating_files",
        step: 0,
        totalSteps: epochs * state.timing.stepsPerEpoch,
        fineTunedModel: null,
        trainedTokens: null,
        error: null,
        cancelled: false,
      },
      createdAt: seconds(),
      finishedAt: null,
      epochs,
      stepsPerEpoch: state.timing.stepsPerEpoch,
      seed: typeof body.seed === "number" ? body.seed : 42,
      failure: state.jobFailure,
      events: [],
      checkpoints: [],
      timer: undefined,
    };
    state.jobFailure = undefined;
    jobs.set(job.record.id, job);
    event(job, `Created fine-tuning job: ${job.record.id}`);
    event(
      job,
      `Validating training file: ${trainingFile}${validationFile ? ` and validation file: ${validationFile}` : ""}`,
    );
    later(job, state.timing.phaseMs, () => validate(job));
    send(response, 200, jobJson(job));
    return 200;
  };

  /** Stops the job where it is, as POST /v1/fine_tuning/jobs/{id}/cancel does. */
  const cancel = (job: LiveJob) => {
    job.record.cancelled = true;
    finish(job, "cancelled");
    event(job, "Fine-tuning job cancelled");
  };

  return { jobs, jobJson, createJob, cancel };
}
