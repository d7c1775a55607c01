// Runs ingestion jobs from pg-boss in this process: batches settled job by job, plus the sweeper for stuck documents.
import type { JobResult, JobWithMetadata } from "pg-boss";
import type { Deps } from "../deps";
import { INGEST_QUEUE, type IngestJobData } from "../queues/ingestion-queue";
import { ingestDocument, rootCause } from "./ingest-document";
import { startSweeper } from "./sweeper";

/**
 * Registers the ingestion worker (`concurrency` jobs at a time, fetched as one batch and burst while batches come
 * back full) and starts the sweeper. Each job of a batch is settled on its own, so one failure never fails the others.
 * Returns a stop function.
 */
export async function startIngestionWorkers(deps: Deps, { concurrency }: { concurrency: number }) {
  const { queues, logger } = deps;
  const workerId = await queues.boss.work(
    INGEST_QUEUE,
    {
      batchSize: Math.max(1, concurrency),
      burstWhenBatchFull: concurrency > 1,
      perJobResults: true,
      includeMetadata: true,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: 5,
    },
    async (jobs: JobWithMetadata<IngestJobData>[]): Promise<JobResult[]> =>
      Promise.all(
        jobs.map(async (job): Promise<JobResult> => {
          try {
            const outcome = await ingestDocument({
              deps,
              documentId: job.data.documentId,
              signal: job.signal,
              isLastAttempt: job.retryCount >= job.retryLimit,
            });
            if (outcome.kind === "retry") {
              logger.info({ documentId: job.data.documentId }, "ingestion will be retried");
              return { id: job.id, status: "failed", output: { error: outcome.error } };
            }
            return { id: job.id, status: "completed", output: outcome };
          } catch (error) {
            logger.error({ err: rootCause(error), documentId: job.data.documentId }, "ingestion job crashed");
            return {
              id: job.id,
              status: "failed",
              output: { error: String(rootCause(error)).slice(0, 500) },
            };
          }
        }),
      ),
  );
  const sweeper = startSweeper(deps);
  return async () => {
    sweeper.stop();
    await queues.boss.offWork(INGEST_QUEUE, { id: workerId, wait: false }).catch(() => undefined);
  };
}
