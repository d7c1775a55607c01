// Process entry point: reads the environment, builds the dependencies, readies the vector store, serves HTTP, shuts down cleanly.
import { createApp } from "./app";
import { DataDirInUseError } from "./db/data-dir-lock";
import { createDeps } from "./deps";
import { ConfigError, loadConfig } from "./env";
import { startInterruptedAnswerSweep } from "./jobs/interrupted-answers";
import { startJobs } from "./jobs/start-jobs";
import { serveApp } from "./lib/http-server";
import { redactErrorForLog } from "./lib/log-redaction";
import { createLogger } from "./lib/logger";
import { startMemoryLog } from "./lib/memory-log";
import { SPOOL_SWEEP_INTERVAL_MS, sweepStaleSpools } from "./services/documents/spool-sweeper";
import { recentlyActiveUsers, warmChunkIndexes } from "./services/retrieval/chunk-index-warmup";
import { rebuildStaleIndexes } from "./services/retrieval/embedder-migration";

/** How long in-flight requests get to finish on SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/** While shutting down: how often connections that have finished their last response are closed. */
const IDLE_CLOSE_INTERVAL_MS = 100;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const deps = await createDeps(config, { logger });
  const { vectorStore } = deps;
  // Never fatal: without a usable store the rest of the app works and the vector routes answer 503.
  const vectorStatus = await vectorStore.ensureReady();
  if (vectorStatus.ready) {
    logger.info({ kind: vectorStore.kind, dimension: vectorStore.dimension }, "vector store ready");
  } else {
    logger.warn({ reason: vectorStatus.reason }, "vector store unavailable");
  }
  // This process runs ingestion jobs (and sweeps stuck documents) unless WORKERS=0 leaves them to worker processes.
  const stopJobs = config.workers > 0 ? await startJobs(deps, { concurrency: config.workers }) : undefined;
  // Questions a process that died left unanswered get an answer marked interrupted, now and every few minutes
  // (jobs/interrupted-answers.ts); the first pass ends before this process can answer anything.
  const interruptedAnswers = startInterruptedAnswerSweep(deps);
  await interruptedAnswers.ready;
  const app = createApp(deps);
  // After an embedder change, every user's index is rebuilt in the background; search keeps the old vectors meanwhile.
  void rebuildStaleIndexes(deps)
    .then((count) => {
      if (count > 0) logger.info({ users: count }, "rebuilding indexes made by another embedder");
    })
    .catch((error: unknown) => logger.error({ err: error }, "starting the index rebuild failed"));

  // Spooled uploads a killed process left behind: now, then now and again.
  const sweepSpools = () =>
    sweepStaleSpools(config.upload.spoolDir)
      .then((removed) => {
        if (removed > 0) logger.info({ removed }, "removed the spools of uploads a stopped process left");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "sweeping stale upload spools failed"));
  void sweepSpools();
  const spoolSweep = setInterval(() => void sweepSpools(), SPOOL_SWEEP_INTERVAL_MS);
  spoolSweep.unref();

  const stopMemoryLog = config.memoryLogIntervalMs
    ? startMemoryLog(logger, config.memoryLogIntervalMs)
    : () => undefined;

  // Active users' first search after a restart finds their index loaded; stopped by shutdown.
  const warming = new AbortController();
  void recentlyActiveUsers(deps.database.db, 100)
    .then((userIds) => warmChunkIndexes(deps.chunkIndexes, userIds, warming.signal))
    .then((users) => {
      if (users > 0) logger.info({ users }, "loaded the search indexes of recently active users");
    })
    .catch((error: unknown) => {
      if (!warming.signal.aborted) logger.warn({ err: error }, "loading search indexes at start-up failed");
    });

  // Timeouts against slow clients that still let 200 MB uploads through (lib/http-server.ts).
  const server = serveApp({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    logger.info(
      {
        url: `http://${info.address}:${info.port}`,
        publicUrl: config.publicUrl,
        database: config.databaseUrl ? "postgres" : `pglite:${config.dataDir}`,
        oidcIssuer: config.oidc?.issuer,
      },
      "listening",
    );
  });
  server.on("error", (error) => {
    logger.error({ err: error }, "HTTP server error");
    process.exitCode = 1;
    void deps.close().finally(() => process.exit());
  });

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: closing the HTTP server, open streams, then the database");
    const force = setTimeout(() => {
      logger.error("shutdown took more than 10 s, exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    warming.abort();
    stopMemoryLog();
    clearInterval(spoolSweep);
    // Streaming responses (SSE) never end on their own: abort them now so close() does not wait for clients.
    deps.streams.abortAll();
    // Idle keep-alive sockets would hold close() open (for SERVER_TIMEOUTS.keepAliveMs); in-flight requests still
    // finish, and each connection is closed as soon as it falls idle after its last response.
    server.closeIdleConnections();
    const closeIdle = setInterval(() => server.closeIdleConnections(), IDLE_CLOSE_INTERVAL_MS);
    closeIdle.unref();
    server.close(() => {
      clearInterval(closeIdle);
      Promise.resolve(stopJobs?.())
        .then(() => interruptedAnswers.stop())
        .then(() => deps.close())
        .catch((error: unknown) => logger.error({ err: error }, "closing the dependencies failed"))
        .finally(() => {
          clearTimeout(force);
          process.exit();
        });
    });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  // Before the logger exists (bad environment) a plain line on stderr is the clearest message; anything else is
  // redacted as the logger would (a failed migration's error carries its SQL's values).
  const expected = error instanceof ConfigError || error instanceof DataDirInUseError;
  console.error(expected ? error.message : redactErrorForLog(error));
  process.exit(1);
});
