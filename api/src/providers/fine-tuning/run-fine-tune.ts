// An OpenAI fine-tuning job from start to model: upload the examples as JSONL, create the job, follow it to the end.
import type OpenAI from "openai";
import { toFile } from "openai";
import { describeOpenAiError, openAiFailureOf } from "../openai/openai-errors";
import { checkFineTuneDataset } from "./check-dataset";
import { FineTuneProgressTracker } from "./fine-tune-progress";
import type { ChatExample, FineTuneProgress } from "./types";

/** OpenAI's job status changes on a scale of seconds to minutes: a poll every 15 s is plenty and cheap. */
const DEFAULT_POLL_INTERVAL_MS = 15_000;
/** Polls that may fail in a row (network, 5xx, 429 beyond the client's own retries) before following gives up. */
export const MAX_POLL_FAILURES = 5;

/** The fine-tuning job ended without a model: OpenAI's reason (status failed, error.message) or a cancel. */
export class FineTuneFailedError extends Error {
  /** The OpenAI job that failed, when there was one. */
  readonly jobId: string | null;
  /** OpenAI's error code (invalid_training_file, ...) when it gave one. */
  readonly code: string | null;

  constructor(message: string, options: { jobId?: string | null; code?: string | null } = {}) {
    super(message);
    this.name = "FineTuneFailedError";
    this.jobId = options.jobId ?? null;
    this.code = options.code ?? null;
  }
}

/** One chat example per line, as OpenAI's fine-tuning files are written. */
export function toJsonl(examples: readonly ChatExample[]): string {
  return `${examples.map((example) => JSON.stringify({ messages: example.messages })).join("\n")}\n`;
}

/** Waits `ms`, or less when the signal aborts (the caller checks it). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** A poll failure worth another try: the network, a server error, a rate limit. */
function transient(error: unknown): boolean {
  const failure = openAiFailureOf(error);
  if (failure.kind === "unreachable") return true;
  return (
    failure.kind === "refused" &&
    failure.status !== undefined &&
    (failure.status >= 500 || failure.status === 429)
  );
}

type RunInput = {
  client: OpenAI;
  baseModel: string;
  train: readonly ChatExample[];
  validation: readonly ChatExample[];
  epochs: number;
  suffix?: string;
  pollIntervalMs?: number;
  signal?: AbortSignal;
  resume?: { jobId: string };
  onCreated?: (ids: {
    trainingFileId: string;
    validationFileId: string | null;
    jobId: string;
  }) => Promise<void>;
  onProgress?: (progress: FineTuneProgress) => Promise<void>;
};

/** Uploads the files and creates the job; the files are deleted again when the job could not be created. */
async function startJob(input: RunInput): Promise<string> {
  const { client, signal } = input;
  const check = checkFineTuneDataset({
    train: input.train,
    validation: input.validation,
    epochs: input.epochs,
    model: input.baseModel,
  });
  if (check.problems.length > 0) throw new Error(check.problems.join(" "));

  const name = (input.suffix ?? "acp").replace(/[^\w-]+/g, "-");
  const uploaded: string[] = [];
  let action = "Uploading the training file to OpenAI";
  let trainingFileId: string;
  let validationFileId: string | null = null;
  let jobId: string;
  try {
    const upload = async (examples: readonly ChatExample[], kind: string) => {
      const file = await toFile(Buffer.from(toJsonl(examples), "utf8"), `${name}-${kind}.jsonl`, {
        type: "application/jsonl",
      });
      const created = await client.files.create({ file, purpose: "fine-tune" }, { signal });
      uploaded.push(created.id);
      return created.id;
    };
    trainingFileId = await upload(input.train, "train");
    if (input.validation.length > 0) {
      action = "Uploading the validation file to OpenAI";
      validationFileId = await upload(input.validation, "validation");
    }
    action = `Creating the fine-tuning job for ${input.baseModel}`;
    const job = await client.fineTuning.jobs.create(
      {
        model: input.baseModel,
        training_file: trainingFileId,
        validation_file: validationFileId,
        ...(input.suffix ? { suffix: input.suffix } : {}),
        method: { type: "supervised", supervised: { hyperparameters: { n_epochs: input.epochs } } },
      },
      { signal },
    );
    jobId = job.id;
  } catch (error) {
    await Promise.allSettled(uploaded.map((id) => client.files.delete(id)));
    if (signal?.aborted) throw signal.reason;
    throw describeOpenAiError(action, error);
  }

  try {
    await input.onCreated?.({ trainingFileId, validationFileId, jobId });
  } catch (error) {
    // Nobody could follow or resume a job whose ids were not kept: stop it rather than pay for it.
    await client.fineTuning.jobs.cancel(jobId).catch(() => undefined);
    throw error;
  }
  return jobId;
}

