// Counts the dashboard metrics for one user: active training jobs, API calls since midnight UTC, documents.
import type { DashboardMetrics } from "@acp/contracts/entities";
import { and, count, eq, gte, inArray } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiRequestLog, documents, trainingJobs } from "../../db/schema";

/** Midnight UTC of the given instant: "today" is the same for every user and server, whatever their zone. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export async function getDashboardMetrics({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<Required<DashboardMetrics>> {
  const [jobs, calls, docs] = await Promise.all([
    db
      .select({ value: count() })
      .from(trainingJobs)
      .where(and(eq(trainingJobs.userId, userId), inArray(trainingJobs.status, ["pending", "running"]))),
    db
      .select({ value: count() })
      .from(apiRequestLog)
      .where(and(eq(apiRequestLog.userId, userId), gte(apiRequestLog.createdAt, startOfUtcDay(now)))),
    db.select({ value: count() }).from(documents).where(eq(documents.userId, userId)),
  ]);
  return {
    activeTrainingJobs: jobs[0]?.value ?? 0,
    totalAPICallsToday: calls[0]?.value ?? 0,
    totalDocuments: docs[0]?.value ?? 0,
  };
}
