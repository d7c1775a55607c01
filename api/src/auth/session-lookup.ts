// Resolves the request's session cookie to a session, with made-up cookies bounded per client IP.
import type { Context } from "hono";
import type { AppEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { clientIp, clientIpKey } from "./client-ip";
import { type SessionValidation, validateSessionToken } from "./session";
import { readSessionToken } from "./session-cookie";

/** Well-formed cookies that match no session, per client IP and window, before lookups from it stop. */
export const FAILED_SESSION_LOOKUPS_PER_IP = 100;
export const FAILED_SESSION_LOOKUP_WINDOW_MS = 15 * 60 * 1000;

const missKey = (ip: string) => `session-miss:ip:${clientIpKey(ip)}`;

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
  const { rateLimitStore, database, now } = c.var.deps;
  const key = missKey(clientIp(c));
  const misses = await rateLimitStore.peek({ key });
  if (misses && misses.count >= FAILED_SESSION_LOOKUPS_PER_IP) {
    const retryAfterS = Math.max(1, Math.ceil((misses.resetAt.getTime() - now().getTime()) / 1000));
    throw new AppError("RATE_LIMITED", "Too many requests with an unknown session from your network", {
      headers: { "Retry-After": String(retryAfterS) },
    });
  }
  const result = await validateSessionToken({ db: database.db, token, now: now() });
  if (!result.session) {
    await rateLimitStore.increment({
      key,
      windowMs: FAILED_SESSION_LOOKUP_WINDOW_MS,
      limit: FAILED_SESSION_LOOKUPS_PER_IP,
    });
  }
  return { ...result, token };
}
