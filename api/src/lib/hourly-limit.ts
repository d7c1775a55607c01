// Per-hour request limits (per API key, per client IP) with the IETF RateLimit-* headers, on the shared rate-limit store.
import type { Context } from "hono";
import type { AppEnv } from "./app-env";
import { AppError } from "./app-error";

export const HOUR_MS = 60 * 60 * 1000;

/** Store keys of hourly limits start with this, apart from the sign-in and lookup counters. */
const HOURLY_KEY_PREFIX = "hourly:";

/** "42 seconds", "1 minute", "17 minutes": how long until the window reopens, rounded up. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

/** Longest wait a client should sleep through before retrying by itself; past it, it should surface the 429. */
const CLIENT_RETRY_MAX_S = 60;

/**
 * Retry-After (seconds), retry-after-ms (OpenAI's clients read it first) and, when the window reopens later than a
 * client should wait, `x-should-retry: false`: OpenAI's SDKs would otherwise sleep for the whole hour, unabortable.
 */
export function retryHeaders(resetS: number): Record<string, string> {
  return {
    "Retry-After": String(resetS),
    "retry-after-ms": String(resetS * 1000),
    ...(resetS > CLIENT_RETRY_MAX_S ? { "x-should-retry": "false" } : {}),
  };
}

/**
 * Counts one request against `key`'s hourly window; sets RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset
 * (seconds) and RateLimit-Policy ("<limit>;w=3600") on the response; over the limit throws AppError("RATE_LIMITED",
 * "<sentence saying when to retry>", { headers: { "Retry-After": "<seconds>" } }).
 *
 * The window is fixed: it opens with the key's first request and closes an hour later, whatever came between, so
 * the limit-th request in it passes and the next one is refused until it closes. Every instance sharing the store
 * (REDIS_URL) shares the count. A store that cannot answer throws its own error (the Redis store answers 503):
 * limits fail closed.
 */
export async function enforceHourlyLimit(
  c: Context<AppEnv>,
  options: { key: string; limit: number },
): Promise<void> {
  const { key, limit } = options;
  const { rateLimitStore, now } = c.var.deps;
  const counter = await rateLimitStore.increment({
    key: `${HOURLY_KEY_PREFIX}${key}`,
    windowMs: HOUR_MS,
    limit,
  });
  const resetS = Math.max(1, Math.ceil((counter.resetAt.getTime() - now().getTime()) / 1000));
  const headers = {
    "RateLimit-Limit": String(limit),
    "RateLimit-Remaining": String(Math.max(0, limit - counter.count)),
    "RateLimit-Reset": String(resetS),
    "RateLimit-Policy": `${limit};w=${HOUR_MS / 1000}`,
  };
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  if (counter.count > limit) {
    throw new AppError(
      "RATE_LIMITED",
      `Rate limit reached: ${limit} request${limit === 1 ? "" : "s"} per hour. Try again in ${waitPhrase(resetS)}.`,
      { headers: { ...headers, ...retryHeaders(resetS) } },
    );
  }
}
