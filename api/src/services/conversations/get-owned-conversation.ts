// One of the signed-in user's conversations; anyone else's is NOT_FOUND, exactly like one that does not exist.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { ConversationRow } from "./conversation-response";

export async function getOwnedConversation({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
  // 404, not 403: whether another user's conversation exists is not ours to tell.
  if (!row) throw new AppError("NOT_FOUND", "Conversation not found");
  return row;
}
