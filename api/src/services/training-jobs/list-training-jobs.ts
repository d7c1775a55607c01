// The signed-in user's training jobs, newest first.
import type { TrainingJob } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { trainingJobs } from "../../db/schema";

export async function listTrainingJobs({ db, userId }: { db: Db; userId: string }): Promise<TrainingJob[]> {
  const rows = await db
    .select()
    .from(trainingJobs)
    .where(eq(trainingJobs.userId, userId))
    .orderBy(desc(trainingJobs.createdAt), desc(trainingJobs.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    modelType: row.modelType,
    epochs: row.epochs,
    status: row.status,
    progress: row.progress,
    currentEpoch: row.currentEpoch,
    createdAt: row.createdAt.toISOString(),
  }));
}
