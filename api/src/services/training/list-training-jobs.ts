// The signed-in user's training jobs, newest first, and one job with its metrics.
import type { TrainingJobDetail, TrainingJobSummary } from "@acp/contracts/training";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents, trainingJobs } from "../../db/schema";
import { toTrainingJobDetail, toTrainingJobSummary } from "./training-job-response";

const columns = { job: trainingJobs, agentId: customAgents.id, agentName: customAgents.name };

function agentOf(row: { agentId: string | null; agentName: string | null }) {
  return row.agentId && row.agentName !== null ? { id: row.agentId, name: row.agentName } : null;
}

export async function listTrainingJobs({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TrainingJobSummary[]> {
  const rows = await db
    .select(columns)
    .from(trainingJobs)
    .leftJoin(customAgents, eq(customAgents.id, trainingJobs.customAgentId))
    .where(eq(trainingJobs.userId, userId))
    .orderBy(desc(trainingJobs.createdAt), desc(trainingJobs.id));
  return rows.map((row) => toTrainingJobSummary(row.job, agentOf(row)));
}

/** One of the user's jobs with its dataset check, baseline, epochs and outcome; null when it is not theirs. */
export async function getTrainingJob({
  db,
  userId,
  jobId,
}: {
  db: Db;
  userId: string;
  jobId: string;
}): Promise<TrainingJobDetail | null> {
  const [row] = await db
    .select(columns)
    .from(trainingJobs)
    .leftJoin(customAgents, eq(customAgents.id, trainingJobs.customAgentId))
    .where(and(eq(trainingJobs.id, jobId), eq(trainingJobs.userId, userId)));
  return row ? toTrainingJobDetail(row.job, agentOf(row)) : null;
}
