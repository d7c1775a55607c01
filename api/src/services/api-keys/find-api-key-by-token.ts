// Resolves a Bearer token to its active API key and owner: looked up by the key's SHA-256, never stored in clear.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { type ApiKeyRow, apiKeys, type UserRow, users } from "../../db/schema";

/** Longer than any key we issue: refused without a query. */
export const MAX_API_KEY_LENGTH = 256;

/** The value stored in api_keys.key_hash for a key: lower-case hex SHA-256 of its UTF-8 bytes. */
export function apiKeyHash(key: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(key)));
}

/** The active key with this token and its owner, or undefined (unknown, deactivated, or not a plausible key). */
export async function findApiKeyByToken({
  db,
  token,
}: {
  db: Db;
  token: string;
}): Promise<{ apiKey: ApiKeyRow; user: UserRow } | undefined> {
  if (token.length === 0 || token.length > MAX_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(token))
    return undefined;
  const [row] = await db
    .select({ apiKey: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(apiKeys.userId, users.id))
    .where(and(eq(apiKeys.keyHash, apiKeyHash(token)), eq(apiKeys.isActive, true)))
    .limit(1);
  return row;
}
