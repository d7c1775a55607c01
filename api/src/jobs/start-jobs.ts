// Starts this process's share of background work: the job queue, ingestion and agent-training workers and the sweeper (server.ts, worker.ts, tests).
import type { Deps } from "../deps";
import { startIngestionWorkers } from "./ingest-worker";
import { startTrainingWorkers } from "./training-job-worker";

/**
 * Starts the queue, `concurrency` ingestion jobs at a time, training jobs (training-job-worker.ts) and the sweeper
 * for stuck documents and training jobs. Returns the function that stops them: the workers first, then the extraction children they use (deps.extractionPool; deps.close() stops
 * the queue and closes the database after that).
 */
export async function startJobs(deps: Deps, { concurrency }: { concurrency: number }) {
  await deps.queues.start();
  const stopWorkers = await startIngestionWorkers(deps, { concurrency });
  let stopTrainingWorkers: () => Promise<void>;
  try {
    stopTrainingWorkers = await startTrainingWorkers(deps);
  } catch (error) {
    await stopWorkers();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      await stopTrainingWorkers();
      await stopWorkers();
      await deps.extractionPool.close();
    })();
    return stopping;
  };
}
