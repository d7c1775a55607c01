// The in-memory rate-limit store: fixed windows in one Map, expired keys dropped and the oldest evicted at a cap.
import type { RateLimitCounter, RateLimitStore } from "./rate-limit-store";

/** Enough for every client of a busy single instance (~100 bytes a key, so ~10 MB at most). */
export const DEFAULT_MAX_KEYS = 100_000;

type Entry = { count: number; resetAt: number };

/**
 * Counters live in this process only: fine for one API instance (DESIGN 2), shared limits need the Redis store.
 * The Map is kept in window-start order (a key whose window restarts is moved to the end), so expired keys and,
 * when `maxKeys` is reached, the oldest windows are dropped from the front in O(1) per request.
 */
export function createMemoryRateLimitStore({
  now = () => new Date(),
  maxKeys = DEFAULT_MAX_KEYS,
}: {
  /** The clock windows are measured with; injectable so expiry can be tested. */
  now?: () => Date;
  maxKeys?: number;
} = {}): RateLimitStore & { readonly size: number } {
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError("maxKeys must be a positive integer");
  const entries = new Map<string, Entry>();

  const live = (key: string, at: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= at) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };

  /** Drops expired windows at the front; windows of different lengths may leave a few behind until the cap. */
  const pruneExpired = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.resetAt > at) break;
      entries.delete(key);
    }
  };

  return {
    kind: "memory",
    get size() {
      return entries.size;
    },
    async increment({ key, windowMs }): Promise<RateLimitCounter> {
      const at = now().getTime();
      pruneExpired(at);
      const entry = live(key, at);
      if (entry) {
        entry.count += 1;
        return { count: entry.count, resetAt: new Date(entry.resetAt) };
      }
      // At the cap the oldest window goes: it is the closest to expiring anyway.
      while (entries.size >= maxKeys) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
      const created = { count: 1, resetAt: at + Math.max(1, windowMs) };
      entries.set(key, created);
      return { count: 1, resetAt: new Date(created.resetAt) };
    },
    async decrement({ key }) {
      const entry = live(key, now().getTime());
      if (entry && entry.count > 0) entry.count -= 1;
    },
    async reset({ key }) {
      entries.delete(key);
    },
  };
}
