// The messages of one of the signed-in user's conversations, oldest first; someone else's is NOT_FOUND.
import type { Message } from "@acp/contracts/entities";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations, messages } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { toMessageResponse } from "./message-response";

export async function listConversationMessages({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<Message[]> {
  const [owned] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  // 404, not 403: whether another user's conversation exists is not ours to tell.
  if (!owned) throw new AppError("NOT_FOUND", "Conversation not found");
  const rows = await db
    .select({
      id: messages.id,
      role: messages.role,
      content: messages.content,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map(toMessageResponse);
}
