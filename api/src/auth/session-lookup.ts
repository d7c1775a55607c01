// Resolves the request's session cookie or API key, with made-up cookies and keys bounded per client IP.
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

/**
 * Runs `lookUp` unless the client IP has already had FAILED_SESSION_LOOKUPS_PER_IP misses of this kind in the
 * window (then 429 RATE_LIMITED without a query), and counts a miss when it finds nothing.
 */
async function limitedLookup<E extends AppEnv, T>(
  c: Context<E>,
  kind: CredentialKind,
  lookUp: () => Promise<T>,
  found: (result: T) => boolean,
): Promise<T> {
  const { rateLimitStore, now } = c.var.deps;
  const key = `${kind}-miss:ip:${clientIpKey(clientIp(c))}`;
  // This counter only keeps guessers off the database: when its store is unreachable (Redis down), lookups go on
  // uncounted rather than every signed-in request failing. Limits that protect secrets (sign-in) still fail closed.
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
    await rateLimitStore
      .increment({ key, windowMs: FAILED_SESSION_LOOKUP_WINDOW_MS, limit: FAILED_SESSION_LOOKUPS_PER_IP })
      .catch(ignoreUnavailableStore);
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
 * well-formed token that matches no session counts against the client IP; past FAILED_SESSION_LOOKUPS_PER_IP in
 * the window, cookies from that IP are refused with 429 without a query, so guessing tokens cannot starve the
 * database for everyone else. Valid sessions never count.
 */
export async function lookUpSession<E extends AppEnv>(c: Context<E>): Promise<SessionLookup> {
  const token = readSessionToken(c);
  if (!token) return { ...NO_SESSION, token: undefined };
  const { database, now } = c.var.deps;
  const result = await limitedLookup(
    c,
    "session",
    () => validateSessionToken({ db: database.db, token, now: now() }),
    (validation) => validation.session !== null,
  );
  return { ...result, token };
}

/** Why a real key is refused: it was past its expiresAt at the request's moment. */
const API_KEY_EXPIRED_MESSAGE = "This API key has expired";

/**
 * The usable API key behind a Bearer token and its owner, or undefined (unknown or deactivated: the caller answers
 * "Invalid or inactive API key"); an expired key throws 401 "This API key has expired". Only unknown tokens count
 * against the client IP, exactly like unknown session cookies (a made-up key must not cost a query each without
 * bound); a real key that is deactivated or expired is not guessing. A use of a valid key is noted for its lastUsed,
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
    () => resolveApiKeyToken({ db: database.db, token, now: at }),
    (found) => found !== undefined,
  );
  if (!resolved || resolved.state === "inactive") return undefined;
  if (resolved.state === "expired") throw new AppError("UNAUTHORIZED", API_KEY_EXPIRED_MESSAGE);
  apiKeyLastUsed.touch(resolved.apiKey.id, at);
  return { apiKey: resolved.apiKey, user: resolved.user };
}
