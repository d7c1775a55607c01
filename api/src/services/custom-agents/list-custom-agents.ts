// The signed-in user's custom agents, newest first, with their settings.
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { toCustomAgentDetail } from "./custom-agent-response";

export async function listCustomAgents({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<CustomAgentDetail[]> {
  const rows = await db
    .select()
    .from(customAgents)
    .where(eq(customAgents.userId, userId))
    .orderBy(desc(customAgents.createdAt), desc(customAgents.id));
  return rows.map(toCustomAgentDetail);
}
