// Knowledge Base Stats for the signed-in user: documents, vectors (chunks indexed) and bytes of original files stored.
import type { KnowledgeStats } from "@acp/contracts/knowledge";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documents } from "../../db/schema";

export async function getKnowledgeStats({ db, userId }: { db: Db; userId: string }): Promise<KnowledgeStats> {
  const [row] = await db
    .select({
      totalDocuments: sql<number>`count(*)::int`,
      storageBytes: sql<number>`coalesce(sum(${documents.size}), 0)::bigint`,
      vectorEmbeddings: sql<number>`coalesce(sum(${documents.chunkCount}) filter (where ${documents.status} = 'completed'), 0)::bigint`,
    })
    .from(documents)
    .where(and(eq(documents.userId, userId)));
  return {
    totalDocuments: Number(row?.totalDocuments ?? 0),
    vectorEmbeddings: Number(row?.vectorEmbeddings ?? 0),
    storageBytes: Number(row?.storageBytes ?? 0),
  };
}
