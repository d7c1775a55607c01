// One of the signed-in user's custom agents by id; a missing one and another user's are the same NOT_FOUND.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { CustomAgentRow } from "./custom-agent-response";

/** 404, not 403: whether another user's agent exists is not ours to tell. */
export function customAgentNotFound(): AppError {
  return new AppError("NOT_FOUND", "Custom agent not found");
}

export async function getCustomAgent({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  agentId: string;
}): Promise<CustomAgentRow> {
  const [row] = await db
    .select()
    .from(customAgents)
    .where(and(eq(customAgents.id, agentId), eq(customAgents.userId, userId)));
  if (!row) throw customAgentNotFound();
  return row;
}
