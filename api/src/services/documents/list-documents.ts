// The signed-in user's documents, newest first, optionally only those associated with one agent or passing filters.
import { type KnowledgeDocument, NO_AGENT_FILTER } from "@acp/contracts/knowledge";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { documents } from "../../db/schema";
import { type DocumentFilters, documentsMatching, hasFilters } from "./document-filters";
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

/** Every document that passes `filters` (all of them without), newest first: the list without paging. */
export async function listDocuments({
  db,
  userId,
  filters = {},
}: {
  db: Db;
  userId: string;
  filters?: DocumentFilters;
}): Promise<KnowledgeDocument[]> {
  const { agent, ...others } = filters;
  // The polled shapes (everything, one agent's) run prepared; any other filter is a query of its own.
  const rows =
    hasFilters(others) || agent === NO_AGENT_FILTER
      ? await db
          .select()
          .from(documents)
          .where(documentsMatching(userId, filters))
          .orderBy(desc(documents.createdAt), desc(documents.id))
      : agent === undefined
        ? await allDocuments(db).execute({ userId })
        : await agentDocuments(db).execute({ userId, agentId: agent });
  return rows.map(toKnowledgeDocument);
}
