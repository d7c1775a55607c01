// The signed-in user's conversations, most recently updated first.
import type { Conversation } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { conversations } from "../../db/schema";

export async function listConversations({ db, userId }: { db: Db; userId: string }): Promise<Conversation[]> {
  return db
    .select({ id: conversations.id, agentType: conversations.agentType, title: conversations.title })
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt), desc(conversations.id));
}
