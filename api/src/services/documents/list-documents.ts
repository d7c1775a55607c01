// The signed-in user's documents, newest first, optionally only those associated with one agent.
import type { Document } from "@acp/contracts/entities";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documents } from "../../db/schema";

export async function listDocuments({
  db,
  userId,
  agentId,
}: {
  db: Db;
  userId: string;
  /** Only documents uploaded for this agent; undefined lists every document. */
  agentId?: string | undefined;
}): Promise<Document[]> {
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(eq(documents.userId, userId), agentId === undefined ? undefined : eq(documents.agentId, agentId)),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map((row) => ({
    id: row.id,
    originalName: row.originalName,
    name: row.name,
    mimeType: row.mimeType,
    size: row.size,
    status: row.status,
    category: row.category,
    createdAt: row.createdAt.toISOString(),
    agentId: row.agentId,
    error: row.error,
  }));
}
