// The job queue: pg-boss on the app's own database (the shared PGlite instance, or its own pool on PostgreSQL).
import { sql } from "drizzle-orm";
import { fromDrizzle, fromPglite, PgBoss } from "pg-boss";
import type { Database } from "../db/create-database";

/** The queue every document's ingestion job goes to (one job per document). */
export const INGEST_QUEUE = "ingest-document";

export type IngestJobData = { documentId: string };

/** How a job is retried and bounded (DESIGN 5: a dead or hung worker's job is retried, bounded, then failed). */
export type QueueSettings = {
  /** Attempts per document in total (pg-boss retryLimit is this minus one). */
  maxAttempts: number;
  /** A worker that sends no heartbeat for this long is taken for dead and its job retried (pg-boss minimum 10). */
  heartbeatSeconds: number;
  /** Upper bound of one attempt: the handler is aborted and the job retried after this. */
  expireInSeconds: number;
  /** Seconds between retries. */
  retryDelaySeconds: number;
  /** How often pg-boss's supervisor looks for expired or heartbeat-less jobs. */
  superviseIntervalSeconds: number;
};

export const DEFAULT_QUEUE_SETTINGS: QueueSettings = {
  maxAttempts: 3,
  heartbeatSeconds: 20,
  expireInSeconds: 2 * 60 * 60,
  retryDelaySeconds: 2,
  superviseIntervalSeconds: 10,
};

/** A transaction (drizzle) to send a job in, so the job exists exactly when the rows that need it do. */
export type SendInTransaction = { execute(query: unknown): Promise<unknown> };

export type JobQueue = {
  boss: PgBoss;
  settings: QueueSettings;
  /**
   * Starts pg-boss (installing its schema on first use) and creates the queue. Idempotent; every other method calls
   * it first, outside any transaction of the caller.
   */
  start(): Promise<void>;
  /** Enqueues one ingestion job; with `tx`, inside that drizzle transaction. Returns the job id. */
  sendIngest(documentId: string, options?: { tx?: SendInTransaction }): Promise<string>;
  /** Cancels a queued or running ingestion job (a running handler sees its signal abort at the next heartbeat). */
  cancelIngest(jobId: string): Promise<void>;
  /** The pg-boss state of an ingestion job, or null when it no longer exists. */
  ingestJobState(jobId: string): Promise<string | null>;
  stop(): Promise<void>;
};

/**
 * pg-boss on the app's database, started on first use. On PGlite it shares the app's instance (`backend: 'pglite'`,
 * in-process LISTEN/NOTIFY); on PostgreSQL it opens a small pool of its own on the same server.
 */
export function createJobQueue({
  database,
  settings = DEFAULT_QUEUE_SETTINGS,
  onError = (error) => console.error("[queue]", error.message),
}: {
  database: Database;
  settings?: QueueSettings;
  onError?: (error: Error) => void;
}): JobQueue {
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
    async sendIngest(documentId, { tx } = {}) {
      // Never started from inside a transaction: on PGlite that would wait on the transaction's own lock.
      if (!tx) await start();
      const db: ReturnType<typeof fromDrizzle> | undefined = tx
        ? fromDrizzle(tx as never, sql as never)
        : undefined;
      const data: IngestJobData = { documentId };
      const id = await boss.send(INGEST_QUEUE, data, db ? { db } : {});
      if (!id) throw new Error(`pg-boss did not create an ingestion job for document ${documentId}`);
      return id;
    },
    async cancelIngest(jobId) {
      await start();
      await boss.cancel(INGEST_QUEUE, jobId).catch(() => undefined);
    },
    async ingestJobState(jobId) {
      await start();
      const [job] = await boss.findJobs(INGEST_QUEUE, { id: jobId });
      return job?.state ?? null;
    },
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
