// One of the signed-in user's conversations; anyone else's is NOT_FOUND, exactly like one that does not exist.
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { conversations } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { ConversationRow } from "./conversation-response";

/** Read on every chat turn and every conversation page: prepared once per database handle. */
const ownedConversation = (db: Db) =>
  preparedStatement(db, "conversation_owned", () =>
    db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, sql.placeholder("conversationId")),
          eq(conversations.userId, sql.placeholder("userId")),
        ),
      )
      .prepare("conversation_owned"),
  );

export async function getOwnedConversation({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<ConversationRow> {
  const [row] = await ownedConversation(db).execute({ conversationId, userId });
  // 404, not 403: whether another user's conversation exists is not ours to tell.
  if (!row) throw new AppError("NOT_FOUND", "Conversation not found");
  return row;
}
