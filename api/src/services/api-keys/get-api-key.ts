// One of the signed-in user's API keys by id (its listed columns, never the hash); another user's is the same 404.
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { API_KEY_LISTED_COLUMNS, type ApiKeyListedColumns } from "./api-key-response";

/** 404, not 403: whether another user's key exists is not ours to tell. */
export function apiKeyNotFound(): AppError {
  return new AppError("NOT_FOUND", "API key not found");
}

export async function getApiKey({
  db,
  userId,
  apiKeyId,
}: {
  db: Db;
  userId: string;
  apiKeyId: string;
}): Promise<ApiKeyListedColumns> {
  const [row] = await db
    .select(API_KEY_LISTED_COLUMNS)
    .from(apiKeys)
    .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, userId)));
  if (!row) throw apiKeyNotFound();
  return row;
}
