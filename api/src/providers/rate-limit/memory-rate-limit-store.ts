// The in-memory rate-limit store: fixed windows in one Map, expired keys dropped, the oldest evicted at a cap, locks kept.
import type { RateLimitCounter, RateLimitStore } from "./rate-limit-store";

/** Enough for every client of a busy single instance (~100 bytes a key, so ~10 MB at most). */
const DEFAULT_MAX_KEYS = 100_000;

type Entry = { count: number; resetAt: number };

/**
 * Counters live in this process only: fine for one API instance (DESIGN 2), shared limits need the Redis store.
 * `counters` is kept in window-start order (a key whose window restarts is moved to the end), so expired keys and,
 * when `maxKeys` is reached, the oldest windows are dropped from the front in O(1) per request. A counter that
 * reaches its `limit` moves to `locks`, which only expiry empties: evicting a lock would let a flood of new keys
 * unlock exactly the clients the limits stopped. Locks stay bounded because each one costs `limit` requests, and
 * callers refuse blocked clients before they count anything new.
 */
export function createMemoryRateLimitStore({
  now = () => new Date(),
  maxKeys = DEFAULT_MAX_KEYS,
}: {
  /** The clock windows are measured with; injectable so expiry can be tested. */
  now?: () => Date;
  maxKeys?: number;
} = {}): RateLimitStore & { readonly size: number; readonly lockCount: number } {
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError("maxKeys must be a positive integer");
  const counters = new Map<string, Entry>();
  const locks = new Map<string, Entry>();

  const live = (key: string, at: number): { entry: Entry; locked: boolean } | undefined => {
    for (const [map, locked] of [
      [locks, true],
      [counters, false],
    ] as const) {
      const entry = map.get(key);
      if (!entry) continue;
      if (entry.resetAt <= at) {
        map.delete(key);
        return undefined;
      }
      return { entry, locked };
    }
    return undefined;
  };

  /** Drops expired windows at the front; windows of different lengths may leave a few behind until the cap. */
  const pruneExpired = (at: number) => {
    for (const map of [counters, locks]) {
      for (const [key, entry] of map) {
        if (entry.resetAt > at) break;
        map.delete(key);
      }
    }
  };

  const counter = (entry: Entry): RateLimitCounter => ({
    count: entry.count,
    resetAt: new Date(entry.resetAt),
  });

  return {
    kind: "memory",
    get size() {
      return counters.size + locks.size;
    },
    get lockCount() {
      return locks.size;
    },
    async increment({ key, windowMs, limit }): Promise<RateLimitCounter> {
      const at = now().getTime();
      pruneExpired(at);
      const found = live(key, at);
      let entry = found?.entry;
      if (entry) {
        entry.count += 1;
      } else {
        // At the cap the oldest window goes: it is the closest to expiring anyway (locks are never in here).
        while (counters.size >= maxKeys) {
          const oldest = counters.keys().next();
          if (oldest.done) break;
          counters.delete(oldest.value);
        }
        entry = { count: 1, resetAt: at + Math.max(1, windowMs) };
        counters.set(key, entry);
      }
      if (!found?.locked && limit !== undefined && entry.count >= limit) {
        counters.delete(key);
        locks.set(key, entry);
      }
      return counter(entry);
    },
    async peek({ key }) {
      const found = live(key, now().getTime());
      return found ? counter(found.entry) : undefined;
    },
    async decrement({ key }) {
      const found = live(key, now().getTime());
      if (found && found.entry.count > 0) found.entry.count -= 1;
    },
    async reset({ key }) {
      counters.delete(key);
      locks.delete(key);
    },
  };
}
