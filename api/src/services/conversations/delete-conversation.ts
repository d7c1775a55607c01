// Deletes one of the signed-in user's conversations with its messages (cascade).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/app-error";

export async function deleteConversation({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<void> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  if (deleted.length === 0) throw new AppError("NOT_FOUND", "Conversation not found");
}
