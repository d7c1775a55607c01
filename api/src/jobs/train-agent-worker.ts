// Runs custom-agent training jobs from pg-boss in this process (the API's and each `npm run worker`'s).
import type { JobResult, JobWithMetadata } from "pg-boss";
import type { Deps } from "../deps";
import { settleTraining } from "../services/custom-agents/training-result";
import { rootCause } from "./ingest-document";
import { trainAgent } from "./train-agent";
import {
  ensureTrainAgentQueue,
  recheckDelaySeconds,
  sendTrainAgentJob,
  TRAIN_AGENT_QUEUE,
  type TrainAgentJobData,
} from "./train-agent-queue";

/** What the agent shows when its last attempt crashed (the cause goes to the log, not to the user). */
export const TRAINING_CRASHED =
  "Training stopped after an unexpected error on our side: train again, and tell us if it keeps failing";

/**
 * Registers the worker (`concurrency` jobs at a time, at most 2: a job is a few searches). Each job is settled on its
 * own. While the agent's documents are processing, a job hands over to a new one that starts later (the worker is not
 * held while it waits) and completes. A job that throws is retried by pg-boss; its last attempt fails the agent with
 * TRAINING_CRASHED. Returns a stop function.
 */
export async function startAgentTrainingWorkers(deps: Deps, { concurrency }: { concurrency: number }) {
  const { queue, logger } = deps;
  await ensureTrainAgentQueue(queue);
  const batchSize = Math.max(1, Math.min(2, concurrency));
  const workerId = await queue.boss.work(
    TRAIN_AGENT_QUEUE,
    {
      batchSize,
      perJobResults: true,
      includeMetadata: true,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 5,
    },
    async (jobs: JobWithMetadata<TrainAgentJobData>[]): Promise<JobResult[]> =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          const { agentId } = job.data;
          try {
            const outcome = await trainAgent({
              deps,
              agentId,
              waitUntil: new Date(job.data.waitUntil),
              signal: job.signal,
            });
            if (outcome.kind === "waiting") {
              const checks = (job.data.checks ?? 0) + 1;
              // Sent before this job completes, so the agent always has a live job (the sweeper looks for one).
              await sendTrainAgentJob(
                queue,
                { ...job.data, checks },
                { startAfterSeconds: recheckDelaySeconds(checks) },
              );
            }
            return { id: job.id, status: "completed", output: outcome };
          } catch (error) {
            const cause = rootCause(error);
            logger.error({ err: cause, agentId }, "agent training job failed");
            if (job.retryCount >= job.retryLimit) {
              await settleTraining(deps.database.db, agentId, {
                status: "failed",
                reason: TRAINING_CRASHED,
              }).catch((settleError: unknown) =>
                logger.error({ err: settleError, agentId }, "could not mark the agent's training failed"),
              );
            }
            return { id: job.id, status: "failed", output: { error: String(cause).slice(0, 500) } };
          }
        }),
      ),
  );
  return async () => {
    await queue.boss.offWork(TRAIN_AGENT_QUEUE, { id: workerId, wait: false }).catch(() => undefined);
  };
}
