// Creates an API key for the signed-in user: the full key comes back this once; only its hash and preview are stored.
import type { CreateApiKeyRequest } from "@acp/contracts/api-access";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import type { ApiKey } from "@acp/contracts/entities";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";
import { API_KEY_LISTED_COLUMNS, toApiKeyResponse } from "./api-key-response";
import { checkAllowedAgentIds, checkExpiresAt, cleanApiKeyName } from "./check-api-key-settings";
import { generateApiKey } from "./generate-api-key";

export async function createApiKey({
  db,
  userId,
  input,
  now,
}: {
  db: Db;
  userId: string;
  input: CreateApiKeyRequest;
  now: Date;
}): Promise<ApiKey & { key: string }> {
  const name = cleanApiKeyName(input.name);
  const expiresAt = checkExpiresAt(input.expiresAt ?? null, now);
  const allowedAgentIds = await checkAllowedAgentIds({ db, userId, ids: input.allowedAgentIds ?? null });
  const { key, keyHash, keyPreview } = generateApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      userId,
      name,
      keyHash,
      keyPreview,
      expiresAt,
      allowedAgentIds,
      rateLimitPerHour: input.rateLimitPerHour ?? API_KEY_RATE_LIMIT_PER_HOUR,
      createdAt: now,
    })
    .returning(API_KEY_LISTED_COLUMNS);
  if (!row) throw new Error("inserting an API key returned no row");
  return { ...toApiKeyResponse(row, { requestsToday: 0 }), key };
}
