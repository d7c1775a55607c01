// Resolves the request's session cookie or API key, with made-up cookies and keys bounded per client IP.
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Context } from "hono";
import type { ApiKeyRow, UserRow } from "../db/schema";
import type { AppEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { resolveApiKeyToken } from "./api-key-token";
import { clientIp, clientIpKey } from "./client-ip";
import { type SessionValidation, validateSessionToken } from "./session";
import { readSessionToken } from "./session-cookie";

/** Well-formed cookies (or keys) that match nothing, per client IP and window, before lookups from it stop. */
export const FAILED_SESSION_LOOKUPS_PER_IP = 100;
const FAILED_SESSION_LOOKUP_WINDOW_MS = 15 * 60 * 1000;

/** Credentials the per-IP limit counts misses of, each in its own counter. */
type CredentialKind = "session" | "api-key";

/** 128 bits of the token's SHA-256: names a token in the store's keys without holding the token itself. */
function tokenFingerprint(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token))).slice(0, 32);
}

/**
 * Runs `lookUp` unless the client IP has already had FAILED_SESSION_LOOKUPS_PER_IP misses of this kind in the
 * window (then 429 RATE_LIMITED without a query), and counts a miss when it finds nothing.
 *
 * The limit counts different tokens, not requests: guessing means trying many. A token that already missed from this
 * IP in the window (a deleted key a client keeps sending, a stale cookie) is refused as a miss again at once, without
 * a query and without counting, so one forgotten credential never locks out the other keys and sessions behind the
 * same address. Returns undefined for such a known miss.
 */
async function limitedLookup<E extends AppEnv, T>(
  c: Context<E>,
  kind: CredentialKind,
  token: string,
  lookUp: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T | undefined> {
  const { rateLimitStore, now } = c.var.deps;
  const ip = clientIpKey(clientIp(c));
  const key = `${kind}-miss:ip:${ip}`;
  const knownMiss = `${kind}-missed:ip:${ip}:${tokenFingerprint(token)}`;
  // These counters only keep guessers off the database: when their store is unreachable (Redis down), lookups go on
  // uncounted rather than every signed-in request failing. Limits that protect secrets (sign-in) still fail closed.
  if (await rateLimitStore.peek({ key: knownMiss }).catch(ignoreUnavailableStore)) return undefined;
  const misses = await rateLimitStore.peek({ key }).catch(ignoreUnavailableStore);
  if (misses && misses.count >= FAILED_SESSION_LOOKUPS_PER_IP) {
    const retryAfterS = Math.max(1, Math.ceil((misses.resetAt.getTime() - now().getTime()) / 1000));
    const what = kind === "session" ? "an unknown session" : "an unknown API key";
    throw new AppError("RATE_LIMITED", `Too many requests with ${what} from your network`, {
      headers: { "Retry-After": String(retryAfterS) },
    });
  }
  const result = await lookUp();
  if (!found(result)) {
    const windowMs = FAILED_SESSION_LOOKUP_WINDOW_MS;
    await Promise.all([
      rateLimitStore.increment({ key, windowMs, limit: FAILED_SESSION_LOOKUPS_PER_IP }),
      rateLimitStore.increment({ key: knownMiss, windowMs }),
    ]).catch(ignoreUnavailableStore);
  }
  return result;
}

/** An unreachable rate-limit store (its own 503) counts as no answer; any other failure is real. */
function ignoreUnavailableStore(error: unknown): undefined {
  if (error instanceof AppError && error.code === "SERVICE_UNAVAILABLE") return undefined;
  throw error;
}

const NO_SESSION: SessionValidation = { session: null, user: null, renewed: false };

export type SessionLookup = SessionValidation & {
  /** The cookie's token when it was well formed (to re-send on renewal, or clear when stale). */
  token: string | undefined;
};

/**
 * The session behind the request's `session` cookie. Malformed tokens cost nothing (format check, no query). Each
 * different well-formed token that matches no session counts once against the client IP; past
 * FAILED_SESSION_LOOKUPS_PER_IP in the window, cookies from that IP are refused with 429 without a query, so guessing
 * tokens cannot starve the database for everyone else. Valid sessions never count; a stale cookie sent again counts
 * no more.
 */
export async function lookUpSession<E extends AppEnv>(c: Context<E>): Promise<SessionLookup> {
  const token = readSessionToken(c);
  if (!token) return { ...NO_SESSION, token: undefined };
  const { database, now } = c.var.deps;
  const result = await limitedLookup(
    c,
    "session",
    token,
    () => validateSessionToken({ db: database.db, token, now: now() }),
    (validation) => validation.session !== null,
  );
  return { ...(result ?? NO_SESSION), token };
}

/** Why a real key is refused: it was past its expiresAt at the request's moment. */
const API_KEY_EXPIRED_MESSAGE = "This API key has expired";

/**
 * The usable API key behind a Bearer token and its owner, or undefined (unknown or deactivated: the caller answers
 * "Invalid or inactive API key"); an expired key throws 401 "This API key has expired". Only unknown tokens count
 * against the client IP, exactly like unknown session cookies (a made-up key must not cost a query each without
 * bound), each different token once: a real key that is deactivated or expired is not guessing, and a deleted key
 * that a client keeps sending is answered 401 from the store after its first miss, so it never adds up to the
 * limit and never locks out the other keys of its network. A use of a valid key is noted for its lastUsed,
 * which is written in batches (deps.apiKeyLastUsed), never by this request.
 */
export async function lookUpApiKey<E extends AppEnv>(
  c: Context<E>,
  token: string,
): Promise<{ apiKey: ApiKeyRow; user: UserRow } | undefined> {
  const { database, now, apiKeyLastUsed } = c.var.deps;
  const at = now();
  const resolved = await limitedLookup(
    c,
    "api-key",
    token,
    () => resolveApiKeyToken({ db: database.db, token, now: at }),
    (found) => found !== undefined,
  );
  if (!resolved || resolved.state === "inactive") return undefined;
  if (resolved.state === "expired") throw new AppError("UNAUTHORIZED", API_KEY_EXPIRED_MESSAGE);
  apiKeyLastUsed.touch(resolved.apiKey.id, at);
  return { apiKey: resolved.apiKey, user: resolved.user };
}
