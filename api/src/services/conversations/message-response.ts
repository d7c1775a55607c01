// The one mapping from a messages row to the ChatMessage the API returns.
import type { ChatMessage } from "@acp/contracts/chat";
import type { messages } from "../../db/schema";

type MessageRow = typeof messages.$inferSelect;

export function toMessageResponse(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    role: row.role,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    sources: row.sources,
    status: row.status,
    model: row.model,
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    error: row.error,
    trace: row.trace ?? null,
  };
}
