// The signed-in user's custom agents, newest first.
import type { CustomAgent } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { customAgents } from "../../db/schema";
import { toCustomAgentResponse } from "./custom-agent-response";

export async function listCustomAgents({ db, userId }: { db: Db; userId: string }): Promise<CustomAgent[]> {
  const rows = await db
    .select()
    .from(customAgents)
    .where(eq(customAgents.userId, userId))
    .orderBy(desc(customAgents.createdAt), desc(customAgents.id));
  return rows.map(toCustomAgentResponse);
}
