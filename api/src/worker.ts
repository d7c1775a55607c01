// Worker process entry point (`npm run worker -w @acp/api`): runs ingestion jobs against the same PostgreSQL as the API.
import { createDeps } from "./deps";
import { ConfigError, loadConfig } from "./env";
import { startJobs } from "./jobs/start-jobs";
import { redactErrorForLog } from "./lib/log-redaction";
import { createLogger } from "./lib/logger";

/** Jobs a worker process runs at once when WORKERS is unset or 0 (0 means "none in the API", not here). */
const DEFAULT_WORKER_CONCURRENCY = 2;

async function main(): Promise<void> {
  const loaded = loadConfig();
  if (!loaded.databaseUrl) {
    throw new ConfigError(
      "Invalid environment:\n  DATABASE_URL: a worker process needs PostgreSQL (the embedded PGlite database is opened by the API process alone, which runs its own workers)",
    );
  }
  const config = { ...loaded, workers: loaded.workers > 0 ? loaded.workers : DEFAULT_WORKER_CONCURRENCY };
  const logger = createLogger(config);
  const deps = await createDeps(config, { logger });
  const vectorStatus = await deps.vectorStore.ensureReady();
  if (!vectorStatus.ready) logger.warn({ reason: vectorStatus.reason }, "vector store unavailable");
  const stopJobs = await startJobs(deps, { concurrency: config.workers });
  logger.info({ concurrency: config.workers }, "ingestion worker started");

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "worker shutting down: finishing or releasing its jobs");
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    stopJobs()
      .then(() => deps.close())
      .catch((error: unknown) => logger.error({ err: error }, "closing the worker failed"))
      .finally(() => process.exit());
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : redactErrorForLog(error));
  process.exit(1);
});
