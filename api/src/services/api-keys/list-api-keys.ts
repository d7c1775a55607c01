// The signed-in user's API keys, newest first: preview only, never the key or its hash.
import type { ApiKey } from "@acp/contracts/entities";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";
import { toApiKeyResponse } from "./api-key-response";

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
  return rows.map(toApiKeyResponse);
}
