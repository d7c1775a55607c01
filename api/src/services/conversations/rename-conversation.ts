// Renames one of the signed-in user's conversations.
import type { ChatConversation } from "@acp/contracts/chat";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { cleanDisplayName } from "../../lib/display-name";
import { toConversationResponse } from "./conversation-response";

export async function renameConversation({
  db,
  userId,
  conversationId,
  title,
}: {
  db: Db;
  userId: string;
  conversationId: string;
  title: string;
}): Promise<ChatConversation> {
  const cleaned = cleanDisplayName(title);
  if (!cleaned) throw new AppError("VALIDATION_ERROR", "Please enter a title");
  const [row] = await db
    .update(conversations)
    .set({ title: cleaned })
    .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Conversation not found");
  return toConversationResponse(row);
}
