// Starts a conversation with a built-in agent (agentType) or one of the user's custom agents (customAgentId).
import type { ChatConversation, CreateChatConversation } from "@acp/contracts/chat";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations, customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { toConversationResponse } from "./conversation-response";

export async function createConversation({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: CreateChatConversation;
}): Promise<ChatConversation> {
  let agentType: string = input.agentType;
  if (input.customAgentId) {
    const [agent] = await db
      .select({ agentType: customAgents.agentType })
      .from(customAgents)
      .where(and(eq(customAgents.id, input.customAgentId), eq(customAgents.userId, userId)));
    if (!agent) throw new AppError("NOT_FOUND", "Custom agent not found");
    // The conversation is the agent's whatever type the client named.
    agentType = agent.agentType;
  }
  const title = cleanDisplayName(input.title) || "New Conversation";
  const [row] = await db
    .insert(conversations)
    .values({ userId, agentType, title, customAgentId: input.customAgentId ?? null })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR", "The conversation was not stored");
  return toConversationResponse(row);
}
