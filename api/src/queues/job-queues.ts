// The job queues: pg-boss on the app's own database (the shared PGlite instance, or its own pool on PostgreSQL).
import { fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/create-database";
import { createIngestionQueue, INGEST_QUEUE, type IngestionQueue } from "./ingestion-queue";
import { DEFAULT_QUEUE_SETTINGS, type QueueSettings } from "./queue-settings";
import { createTrainingQueue, type TrainingQueue } from "./training-queue";

export type JobQueues = {
  /** pg-boss itself, for the workers and sweepers of jobs/ (services use the handles below). */
  boss: PgBoss;
  settings: QueueSettings;
  /**
   * Starts pg-boss (installing its schema on first use) and creates the ingestion queue. Idempotent; every handle
   * calls it first, outside any transaction of the caller.
   */
  start(): Promise<void>;
  /** One job per uploaded document. */
  ingestion: IngestionQueue;
  /** One job per training job (and its later checks while documents are processing). */
  training: TrainingQueue;
  stop(): Promise<void>;
};

/**
 * pg-boss on the app's database, started on first use. On PGlite it shares the app's instance (`backend: 'pglite'`,
 * in-process LISTEN/NOTIFY); on PostgreSQL it opens a small pool of its own on the same server.
 */
export function createJobQueues({
  database,
  settings = DEFAULT_QUEUE_SETTINGS,
  onError = (error) => console.error("[queue]", error.message),
}: {
  database: Database;
  settings?: QueueSettings;
  onError?: (error: Error) => void;
}): JobQueues {
  const common = {
    useListenNotify: true,
    schedule: false,
    superviseIntervalSeconds: settings.superviseIntervalSeconds,
    monitorIntervalSeconds: settings.superviseIntervalSeconds,
  } as const;
  const boss =
    database.engine === "pglite"
      ? new PgBoss({ ...common, db: fromPglite(database.raw), backend: "pglite" })
      : new PgBoss({
          ...common,
          ...connectionOf(database.raw.options),
          max: 4,
          application_name: "acp-queue",
        });
  boss.on("error", onError);
  const NO_JOB_ID = "00000000-0000-0000-0000-000000000000";
  let starting: Promise<void> | undefined;
  let stopped = false;
  const start = () => {
    starting ??= (async () => {
      await boss.start();
      await boss.createQueue(INGEST_QUEUE, {
        retryLimit: settings.maxAttempts - 1,
        retryDelay: settings.retryDelaySeconds,
        expireInSeconds: settings.expireInSeconds,
        heartbeatSeconds: settings.heartbeatSeconds,
        deleteAfterSeconds: 7 * 24 * 60 * 60,
        notify: true,
      });
      // pg-boss caches queue settings at start(), before the queue above existed; its first send would then look
      // the queue up through its own connection. Inside an upload's transaction on PGlite that lookup waits for the
      // transaction's lock, which waits for the send: a process without workers hung on its first upload. Any
      // queue operation outside a transaction fills the cache; cancelling an id no job has changes nothing.
      await boss.cancel(INGEST_QUEUE, NO_JOB_ID);
    })();
    return starting;
  };

  return {
    boss,
    settings,
    start,
    ingestion: createIngestionQueue({ boss, start }),
    training: createTrainingQueue({ boss, settings, startBoss: start }),
    async stop() {
      if (!starting || stopped) return;
      stopped = true;
      await starting.catch(() => undefined);
      await boss.stop({ graceful: true, timeout: 5_000, close: database.engine !== "pglite" });
    },
  };
}

function connectionOf(options: {
  connectionString?: string | undefined;
  host?: string | undefined;
  port?: number | undefined;
  user?: string | undefined;
  database?: string | undefined;
  password?: unknown;
  ssl?: unknown;
}) {
  if (options.connectionString) return { connectionString: options.connectionString, ssl: options.ssl };
  return {
    host: options.host,
    port: options.port,
    user: options.user,
    database: options.database,
    password: typeof options.password === "string" ? options.password : undefined,
    ssl: options.ssl,
  };
}
