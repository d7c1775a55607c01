// The signed-in user's API keys, newest first: preview only, never the key or its hash.
import type { ApiKey } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";

export async function listApiKeys({ db, userId }: { db: Db; userId: string }): Promise<ApiKey[]> {
  // Select the listed columns only, so the hash never leaves the database for this call.
  const rows = await db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      keyPreview: apiKeys.keyPreview,
      isActive: apiKeys.isActive,
      createdAt: apiKeys.createdAt,
      lastUsed: apiKeys.lastUsed,
    })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    keyPreview: row.keyPreview,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastUsed?.toISOString() ?? null,
  }));
}
