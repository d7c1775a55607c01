// The signed-in user's conversations, most recently updated first, optionally those of one agent.
import type { ChatConversation } from "@acp/contracts/chat";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations } from "../../db/schema";
import { toConversationResponse } from "./conversation-response";

export async function listConversations({
  db,
  userId,
  agentType,
  customAgentId,
}: {
  db: Db;
  userId: string;
  /** A built-in agent's conversations (not those of custom agents of that type). */
  agentType?: string | undefined;
  customAgentId?: string | undefined;
}): Promise<ChatConversation[]> {
  const agent = customAgentId
    ? eq(conversations.customAgentId, customAgentId)
    : agentType
      ? and(eq(conversations.agentType, agentType), isNull(conversations.customAgentId))
      : undefined;
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), agent))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt), desc(conversations.id));
  return rows.map(toConversationResponse);
}
