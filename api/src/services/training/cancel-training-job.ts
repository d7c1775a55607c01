// POST /api/training-jobs/{id}/cancel: a pending or running job ends failed, saying it was cancelled and where.
import type { TrainingJobSummary } from "@acp/contracts/training";
import { and, eq } from "drizzle-orm";
import { trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { failJob } from "./job-state";
import { getTrainingJob } from "./list-training-jobs";

/**
 * The job is failed here at once (so the one-running rule frees the user), and the worker running it, in whichever
 * process, sees the cancel at its next check (within seconds) and stops its thread or the OpenAI job. A finished job
 * answers CONFLICT; another user's job NOT_FOUND.
 */
export async function cancelTrainingJob({
  deps,
  userId,
  jobId,
}: {
  deps: Deps;
  userId: string;
  jobId: string;
}): Promise<TrainingJobSummary> {
  const { db } = deps.database;
  const [job] = await db
    .select()
    .from(trainingJobs)
    .where(and(eq(trainingJobs.id, jobId), eq(trainingJobs.userId, userId)));
  if (!job) throw new AppError("NOT_FOUND", "Training job not found");
  const where =
    job.status === "running" && job.currentEpoch > 0
      ? ` after epoch ${job.currentEpoch} of ${job.epochs}`
      : job.status === "running"
        ? " while it was preparing"
        : " before it started";
  if (!(await failJob(db, job.id, `Cancelled by you${where}`, { cancelled: true }))) {
    throw new AppError(
      "CONFLICT",
      `${job.name} has already ${job.status === "completed" ? "completed" : "ended"}: there is nothing to cancel`,
    );
  }
  await deps.queues.training
    .cancel(job.id)
    .catch((error: unknown) =>
      deps.logger.warn({ err: error, jobId }, "could not cancel the training job's queue entry"),
    );
  const detail = await getTrainingJob({ db, userId, jobId });
  if (!detail) throw new AppError("NOT_FOUND", "Training job not found");
  const { dataset: _d, baseline: _b, epochMetrics: _e, outcome: _o, ...summary } = detail;
  return summary;
}
