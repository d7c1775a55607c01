// The one mapping from an api_keys row to the ApiKey the API returns: the preview, never the key or its hash.
import type { ApiKey } from "@acp/contracts/entities";
import type { ApiKeyRow } from "../../db/schema";

/** The columns a listed key needs; selecting only these keeps the hash inside the database. */
export type ApiKeyListedColumns = Pick<
  ApiKeyRow,
  "id" | "name" | "keyPreview" | "isActive" | "createdAt" | "lastUsed"
>;

export function toApiKeyResponse(row: ApiKeyListedColumns): ApiKey {
  return {
    id: row.id,
    name: row.name,
    keyPreview: row.keyPreview,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    lastUsed: row.lastUsed?.toISOString() ?? null,
  };
}
