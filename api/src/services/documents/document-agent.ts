// Which agent a new document may be given to: a built-in agent (the data-sources choices) or one of the user's
// own custom agents; anything else, another user's custom agent included, is refused before anything is stored.
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge-constants";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export const UNKNOWN_DOCUMENT_AGENT = "agentId must be a built-in agent or one of your custom agents";

/** Throws VALIDATION_ERROR unless `agentId` is null (all agents), a built-in agent or a custom agent of `userId`. */
export async function assertDocumentAgent({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  agentId: string | null;
}): Promise<void> {
  if (agentId === null || DATA_SOURCE_AGENTS.some((agent) => agent.id === agentId)) return;
  const [own] = await db
    .select({ id: customAgents.id })
    .from(customAgents)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)));
  // The same answer for a missing agent and another user's: whether that one exists is not ours to tell.
  if (!own) throw new AppError("VALIDATION_ERROR", UNKNOWN_DOCUMENT_AGENT, { details: { field: "agentId" } });
}
