// The signed-in user's training jobs, newest first.
import type { TrainingJob } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { trainingJobs } from "../../db/schema";
import { toTrainingJobResponse } from "./training-job-response";

export async function listTrainingJobs({ db, userId }: { db: Db; userId: string }): Promise<TrainingJob[]> {
  const rows = await db
    .select()
    .from(trainingJobs)
    .where(eq(trainingJobs.userId, userId))
    .orderBy(desc(trainingJobs.createdAt), desc(trainingJobs.id));
  return rows.map(toTrainingJobResponse);
}
