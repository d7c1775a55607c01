// The ingestion queue's handle: one pg-boss job per document, sent in the upload's own transaction when given one.
import { sql } from "drizzle-orm";
import { fromDrizzle, type PgBoss } from "pg-boss";

/** The queue every document's ingestion job goes to (one job per document). */
export const INGEST_QUEUE = "ingest-document";

export type IngestJobData = { documentId: string };

/** A transaction (drizzle) to send a job in, so the job exists exactly when the rows that need it do. */
type SendInTransaction = { execute(query: unknown): Promise<unknown> };

export type IngestionQueue = {
  /** Starts pg-boss and creates the queue (idempotent); call it outside any transaction before sending inside one. */
  start(): Promise<void>;
  /** Enqueues one ingestion job; with `tx`, inside that drizzle transaction. Returns the job id. */
  send(documentId: string, options?: { tx?: SendInTransaction }): Promise<string>;
  /** Cancels a queued or running ingestion job (a running handler sees its signal abort at the next heartbeat). */
  cancel(jobId: string): Promise<void>;
  /** The pg-boss state of an ingestion job, or null when it no longer exists. */
  state(jobId: string): Promise<string | null>;
};

/** The handle on `boss`; `start` is the queues' own (job-queues.ts), which creates this queue. */
export function createIngestionQueue({
  boss,
  start,
}: {
  boss: PgBoss;
  start: () => Promise<void>;
}): IngestionQueue {
  return {
    start,
    async send(documentId, { tx } = {}) {
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
    async cancel(jobId) {
      await start();
      await boss.cancel(INGEST_QUEUE, jobId).catch(() => undefined);
    },
    async state(jobId) {
      await start();
      const [job] = await boss.findJobs(INGEST_QUEUE, { id: jobId });
      return job?.state ?? null;
    },
  };
}