/** The events newer than `lastSeenId`, oldest first (OpenAI lists them newest first). */
async function eventsSince(
  client: OpenAI,
  jobId: string,
  lastSeenId: string | undefined,
  signal?: AbortSignal,
) {
  const fresh: OpenAI.FineTuning.FineTuningJobEvent[] = [];
  for await (const event of client.fineTuning.jobs.listEvents(jobId, { limit: 100 }, { signal })) {
    if (event.id === lastSeenId) break;
    fresh.push(event);
  }
  return fresh.reverse();
}

async function checkpointsOf(client: OpenAI, jobId: string, signal?: AbortSignal) {
  const checkpoints: OpenAI.FineTuning.Jobs.FineTuningJobCheckpoint[] = [];
  for await (const checkpoint of client.fineTuning.jobs.checkpoints.list(jobId, { limit: 100 }, { signal })) {
    checkpoints.push(checkpoint);
  }
  return checkpoints;
}

/**
 * Uploads the examples (unless resuming), creates the job with n_epochs (method.supervised.hyperparameters), then
 * polls the job, its new events and its checkpoints every pollIntervalMs until it ends. onCreated gets the ids once
 * they exist (not on resume, which already has them); onProgress gets every change. Resolves with the fine-tuned
 * model; a failed or cancelled job throws FineTuneFailedError with OpenAI's reason; OpenAI refusing a request throws
 * an OpenAiRequestError that says which step and why. An abort cancels the remote job and throws the signal's reason.
 */
export async function runFineTune(input: RunInput): Promise<{
  fineTunedModel: string;
  trainedTokens: number | null;
  epochMetrics: FineTuneProgress["epochMetrics"];
}> {
  const { client, signal } = input;
  signal?.throwIfAborted();
  const jobId = input.resume ? input.resume.jobId : await startJob(input);
  const pollIntervalMs = input.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
  const tracker = new FineTuneProgressTracker(input.epochs);
  let lastSeenEventId: string | undefined;
  let reported = "";
  let failures = 0;

  const cancelRemote = async (): Promise<never> => {
    // A job that ended meanwhile answers 400; there is nothing left to stop then.
    await client.fineTuning.jobs.cancel(jobId).catch(() => undefined);
    throw signal?.reason;
  };

  for (;;) {
    if (signal?.aborted) return cancelRemote();
    let job: OpenAI.FineTuning.FineTuningJob;
    let events: OpenAI.FineTuning.FineTuningJobEvent[];
    let checkpoints: OpenAI.FineTuning.Jobs.FineTuningJobCheckpoint[] = [];
    try {
      job = await client.fineTuning.jobs.retrieve(jobId, { signal });
      events = await eventsSince(client, jobId, lastSeenEventId, signal);
      if (job.status === "running" || job.status === "succeeded") {
        checkpoints = await checkpointsOf(client, jobId, signal);
      }
      failures = 0;
    } catch (error) {
      if (signal?.aborted) return cancelRemote();
      failures += 1;
      if (!transient(error) || failures >= MAX_POLL_FAILURES) {
        throw describeOpenAiError(`Following the fine-tuning job ${jobId}`, error);
      }
      await pause(pollIntervalMs, signal);
      continue;
    }
    lastSeenEventId = events.at(-1)?.id ?? lastSeenEventId;
    const progress = tracker.update(job, events, checkpoints);
    const key = JSON.stringify(progress);
    if (key !== reported) {
      reported = key;
      await input.onProgress?.(progress);
    }

    if (job.status === "succeeded") {
      if (!job.fine_tuned_model) {
        throw new FineTuneFailedError(
          `OpenAI fine-tuning job ${jobId} succeeded but named no fine-tuned model.`,
          {
            jobId,
          },
        );
      }
      return {
        fineTunedModel: job.fine_tuned_model,
        trainedTokens: job.trained_tokens,
        epochMetrics: progress.epochMetrics,
      };
    }
    if (job.status === "failed") {
      const reason = job.error?.message?.trim() || "OpenAI gave no reason";
      throw new FineTuneFailedError(`OpenAI fine-tuning job ${jobId} failed: ${reason}`, {
        jobId,
        code: job.error?.code ?? null,
      });
    }
    if (job.status === "cancelled") {
      throw new FineTuneFailedError(`OpenAI fine-tuning job ${jobId} was cancelled on OpenAI's side.`, {
        jobId,
      });
    }
    await pause(pollIntervalMs, signal);
  }
}
