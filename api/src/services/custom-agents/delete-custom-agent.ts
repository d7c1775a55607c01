// Deletes one of the user's custom agents: its conversations go with it (foreign key cascade), its documents stay.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents, documentChunks, documents } from "../../db/schema";
import { customAgentNotFound } from "./get-custom-agent";

/**
 * Documents given to the agent stay in the knowledge base (they are the user's knowledge, not the agent's) and join
 * the user's shared library: their agent is cleared, rows and chunks alike, in the same transaction, so every agent
 * can answer from them (the chunk update moves the search generation: indexes reload them). A training job still
 * queued for the agent finds it gone and ends.
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
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(customAgents)
      .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)))
      .returning({ id: customAgents.id });
    if (deleted.length === 0) throw customAgentNotFound();
    await tx
      .update(documents)
      .set({ agentId: null })
      .where(and(eq(documents.userId, userId), eq(documents.agentId, agentId)));
    await tx
      .update(documentChunks)
      .set({ agentId: null })
      .where(and(eq(documentChunks.userId, userId), eq(documentChunks.agentId, agentId)));
  });
}
