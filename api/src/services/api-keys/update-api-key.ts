// Changes an API key's name, active flag, expiry, allowed agents or hourly limit (PATCH: only the fields sent).
import type { UpdateApiKey } from "@acp/contracts/api-access";
import type { ApiKey } from "@acp/contracts/entities";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { apiKeys } from "../../db/schema";
import { countRequestsByKey } from "../usage/count-requests-by-key";
import { API_KEY_LISTED_COLUMNS, type ApiKeyListedColumns, toApiKeyResponse } from "./api-key-response";
import { checkAllowedAgentIds, checkExpiresAt, cleanApiKeyName } from "./check-api-key-settings";
import { apiKeyNotFound, getApiKey } from "./get-api-key";
import type { ApiKeyLastUsed } from "./last-used-tracker";

/**
 * A new limit applies from the key's next request, within its current hourly window (the count so far stays). A
 * deactivated or expired key is refused from its next request on. An empty patch answers the key as it is.
 */
export async function updateApiKey({
  db,
  userId,
  apiKeyId,
  patch,
  now,
  lastUsed,
}: {
  db: Db;
  userId: string;
  apiKeyId: string;
  patch: UpdateApiKey;
  now: Date;
  lastUsed: Pick<ApiKeyLastUsed, "pending">;
}): Promise<Omit<ApiKey, "key">> {
  const set: Partial<typeof apiKeys.$inferInsert> = {};
  if (patch.name !== undefined) set.name = cleanApiKeyName(patch.name);
  if (patch.isActive !== undefined) set.isActive = patch.isActive;
  if (patch.expiresAt !== undefined) set.expiresAt = checkExpiresAt(patch.expiresAt, now);
  if (patch.allowedAgentIds !== undefined) {
    set.allowedAgentIds = await checkAllowedAgentIds({ db, userId, ids: patch.allowedAgentIds });
  }
  if (patch.rateLimitPerHour !== undefined) set.rateLimitPerHour = patch.rateLimitPerHour;

  let row: ApiKeyListedColumns | undefined;
  if (Object.keys(set).length === 0) {
    row = await getApiKey({ db, userId, apiKeyId });
  } else {
    [row] = await db
      .update(apiKeys)
      .set(set)
      .where(and(eq(apiKeys.id, apiKeyId), eq(apiKeys.userId, userId)))
      .returning(API_KEY_LISTED_COLUMNS);
  }
  if (!row) throw apiKeyNotFound();
  const requests = await countRequestsByKey({ db, userId, now, keyIds: [row.id] });
  return toApiKeyResponse(row, {
    requestsToday: requests.get(row.id) ?? 0,
    pendingLastUsed: lastUsed.pending(row.id),
  });
}
