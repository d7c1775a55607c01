// Deletes one of the user's API keys: refused from its next request on; its request-log rows stay, without the key.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";
import { apiKeyNotFound } from "./get-api-key";

/** The request log keeps the calls (api_key_id set null), so the usage figures of the past do not change. */
export async function deleteApiKey({
  db,
  userId,
  apiKeyId,
}: {
  db: Db;
  userId: string;
  apiKeyId: string;
}): Promise<void> {
  const deleted = await db
    .delete(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  if (deleted.length === 0) throw apiKeyNotFound();
}
