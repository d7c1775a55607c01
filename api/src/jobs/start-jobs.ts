// Starts this process's share of background work: the job queue, ingestion workers and the sweeper (server.ts, worker.ts, tests).
import type { Deps } from "../deps";
import { startIngestionWorkers } from "./ingest-worker";

/**
 * Starts the queue, `concurrency` ingestion jobs at a time and the sweeper for stuck documents. Returns the function
 * that stops them: the workers first, then the extraction children they use (deps.extractionPool; deps.close() stops
 * the queue and closes the database after that).
 */
export async function startJobs(deps: Deps, { concurrency }: { concurrency: number }) {
  await deps.queue.start();
  const stopWorkers = await startIngestionWorkers(deps, { concurrency });
  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      await stopWorkers();
      await deps.extractionPool.close();
    })();
    return stopping;
  };
}
