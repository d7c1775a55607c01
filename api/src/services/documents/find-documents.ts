// One page of the signed-in user's documents that pass the list's filters, newest first, with how many pass.
import type { DocumentPage } from "@acp/contracts/knowledge";
import { count, desc } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documents } from "../../db/schema";
import { type DocumentFilters, documentsMatching } from "./document-filters";
import { toKnowledgeDocument } from "./knowledge-document";

export async function findDocuments({
  db,
  userId,
  filters,
  limit,
  offset,
}: {
  db: Db;
  userId: string;
  filters: DocumentFilters;
  limit: number;
  offset: number;
}): Promise<DocumentPage> {
  const where = documentsMatching(userId, filters);
  // Newest first with the id as tie-breaker, so pages never overlap or skip rows created in the same instant.
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(documents)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(documents).where(where),
  ]);
  return { documents: rows.map(toKnowledgeDocument), total: counted?.total ?? 0, limit, offset };
}
