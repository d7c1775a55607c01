// The one mapping from a conversations row to the ChatConversation the API returns.
import type { ChatConversation } from "@acp/contracts/chat";
import type { conversations } from "../../db/schema";

export type ConversationRow = typeof conversations.$inferSelect;

export function toConversationResponse(row: ConversationRow): ChatConversation {
  return {
    id: row.id,
    agentType: row.agentType,
    title: row.title,
    customAgentId: row.customAgentId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
