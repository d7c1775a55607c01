// The rate-limit counter store every implementation provides: in this process's memory, or in Redis (REDIS_URL).

/** One key's counter in its current fixed window. */
export type RateLimitCounter = {
  /** Hits counted in the window, this one included. */
  count: number;
  /** When the window closes and the counter starts again from zero. */
  resetAt: Date;
};

/**
 * Fixed-window counters shared by every request the store serves. Methods are async and each is one atomic step,
 * so a Redis store can implement them on the server side without a read-modify-write race between instances:
 * `increment` as `SET key 0 PX windowMs NX` + `INCR key` + `PTTL key` in one MULTI (or a Lua script), `peek` as
 * `GET` + `PTTL`,
 * `decrement` as a script that DECRs only an existing positive key, `reset` as `DEL key`. Expired keys must
 * disappear on their own (TTL), so memory stays bounded whatever keys callers invent.
 */
export type RateLimitStore = {
  readonly kind: "memory" | "redis";
  /**
   * Adds one to the key's counter, opening a window of `windowMs` when none is open; the window never slides.
   * With `limit`, a counter that reaches it is a lock: it lasts until its window ends and is never evicted to make
   * room (a flood of new keys must not wipe out the locks that stop it).
   */
  increment(params: { key: string; windowMs: number; limit?: number }): Promise<RateLimitCounter>;
  /** The key's counter in its open window, without counting anything; undefined when none is open. */
  peek(params: { key: string }): Promise<RateLimitCounter | undefined>;
  /** Takes one hit back (a refunded attempt), never below zero and without touching the window. */
  decrement(params: { key: string }): Promise<void>;
  /** Forgets the key: its next increment opens a new window at one. */
  reset(params: { key: string }): Promise<void>;
};
