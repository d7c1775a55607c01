// Finds documents left `processing` with no live job (a crash, a lost job) and requeues them or fails them with a reason.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { documents } from "../db/schema";
import type { Deps } from "../deps";
import { INGEST_QUEUE } from "../queues/ingestion-queue";
import { deleteDocumentIndex } from "../services/retrieval/index-document";
import { rollUpRequestLog } from "../services/usage/roll-up-request-log";
import { failDocument } from "./ingestion-attempt";
import { releaseOrphanedTrainingJobs, sweepStuckTrainingJobs } from "./training-job-sweep";

const LIVE_JOB_STATES = new Set(["created", "retry", "active"]);

type SweepResult = { requeued: string[]; failed: string[]; cleared: string[] };

/**
 * One pass. A processing document whose heartbeat is older than `staleSeconds` is looked at: while its pg-boss job is
 * still queued, retrying or active, pg-boss owns it (its heartbeat monitor retries a dead worker's job); otherwise the
 * job is gone or finished without settling the document, so it is requeued while attempts remain, else failed.
 */
export async function sweepStuckDocuments(
  deps: Deps,
  { staleSeconds }: { staleSeconds: number },
): Promise<SweepResult> {
  const { db } = deps.database;
  const { queues } = deps;
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  const stale = await db
    .select({ id: documents.id, jobId: documents.jobId, attempts: documents.attempts })
    .from(documents)
    .where(
      and(
        eq(documents.status, "processing"),
        or(
          lt(documents.heartbeatAt, cutoff),
          and(isNull(documents.heartbeatAt), lt(documents.updatedAt, cutoff)),
        ),
      ),
    )
    .limit(500);
  const result: SweepResult = { requeued: [], failed: [], cleared: [] };
  for (const doc of stale) {
    const state = doc.jobId ? await queues.ingestion.state(doc.jobId) : null;
    if (state && LIVE_JOB_STATES.has(state)) continue;
    if (doc.attempts >= queues.settings.maxAttempts) {
      await failDocument(
        db,
        doc.id,
        `Processing stopped: the worker handling this document stopped responding ${doc.attempts} times`,
      );
      result.failed.push(doc.id);
      continue;
    }
    const jobId = await queues.ingestion.send(doc.id);
    await db
      .update(documents)
      .set({ jobId, stage: "queued", progress: 0, heartbeatAt: new Date() })
      .where(and(eq(documents.id, doc.id), eq(documents.status, "processing")));
    result.requeued.push(doc.id);
  }
  result.cleared = await clearFailedIndexes(deps);
  return result;
}

/**
 * Removes the chunk rows and vectors that failed documents still have: an attempt that died (kill -9, a lost worker)
 * or whose own clean-up failed leaves them behind. Search already ignores them (only completed documents answer);
 * this gives the space back and keeps every store's counts true.
 */
async function clearFailedIndexes(deps: Deps): Promise<string[]> {
  const leftovers = rowsOf<{ id: string; user_id: string }>(
    await deps.database.db.execute(sql`
      select d.id, d.user_id from documents d
      where d.status = 'failed' and exists (select 1 from document_chunks c where c.document_id = d.id)
      limit 100`),
  );
  const cleared: string[] = [];
  for (const row of leftovers) {
    try {
      await deleteDocumentIndex({ deps, userId: row.user_id, documentId: row.id });
      cleared.push(row.id);
    } catch (error) {
      deps.logger.warn({ documentId: row.id, err: error }, "could not remove a failed document's index");
    }
  }
  return cleared;
}

/**
 * On PGlite one process owns the database, so at start-up every active ingestion job belongs to a process that died:
 * fail them now (pg-boss retries while attempts remain) instead of waiting for their heartbeat to go stale.
 */
async function releaseOrphanedJobs(deps: Deps): Promise<number> {
  if (deps.database.engine !== "pglite") return 0;
  // pg-boss keeps every job of every state in pgboss.job; only the active ones of this queue matter here.
  const active = await deps.database.db.execute<{ id: string }>(
    sql`select id::text as id from pgboss.job where name = ${INGEST_QUEUE} and state = 'active'`,
  );
  const orphans = rowsOf<{ id: string }>(active).map((row) => row.id);
  if (orphans.length > 0) {
    await deps.queues.boss.fail(INGEST_QUEUE, orphans, { error: "the process running this job stopped" });
  }
  return orphans.length;
}

/** Runs a pass now (after releasing orphans) and then every `intervalSeconds`; stop() ends it. */
export function startSweeper(deps: Deps, { intervalSeconds = 30 }: { intervalSeconds?: number } = {}) {
  const staleSeconds = Math.max(30, deps.queues.settings.heartbeatSeconds * 3);
  let running: Promise<unknown> = Promise.resolve();
  // Training jobs (and the custom agents they train) left active by a lost job are swept in the same pass.
  const sweepTraining = () =>
    sweepStuckTrainingJobs(deps, { staleSeconds }).catch((error: unknown) =>
      deps.logger.error({ err: error }, "training sweep failed"),
    );
  // Request-log rows past their 30 days become hourly totals, in bounded batches (services/usage/roll-up-request-log.ts).
  const rollUp = () =>
    rollUpRequestLog({ db: deps.database.db, now: deps.now() }).then(
      ({ rolledUp, done }) => {
        if (rolledUp > 0) deps.logger.info({ rolledUp, done }, "request log rolled up into hourly totals");
      },
      (error: unknown) => deps.logger.error({ err: error }, "request log roll-up failed"),
    );
  const pass = () => {
    running = running
      .then(() => sweepStuckDocuments(deps, { staleSeconds }))
      .catch((error: unknown) => deps.logger.error({ err: error }, "document sweep failed"))
      .then(sweepTraining)
      .then(rollUp);
  };
  running = releaseOrphanedJobs(deps)
    .catch((error: unknown) => deps.logger.error({ err: error }, "releasing orphaned jobs failed"))
    .then(() => releaseOrphanedTrainingJobs(deps))
    .catch((error: unknown) => deps.logger.error({ err: error }, "releasing orphaned training jobs failed"))
    .then(() => sweepStuckDocuments(deps, { staleSeconds }))
    .catch((error: unknown) => deps.logger.error({ err: error }, "document sweep failed"))
    .then(sweepTraining)
    .then(rollUp);
  const timer = setInterval(pass, intervalSeconds * 1000);
  timer.unref();
  return {
    stop: () => clearInterval(timer),
    /** Resolves when the pass in flight (if any) is done. */
    idle: () => running,
  };
}
