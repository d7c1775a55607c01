// The signed-in user's documents, newest first, optionally only those associated with one agent.
import type { KnowledgeDocument } from "@acp/contracts/knowledge";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { documents } from "../../db/schema";
import { toKnowledgeDocument } from "./knowledge-document";

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
  const rows = await db
    .select()
    .from(documents)
    .where(
      and(eq(documents.userId, userId), agentId === undefined ? undefined : eq(documents.agentId, agentId)),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toKnowledgeDocument);
}
