// Runs training jobs from pg-boss in this process (the API's and each `npm run worker`'s).
import type { JobResult, JobWithMetadata } from "pg-boss";
import type { Deps } from "../deps";
import { recheckDelaySeconds, TRAINING_QUEUE, type TrainingJobData } from "../queues/training-queue";
import { failJob, providerOf } from "../services/training/job-state";
import { runTrainingJob } from "../services/training/run-training-job";
import { rootCause } from "./ingest-document";

/** What a job shows when its last attempt crashed (the cause goes to the log, not to the user). */
const TRAINING_CRASHED =
  "Training stopped after an unexpected error on our side: start it again, and tell us if it keeps failing";

/**
 * Registers the worker: one training at a time per process (a training fills a core for minutes; the one-running rule
 * is per user). While the target's documents are processing, a job hands over to a new one that starts later (the
 * worker is not held while it waits). A job that throws is retried by pg-boss; its last attempt fails the training job
 * with TRAINING_CRASHED. Returns a stop function.
 */
export async function startTrainingWorkers(deps: Deps) {
  const { queues, logger } = deps;
  await queues.training.start();
  const workerId = await queues.boss.work(
    TRAINING_QUEUE,
    {
      batchSize: 1,
      perJobResults: true,
      includeMetadata: true,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 5,
    },
    async (jobs: JobWithMetadata<TrainingJobData>[]): Promise<JobResult[]> =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          const { trainingJobId } = job.data;
          try {
            const outcome = await runTrainingJob({
              deps,
              trainingJobId,
              waitUntil: new Date(job.data.waitUntil),
              signal: job.signal,
            });
            if (outcome.kind === "waiting") {
              const checks = (job.data.checks ?? 0) + 1;
              // Sent before this job completes, so the training always has a live job (the sweeper looks for one).
              await queues.training.send(
                { ...job.data, checks },
                { startAfterSeconds: recheckDelaySeconds(checks) },
              );
            }
            return { id: job.id, status: "completed", output: outcome };
          } catch (error) {
            const cause = rootCause(error);
            logger.error({ err: cause, trainingJobId }, "training job failed");
            // A built-in training cannot pick up where it failed (its epochs lived in its thread): it fails now. An
            // OpenAI job is retried, following the fine-tuning job it created, until its last attempt.
            if (
              job.retryCount >= job.retryLimit ||
              (await providerOf(deps.database.db, trainingJobId).catch(() => null)) !== "openai"
            ) {
              await failJob(deps.database.db, trainingJobId, TRAINING_CRASHED).catch((settleError: unknown) =>
                logger.error({ err: settleError, trainingJobId }, "could not mark the training job failed"),
              );
            }
            return { id: job.id, status: "failed", output: { error: String(cause).slice(0, 500) } };
          }
        }),
      ),
  );
  return async () => {
    await queues.boss.offWork(TRAINING_QUEUE, { id: workerId, wait: false }).catch(() => undefined);
  };
}
