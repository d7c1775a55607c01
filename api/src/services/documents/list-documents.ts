// The signed-in user's documents, newest first, optionally only those associated with one agent.
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { documents } from "../../db/schema";
import { toKnowledgeDocument } from "./knowledge-document";

// The list is polled every 5 s by every open knowledge page: both shapes are prepared once.
const allDocuments = (db: Db) =>
  preparedStatement(db, "documents_of_user", () =>
    db
      .select()
      .from(documents)
      .where(eq(documents.userId, sql.placeholder("userId")))
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .prepare("documents_of_user"),
  );

const agentDocuments = (db: Db) =>
  preparedStatement(db, "documents_of_user_agent", () =>
    db
      .select()
      .from(documents)
      .where(
        and(
          eq(documents.userId, sql.placeholder("userId")),
          eq(documents.agentId, sql.placeholder("agentId")),
        ),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .prepare("documents_of_user_agent"),
  );

export async function listDocuments({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  /** Only documents uploaded for this agent (a built-in agent type like `gtm` or a custom agent id); undefined lists every document. */
  agentId?: string | undefined;
}): Promise<KnowledgeDocument[]> {
  const rows =
    agentId === undefined
      ? await allDocuments(db).execute({ userId })
      : await agentDocuments(db).execute({ userId, agentId });
  return rows.map(toKnowledgeDocument);
}
