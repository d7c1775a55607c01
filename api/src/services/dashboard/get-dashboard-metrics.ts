// Counts the dashboard metrics for one user: active training jobs, API calls in the usage window, documents, GTM
// accuracy, and the agents that are on (built-in agents switched on, public custom agents).
import type { DashboardMetrics } from "@acp/contracts/entities";
import { and, count, desc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiRequestLog, customAgents, documents, trainingJobs } from "../../db/schema";
import { listBuiltInAgents } from "../agents/list-built-in-agents";
import { jobAccuracy } from "../training/training-job-response";
import { usageWindowEnd, usageWindowStart } from "../usage/usage-window";

/**
 * totalAPICallsToday counts the user's public-API calls in the usage window (the current UTC hour and the 23 before
 * it): the same figure as GET /api/usage's requestsToday. Entries an instance still buffers show within a second.
 */
export async function getDashboardMetrics({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<Required<DashboardMetrics>> {
  const [jobs, calls, docs, gtm, builtIn, deployed] = await Promise.all([
    db
      .select({ value: count() })
      .from(trainingJobs)
      .where(and(eq(trainingJobs.userId, userId), inArray(trainingJobs.status, ["pending", "running"]))),
    db
      .select({ value: count() })
      .from(apiRequestLog)
      .where(
        and(
          eq(apiRequestLog.userId, userId),
          gte(apiRequestLog.createdAt, usageWindowStart(now)),
          lt(apiRequestLog.createdAt, usageWindowEnd(now)),
        ),
      ),
    db.select({ value: count() }).from(documents).where(eq(documents.userId, userId)),
    // GTM Accuracy (DESIGN 8): the latest completed gtm job's validation top-1 accuracy.
    db
      .select({
        outcome: trainingJobs.outcome,
        baseline: trainingJobs.baseline,
        epochMetrics: trainingJobs.epochMetrics,
      })
      .from(trainingJobs)
      .where(
        and(
          eq(trainingJobs.userId, userId),
          eq(trainingJobs.modelType, "gtm"),
          eq(trainingJobs.status, "completed"),
          isNotNull(trainingJobs.completedAt),
        ),
      )
      .orderBy(desc(trainingJobs.completedAt))
      .limit(1),
    listBuiltInAgents({ db, userId }),
    db
      .select({ value: count() })
      .from(customAgents)
      .where(and(eq(customAgents.userId, userId), eq(customAgents.isPublic, true))),
  ]);
  return {
    activeTrainingJobs: jobs[0]?.value ?? 0,
    totalAPICallsToday: calls[0]?.value ?? 0,
    totalDocuments: docs[0]?.value ?? 0,
    gtmAccuracy: gtm[0] ? jobAccuracy(gtm[0]) : null,
    activeAgents: builtIn.filter((agent) => agent.enabled).length + (deployed[0]?.value ?? 0),
  };
}
