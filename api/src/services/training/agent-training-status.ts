// Settles an agent's training: trained, or failed with a reason in words. Only an agent still training is changed.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";

/**
 * Returns whether the agent was changed: an agent deleted meanwhile, or no longer training (a newer request settled
 * it), is left alone.
 */
export async function settleTraining(
  db: Db,
  agentId: string,
  result: { status: "trained" } | { status: "failed"; reason: string },
): Promise<boolean> {
  const changed = await db
    .update(customAgents)
    .set({
      trainingStatus: result.status,
      trainingError: result.status === "failed" ? result.reason : null,
    })
    .where(and(eq(customAgents.id, agentId), eq(customAgents.trainingStatus, "training")))
    .returning({ id: customAgents.id });
  return changed.length > 0;
}
