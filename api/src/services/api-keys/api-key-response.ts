// The one mapping from an api_keys row to the ApiKey the API returns: the preview, never the key or its hash.
import type { ApiKey } from "@acp/contracts/entities";
import { type ApiKeyRow, apiKeys } from "../../db/schema";

/** The columns a returned key needs; selecting only these keeps the hash inside the database. */
export type ApiKeyListedColumns = Pick<
  ApiKeyRow,
  | "id"
  | "name"
  | "keyPreview"
  | "isActive"
  | "createdAt"
  | "lastUsed"
  | "expiresAt"
  | "allowedAgentIds"
  | "rateLimitPerHour"
>;

/** The select list that gives ApiKeyListedColumns: `db.select(API_KEY_LISTED_COLUMNS).from(apiKeys)`. */
export const API_KEY_LISTED_COLUMNS = {
  id: apiKeys.id,
  name: apiKeys.name,
  keyPreview: apiKeys.keyPreview,
  isActive: apiKeys.isActive,
  createdAt: apiKeys.createdAt,
  lastUsed: apiKeys.lastUsed,
  expiresAt: apiKeys.expiresAt,
  allowedAgentIds: apiKeys.allowedAgentIds,
  rateLimitPerHour: apiKeys.rateLimitPerHour,
};

/**
 * `requestsToday`: calls in the usage window (services/usage/usage-window.ts). `pendingLastUsed`: a use this process
 * noted and has not written yet (deps.apiKeyLastUsed), shown when newer than the stored value.
 */
export function toApiKeyResponse(
  row: ApiKeyListedColumns,
  { requestsToday, pendingLastUsed }: { requestsToday: number; pendingLastUsed?: Date | undefined },
): Omit<ApiKey, "key"> {
  const lastUsed =
    pendingLastUsed && (!row.lastUsed || pendingLastUsed > row.lastUsed) ? pendingLastUsed : row.lastUsed;
  return {
    id: row.id,
    name: row.name,
    keyPreview: row.keyPreview,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastUsed: lastUsed?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    allowedAgentIds: row.allowedAgentIds ?? null,
    rateLimitPerHour: row.rateLimitPerHour,
    requestsToday,
  };
}
