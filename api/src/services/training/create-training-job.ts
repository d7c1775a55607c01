// POST /api/training-jobs (and a custom agent's train): a pending job is stored and its pg-boss job queued.
import { DEFAULT_EPOCHS } from "@acp/contracts/constants";
import type { CreateTrainingJob } from "@acp/contracts/inputs";
import { TRAINING_JOB_ALREADY_RUNNING, type TrainingJobSummary } from "@acp/contracts/training";
import type { Db } from "../../db/create-database";
import { isUniqueViolation } from "../../db/errors";
import { trainingJobs } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { DOCUMENT_WAIT_MS } from "../../queues/training-queue";
import { failJob } from "./job-state";
import { toTrainingJobSummary } from "./training-job-response";

type NewJob =
  | { kind: "model"; input: Required<CreateTrainingJob> }
  | { kind: "custom-agent"; agent: { id: string; name: string } };

/**
 * Inserts the job (pending) and queues it. The one-running rule is a partial unique index (one pending or running
 * job per user), so two requests at once cannot both start; the loser gets CONFLICT with the rule in words. A job
 * that cannot be queued is failed with the reason instead of staying pending with nothing to run it.
 */
export async function createTrainingJob({
  deps,
  userId,
  job,
  alsoInTransaction,
}: {
  deps: Deps;
  userId: string;
  job: NewJob;
  /** Runs in the insert's transaction (a custom agent becomes "training" exactly when its job exists). */
  alsoInTransaction?: (tx: Db) => Promise<void>;
}): Promise<TrainingJobSummary> {
  const { db } = deps.database;
  const values =
    job.kind === "model"
      ? {
          userId,
          name: cleanDisplayName(job.input.name),
          modelType: job.input.modelType,
          epochs: job.input.epochs,
        }
      : {
          userId,
          name: `${job.agent.name} training`,
          modelType: "custom" as const,
          customAgentId: job.agent.id,
          epochs: DEFAULT_EPOCHS as 10,
        };
  let row: typeof trainingJobs.$inferSelect | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(trainingJobs)
        .values({ ...values, provider: deps.config.fineTune.provider })
        .returning();
      await alsoInTransaction?.(tx as unknown as Db);
      return inserted;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", TRAINING_JOB_ALREADY_RUNNING);
    throw error;
  }
  if (!row) throw new Error("the training job was not stored");
  const waitUntil = new Date(deps.now().getTime() + DOCUMENT_WAIT_MS).toISOString();
  try {
    await deps.queues.training.send({ trainingJobId: row.id, waitUntil });
  } catch (error) {
    await failJob(db, row.id, "Training could not be queued: try again in a moment");
    throw new AppError("SERVICE_UNAVAILABLE", "The job queue is unavailable: training could not start", {
      cause: error,
    });
  }
  return toTrainingJobSummary(row, job.kind === "custom-agent" ? job.agent : null);
}
