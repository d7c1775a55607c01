// POST /api/custom-agents/{id}/train: the agent becomes "training" and a training job is queued.
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { and, eq, ne } from "drizzle-orm";
import { customAgents } from "../../db/schema";
import type { Deps } from "../../deps";
import { DOCUMENT_WAIT_MS, sendTrainAgentJob } from "../../jobs/train-agent-queue";
import { AppError } from "../../lib/app-error";
import { toCustomAgentDetail } from "./custom-agent-response";
import { getCustomAgent } from "./get-custom-agent";
import { settleTraining } from "./training-result";

/**
 * Any agent not training may be (re)trained: untrained, trained or failed. The status changes in one conditional
 * UPDATE, so of two requests at once one wins and the other gets CONFLICT. A job that cannot be queued leaves the
 * agent failed with the reason instead of "training" with nothing to finish it.
 */
export async function startAgentTraining({
  deps,
  userId,
  agentId,
}: {
  deps: Deps;
  userId: string;
  agentId: string;
}): Promise<CustomAgentDetail> {
  const { db } = deps.database;
  const [row] = await db
    .update(customAgents)
    .set({ trainingStatus: "training", trainingError: null })
    .where(
      and(
        eq(customAgents.id, agentId),
        eq(customAgents.userId, userId),
        ne(customAgents.trainingStatus, "training"),
      ),
    )
    .returning();
  if (!row) {
    const agent = await getCustomAgent({ db, userId, agentId });
    throw new AppError("CONFLICT", `${agent.name} is already training: wait for it to finish`);
  }
  const waitUntil = new Date(deps.now().getTime() + DOCUMENT_WAIT_MS).toISOString();
  try {
    await sendTrainAgentJob(deps.queue, { agentId, waitUntil });
  } catch (error) {
    await settleTraining(db, agentId, {
      status: "failed",
      reason: "Training could not be queued: try again in a moment",
    });
    throw new AppError("SERVICE_UNAVAILABLE", "The job queue is unavailable: training could not start", {
      cause: error,
    });
  }
  return toCustomAgentDetail(row);
}
