// The one place that builds what handlers, jobs and the server need (DESIGN 4): createDeps(config) -> Deps.

import { createOidcProvider, type OidcProvider } from "./auth/oidc";
import { createDatabase, type Database } from "./db/create-database";
import type { AppConfig } from "./env";
import { ExtractionPool } from "./ingestion/extraction-pool";
import { createLogger, type Logger } from "./lib/logger";
import { createStreamRegistry, type StreamRegistry } from "./lib/open-streams";
import { createRequestActivity, type RequestActivity } from "./lib/request-activity";
import type { Responder } from "./providers/chat-model/responder";
import { createEmbedder } from "./providers/embedder/create-embedder";
import type { Embedder } from "./providers/embedder/embedder";
import {
  createEmbeddingThread,
  type EmbeddingThreadHandle,
} from "./providers/embedder/local-embedder-thread";
import { createFineTuning, type FineTuning } from "./providers/fine-tuning/fine-tuning";
import { createMemoryRateLimitStore } from "./providers/rate-limit/memory-rate-limit-store";
import type { RateLimitStore } from "./providers/rate-limit/rate-limit-store";
import { createRedisRateLimitStore } from "./providers/rate-limit/redis-rate-limit-store";
import { createVectorStore } from "./providers/vector-store/create-vector-store";
import type { VectorStore } from "./providers/vector-store/vector-store";
import { createJobQueues, type JobQueues } from "./queues/job-queues";
import { type ApiKeyLastUsed, createApiKeyLastUsedTracker } from "./services/api-keys/last-used-tracker";
import { createResponder } from "./services/chat/create-responder";
import { ChunkIndexCache } from "./services/retrieval/chunk-index-cache";
import { watchIndexLoads } from "./services/retrieval/embedder-migration";
import { EmbedderMigrations } from "./services/retrieval/embedder-migrations";
import { AgentRankerCache } from "./services/retrieval/rerank/trained-models";
import { createTrainerThread, type Trainer } from "./services/training/trainer-thread";
import { type ApiUsageRecorder, createApiUsageRecorder } from "./services/usage/api-usage-recorder";

export type Deps = {
  config: AppConfig;
  /** drizzle (`db`), the engine, and the raw driver (`raw`: PGlite instance or pg.Pool) for pg-boss. */
  database: Database;
  vectorStore: VectorStore;
  /**
   * Sign-in, sign-up and session-lookup counters and the hourly API limits: in memory (one instance), or in Redis
   * (REDIS_URL) so that every instance shares each limit.
   */
  rateLimitStore: RateLimitStore;
  /** The clock sessions, limits and metrics use; tests inject their own. */
  now: () => Date;
  logger: Logger;
  /** Open streaming responses; close() aborts them so shutdown does not wait for clients. */
  streams: StreamRegistry;
  /** Requests in flight: ingestion's writes on PGlite wait for a quiet moment (they share the event loop). */
  requestActivity: RequestActivity;
  /**
   * pg-boss on the app's database: the ingestion and training queues' handles (send, cancel, state); the workers are
   * started by jobs/start-jobs.ts, not here.
   */
  queues: JobQueues;
  /** Makes the vectors of new chunks and queries (EMBEDDINGS_PROVIDER); the index is rebuilt when it changes. */
  embedder: Embedder;
  /** Writes chat answers from retrieved passages (LLM_PROVIDER): the built-in grounded responder or a chat model. */
  responder: Responder;
  /** Child processes that read uploaded files (EXTRACTION_PROCESSES), used by this process's ingestion jobs. */
  extractionPool: ExtractionPool;
  /** The identity provider people sign in with (OIDC_ISSUER; its discovery is fetched once), or none: built-in accounts. */
  oidc: OidcProvider | undefined;
  /** The built-in embedder's worker thread (large batches are embedded there, off the event loop). */
  embeddingThread: EmbeddingThreadHandle;
  /** This process's users' search indexes (postings and dense codes) within CHUNK_INDEX_MB. */
  chunkIndexes: ChunkIndexCache;
  /**
   * Users' re-embeddings after an embedder change, started when a user's index loads (or by an upload, or at
   * start-up); close() aborts them between slices and waits.
   */
  embedderMigrations: EmbedderMigrations;
  /** The public API's request log: record() buffers, batches are written about once a second and on close. */
  apiUsage: ApiUsageRecorder;
  /** Agents' trained re-rankers, decoded once per stored version (their retrieval reorders its results with them). */
  agentRankers: AgentRankerCache;
  /** OpenAI's fine-tuning (FINE_TUNE_PROVIDER=openai), or none: the built-in trainer trains agents' re-rankers. */
  fineTuning: FineTuning | undefined;
  /** The built-in trainer: one worker thread per training job; close() terminates those still running. */
  trainer: Trainer;
  /** API keys' lastUsed, noted per use and written about once a minute and on close (no write per request). */
  apiKeyLastUsed: ApiKeyLastUsed;
  /** Aborts open streams, then stops whatever was started here, then closes the database. Idempotent. */
  close: () => Promise<void>;
};

