// POST /api/custom-agents/{id}/train: a training job for the agent (the same pipeline as the training page's) and the
// agent "training" until the job settles it.
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { and, eq, ne } from "drizzle-orm";
import { customAgents } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { createTrainingJob } from "../training/create-training-job";
import { toCustomAgentDetail } from "./custom-agent-response";
import { getCustomAgent } from "./get-custom-agent";

/**
 * Any agent not training may be (re)trained: untrained, trained or failed. The job and the agent's "training" are
 * written in one transaction: an agent already training, or a user with a job pending or running, gets CONFLICT.
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
  const agent = await getCustomAgent({ db: deps.database.db, userId, agentId });
  const alreadyTraining = () =>
    new AppError("CONFLICT", `${agent.name} is already training: wait for it to finish`);
  if (agent.trainingStatus === "training") throw alreadyTraining();
  let updated: typeof customAgents.$inferSelect | undefined;
  await createTrainingJob({
    deps,
    userId,
    job: { kind: "custom-agent", agent: { id: agent.id, name: agent.name } },
    alsoInTransaction: async (tx) => {
      [updated] = await tx
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
      if (!updated) throw alreadyTraining();
    },
  });
  if (!updated) throw new Error("the agent was not marked training");
  return toCustomAgentDetail(updated);
}
