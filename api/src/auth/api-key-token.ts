// Authenticates a Bearer API key: looked up by its SHA-256 (never stored in clear), then checked in constant time.
import { timingSafeEqual } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { eq } from "drizzle-orm";
import type { Db } from "../db/create-database";
import { type ApiKeyRow, apiKeys, type UserRow, users } from "../db/schema";

/** Longer than any key we issue: refused without a query. */
const MAX_API_KEY_LENGTH = 256;

/** The value stored in api_keys.key_hash for a key: lower-case hex SHA-256 of its UTF-8 bytes. */
export function apiKeyHash(key: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(key)));
}

/** A key that exists, and whether it may be used now. */
export type ResolvedApiKey = {
  apiKey: ApiKeyRow;
  user: UserRow;
  /** `valid`: active and not expired; `inactive`: deactivated by its owner; `expired`: past its expiresAt. */
  state: "valid" | "inactive" | "expired";
};

/**
 * The key with this token and its owner, whatever its state, or undefined (unknown, or not a plausible key). The
 * database finds the row by the token's hash (an index lookup: what it compares is a hash no caller can steer); the
 * hash is compared once more here in constant time, so no code path of ours compares secrets byte by byte.
 */
export async function resolveApiKeyToken({
  db,
  token,
  now,
}: {
  db: Db;
  token: string;
  now: Date;
}): Promise<ResolvedApiKey | undefined> {
  if (token.length === 0 || token.length > MAX_API_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(token))
    return undefined;
  const hash = apiKeyHash(token);
  const [row] = await db
    .select({ apiKey: apiKeys, user: users })
    .from(apiKeys)
    .innerJoin(users, eq(apiKeys.userId, users.id))
    .where(eq(apiKeys.keyHash, hash))
    .limit(1);
  if (!row || !sameHash(row.apiKey.keyHash, hash)) return undefined;
  const state = !row.apiKey.isActive
    ? "inactive"
    : row.apiKey.expiresAt && row.apiKey.expiresAt <= now
      ? "expired"
      : "valid";
  return { ...row, state };
}

function sameHash(stored: string, computed: string): boolean {
  const a = Buffer.from(stored, "utf8");
  const b = Buffer.from(computed, "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}