/**
 * The memory store, or the Redis store when REDIS_URL is set; start-up waits a few seconds for Redis, then serves
 * anyway (limited routes answer 503 until it is reachable: the store fails closed).
 */
async function createRateLimitStore({
  config,
  logger,
  now,
}: {
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}): Promise<{ store: RateLimitStore; close: () => Promise<void> }> {
  if (!config.redis) return { store: createMemoryRateLimitStore({ now }), close: async () => {} };
  const store = createRedisRateLimitStore({ ...config.redis, logger, now });
  await store.ready();
  return { store, close: () => store.close() };
}

/** Anything createDeps would build can be handed in instead (tests: a throwaway database, a fake clock). */
export type DepsOverrides = Partial<Omit<Deps, "config" | "close">>;

export async function createDeps(config: AppConfig, overrides: DepsOverrides = {}): Promise<Deps> {
  const now = overrides.now ?? (() => new Date());
  const logger = overrides.logger ?? createLogger(config);
  const database = overrides.database ?? (await createDatabase(config, { logger }));
  // Both start their thread or children on first use only.
  const embeddingThread = overrides.embeddingThread ?? createEmbeddingThread();
  const extractionPool =
    overrides.extractionPool ?? new ExtractionPool({ processes: config.extractionProcesses });
  /** Run in reverse order of creation by close(); each dependency that needs stopping pushes its step. */
  const stopSteps: (() => Promise<void>)[] = [
    () => database.close(),
    () => embeddingThread.close(),
    () => extractionPool.close(),
  ];
  try {
    const vectorStore = overrides.vectorStore ?? createVectorStore({ config, database });
    let rateLimitStore: RateLimitStore;
    if (overrides.rateLimitStore) {
      rateLimitStore = overrides.rateLimitStore;
    } else {
      const created = await createRateLimitStore({ config, logger, now });
      rateLimitStore = created.store;
      stopSteps.push(created.close);
    }
    const streams = overrides.streams ?? createStreamRegistry();
    const requestActivity = overrides.requestActivity ?? createRequestActivity();
    const embedder = overrides.embedder ?? createEmbedder({ config, thread: embeddingThread, logger });
    const responder = overrides.responder ?? createResponder({ config });
    const chunkIndexes =
      overrides.chunkIndexes ??
      new ChunkIndexCache({ db: database.db, memoryMb: config.chunkIndexMb, logger });
    const embedderMigrations = overrides.embedderMigrations ?? new EmbedderMigrations();
    stopSteps.push(() => embedderMigrations.close());
    const trainer = overrides.trainer ?? createTrainerThread();
    stopSteps.push(() => trainer.close());
    const queues =
      overrides.queues ??
      createJobQueues({ database, onError: (error) => logger.error({ err: error }, "job queue error") });
    stopSteps.push(() => queues.stop());
    // Pushed after the database's step, so it runs before it: the last entries are written while it is open.
    let apiUsage: ApiUsageRecorder;
    if (overrides.apiUsage) {
      const given = overrides.apiUsage;
      apiUsage = given;
      stopSteps.push(() => given.flush());
    } else {
      const own = createApiUsageRecorder({ db: database.db, logger });
      apiUsage = own;
      stopSteps.push(() => own.close());
    }
    let apiKeyLastUsed: ApiKeyLastUsed;
    if (overrides.apiKeyLastUsed) {
      const given = overrides.apiKeyLastUsed;
      apiKeyLastUsed = given;
      stopSteps.push(() => given.flush());
    } else {
      const own = createApiKeyLastUsedTracker({ db: database.db, logger });
      apiKeyLastUsed = own;
      stopSteps.push(() => own.close());
    }

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        streams.abortAll();
        for (const step of stopSteps.toReversed()) {
          try {
            await step();
          } catch (error) {
            logger.error({ err: error }, "closing a dependency failed");
          }
        }
      })();
      return closing;
    };
    const deps: Deps = {
      config,
      database,
      vectorStore,
      rateLimitStore,
      now,
      logger,
      streams,
      requestActivity,
      embedder,
      responder,
      embeddingThread,
      extractionPool,
      oidc: overrides.oidc ?? (config.oidc ? createOidcProvider(config.oidc) : undefined),
      chunkIndexes,
      embedderMigrations,
      queues,
      trainer,
      fineTuning: overrides.fineTuning ?? createFineTuning(config.fineTune),
      apiUsage,
      apiKeyLastUsed,
      agentRankers: overrides.agentRankers ?? new AgentRankerCache(database.db),
      close,
    };
    // The user's embedder state is resolved (and a rebuild started) when their index loads, never while searching.
    const unwatch = watchIndexLoads(deps);
    stopSteps.push(async () => unwatch());
    return deps;
  } catch (error) {
    // Whatever was started (a Redis connection's reconnect loop would keep the process alive), then the database.
    for (const step of stopSteps.toReversed()) await step().catch(() => undefined);
    throw error;
  }
}
