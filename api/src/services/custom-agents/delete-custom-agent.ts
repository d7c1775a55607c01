// Deletes one of the user's custom agents: its conversations go with it (foreign key cascade), its documents stay.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { customAgentNotFound } from "./get-custom-agent";

/**
 * Documents given to the agent keep their agentId and stay in the knowledge base (they are the user's knowledge, not
 * the agent's). A training job still queued for it finds the agent gone and ends.
 */
export async function deleteCustomAgent({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  agentId: string;
}): Promise<void> {
  const deleted = await db
    .delete(customAgents)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)))
    .returning({ id: customAgents.id });
  if (deleted.length === 0) throw customAgentNotFound();
}
