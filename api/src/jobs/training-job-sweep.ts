// Finds training jobs left pending or running with no live pg-boss job (a crash, a lost job) and fails them with a
// reason, so no job stays "running" forever; and, on PGlite at start-up, releases the jobs of the process that died.
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { trainingJobs } from "../db/schema";
import type { Deps } from "../deps";
import { TRAINING_QUEUE } from "../queues/training-queue";
import { failJob } from "../services/training/job-state";
import { interruptedMessage } from "../services/training/run-training-job";

/**
 * One pass: a job whose heartbeat (or, before its first, last change) is older than `staleSeconds` is left to
 * pg-boss while it holds a live job for it (queued, retrying or running: pg-boss's own supervision retries a dead
 * worker's job); otherwise nothing will ever settle it, so it fails saying where it stopped. Returns the failed ids.
 */
export async function sweepStuckTrainingJobs(
  deps: Deps,
  { staleSeconds }: { staleSeconds: number },
): Promise<string[]> {
  const { db } = deps.database;
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  const stuck = await db
    .select({ id: trainingJobs.id, currentEpoch: trainingJobs.currentEpoch, epochs: trainingJobs.epochs })
    .from(trainingJobs)
    .where(
      and(
        inArray(trainingJobs.status, ["pending", "running"]),
        or(
          lt(trainingJobs.heartbeatAt, cutoff),
          and(isNull(trainingJobs.heartbeatAt), lt(trainingJobs.updatedAt, cutoff)),
        ),
      ),
    )
    .limit(100);
  if (stuck.length === 0) return [];
  await deps.queues.training.start();
  const failed: string[] = [];
  for (const job of stuck) {
    if (await deps.queues.training.isLive(job.id)) continue;
    if (await failJob(db, job.id, interruptedMessage(job))) failed.push(job.id);
  }
  return failed;
}

/**
 * On PGlite one process owns the database, so at start-up an active training job belongs to a process that died:
 * fail it now (pg-boss retries it: the retry fails a built-in training saying where it stopped, and resumes
 * following an OpenAI fine-tuning job) instead of waiting for its heartbeat to go stale.
 */
export async function releaseOrphanedTrainingJobs(deps: Deps): Promise<number> {
  if (deps.database.engine !== "pglite") return 0;
  await deps.queues.training.start();
  const active = await deps.database.db.execute(
    sql`select id::text as id from pgboss.job where name = ${TRAINING_QUEUE} and state = 'active'`,
  );
  const orphans = rowsOf<{ id: string }>(active).map((row) => row.id);
  if (orphans.length > 0) {
    await deps.queues.boss.fail(TRAINING_QUEUE, orphans, { error: "the process running this job stopped" });
  }
  return orphans.length;
}
