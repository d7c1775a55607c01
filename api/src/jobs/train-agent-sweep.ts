// Finds custom agents left "training" with no live job (a crash, a lost job) and fails them with a reason.
import { and, eq, lt, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows-of";
import { customAgents } from "../db/schema";
import type { Deps } from "../deps";
import { settleTraining } from "../services/custom-agents/training-result";
import { ensureTrainAgentQueue, hasLiveTrainAgentJob, TRAIN_AGENT_QUEUE } from "./train-agent-queue";

export const TRAINING_LOST =
  "Training stopped: the worker running it stopped responding. Train again to start over";

/**
 * One pass: an agent training for longer than `staleSeconds` is left to its job while pg-boss holds one for it
 * (queued, retrying or running: pg-boss's own supervision retries a dead worker's job); otherwise nothing will ever
 * settle it, so it fails with TRAINING_LOST. Returns the ids of the agents it failed.
 */
export async function sweepStuckTraining(
  deps: Deps,
  { staleSeconds }: { staleSeconds: number },
): Promise<string[]> {
  const { db } = deps.database;
  const cutoff = new Date(Date.now() - staleSeconds * 1000);
  const stuck = await db
    .select({ id: customAgents.id })
    .from(customAgents)
    .where(and(eq(customAgents.trainingStatus, "training"), lt(customAgents.updatedAt, cutoff)))
    .limit(100);
  if (stuck.length === 0) return [];
  await ensureTrainAgentQueue(deps.queue);
  const failed: string[] = [];
  for (const agent of stuck) {
    if (await hasLiveTrainAgentJob(deps.queue, agent.id)) continue;
    if (await settleTraining(db, agent.id, { status: "failed", reason: TRAINING_LOST }))
      failed.push(agent.id);
  }
  return failed;
}

/**
 * On PGlite one process owns the database, so at start-up an active training job belongs to a process that died:
 * fail it now (pg-boss retries it while attempts remain) instead of waiting for its heartbeat to go stale.
 */
export async function releaseOrphanedTrainingJobs(deps: Deps): Promise<number> {
  if (deps.database.engine !== "pglite") return 0;
  const active = await deps.database.db.execute(
    sql`select id::text as id from pgboss.job where name = ${TRAIN_AGENT_QUEUE} and state = 'active'`,
  );
  const orphans = rowsOf<{ id: string }>(active).map((row) => row.id);
  if (orphans.length > 0) {
    await deps.queue.boss.fail(TRAIN_AGENT_QUEUE, orphans, { error: "the process running this job stopped" });
  }
  return orphans.length;
}
