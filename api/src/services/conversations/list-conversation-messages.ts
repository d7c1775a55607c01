// The messages of one of the signed-in user's conversations, oldest first; someone else's is NOT_FOUND.
import type { ChatMessage } from "@acp/contracts/chat";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { messages } from "../../db/schema";
import { getOwnedConversation } from "./get-owned-conversation";
import { toMessageResponse } from "./message-response";

export async function listConversationMessages({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<ChatMessage[]> {
  await getOwnedConversation({ db, userId, conversationId });
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map(toMessageResponse);
}
