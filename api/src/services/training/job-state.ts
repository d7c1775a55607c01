// The training job's state changes, each a conditional UPDATE: a job that has finished (completed, failed, cancelled)
// is never changed again, so a cancel, a worker and a sweeper racing cannot resurrect or overwrite it.
import type { TrainingOutcome } from "@acp/contracts/training";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { trainingJobs } from "../../db/schema";
import { settleTraining } from "./agent-training-status";

type JobRow = typeof trainingJobs.$inferSelect;
type JobChange = Partial<
  Pick<
    JobRow,
    | "status"
    | "progress"
    | "currentEpoch"
    | "dataset"
    | "baseline"
    | "epochMetrics"
    | "outcome"
    | "externalFileId"
    | "externalJobId"
    | "startedAt"
    | "heartbeatAt"
  >
>;

const ACTIVE = ["pending", "running"] as const;

/** Applies `change` (and a fresh heartbeat) while the job is still pending or running; returns whether it was. */
export async function updateActiveJob(db: Db, jobId: string, change: JobChange): Promise<boolean> {
  const rows = await db
    .update(trainingJobs)
    .set({ heartbeatAt: new Date(), ...change })
    .where(and(eq(trainingJobs.id, jobId), inArray(trainingJobs.status, [...ACTIVE])))
    .returning({ id: trainingJobs.id });
  return rows.length > 0;
}

/** Appends one epoch's metrics and moves progress and epoch on, in one statement (no read-modify-write race). */
export async function recordEpoch(
  db: Db,
  jobId: string,
  { epoch, progress, metrics }: { epoch: number; progress: number; metrics: JobRow["epochMetrics"][number] },
): Promise<boolean> {
  const rows = await db
    .update(trainingJobs)
    .set({
      currentEpoch: epoch,
      progress,
      heartbeatAt: new Date(),
      epochMetrics: sql`${trainingJobs.epochMetrics} || ${JSON.stringify([metrics])}::jsonb`,
    })
    .where(and(eq(trainingJobs.id, jobId), eq(trainingJobs.status, "running")))
    .returning({ id: trainingJobs.id });
  return rows.length > 0;
}

/** Completes a running job with its outcome; a custom agent becomes trained. */
export async function completeJob(
  db: Db,
  jobId: string,
  { outcome, baseline }: { outcome: TrainingOutcome; baseline: JobRow["baseline"] },
): Promise<boolean> {
  const rows = await db
    .update(trainingJobs)
    .set({
      status: "completed",
      progress: 100,
      currentEpoch: sql`${trainingJobs.epochs}`,
      outcome,
      baseline,
      completedAt: new Date(),
      heartbeatAt: new Date(),
    })
    .where(and(eq(trainingJobs.id, jobId), eq(trainingJobs.status, "running")))
    .returning({ customAgentId: trainingJobs.customAgentId });
  const [row] = rows;
  if (!row) return false;
  if (row.customAgentId) await settleTraining(db, row.customAgentId, { status: "trained" });
  return true;
}

/** Fails a pending or running job with a reason for people; a custom agent it trained fails with the same reason. */
export async function failJob(
  db: Db,
  jobId: string,
  reason: string,
  { cancelled = false }: { cancelled?: boolean } = {},
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(trainingJobs)
    .set({
      status: "failed",
      error: reason,
      completedAt: now,
      ...(cancelled ? { cancelRequestedAt: now } : {}),
    })
    .where(and(eq(trainingJobs.id, jobId), inArray(trainingJobs.status, [...ACTIVE])))
    .returning({ customAgentId: trainingJobs.customAgentId });
  const [row] = rows;
  if (!row) return false;
  if (row.customAgentId) await settleTraining(db, row.customAgentId, { status: "failed", reason });
  return true;
}

/** Whether the job was cancelled or otherwise ended by someone else (the worker then stops). */
export async function jobEnded(db: Db, jobId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: trainingJobs.status, cancelRequestedAt: trainingJobs.cancelRequestedAt })
    .from(trainingJobs)
    .where(eq(trainingJobs.id, jobId));
  return !row || row.cancelRequestedAt !== null || (row.status !== "pending" && row.status !== "running");
}

/** The job's provider (null when the job is gone). */
export async function providerOf(db: Db, jobId: string): Promise<JobRow["provider"] | null> {
  const [row] = await db
    .select({ provider: trainingJobs.provider })
    .from(trainingJobs)
    .where(eq(trainingJobs.id, jobId));
  return row?.provider ?? null;
}
