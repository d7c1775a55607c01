// AIMD concurrency for calls to a rate-limited provider: grow by one per window of successes, halve on 429, pause all on Retry-After.

type AdaptiveConcurrencyOptions = {
  initial?: number;
  min?: number;
  max?: number;
};

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) {
    signal?.throwIfAborted();
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * One per provider client, shared by every embed call, so two documents embedding at once do not double the load.
 * `run` waits for a free slot and for any pause the provider asked for, then runs the task.
 */
export class AdaptiveConcurrency {
  readonly min: number;
  readonly max: number;
  #limit: number;
  #inFlight = 0;
  #successesSinceChange = 0;
  #pausedUntil = 0;
  #lastDecreaseAt = Number.NEGATIVE_INFINITY;
  #waiters: (() => void)[] = [];

  constructor({ initial = 2, min = 1, max = 8 }: AdaptiveConcurrencyOptions = {}) {
    this.min = min;
    this.max = max;
    this.#limit = Math.min(max, Math.max(min, initial));
  }

  get limit(): number {
    return this.#limit;
  }

  get inFlight(): number {
    return this.#inFlight;
  }

  /** When the provider lets us send again (ms since epoch); 0 when it never asked us to wait. */
  get pausedUntil(): number {
    return this.#pausedUntil;
  }

  /** Additive increase: one more slot after a full window (`limit`) of successes in a row. */
  onSuccess(): void {
    this.#successesSinceChange += 1;
    if (this.#successesSinceChange >= this.#limit && this.#limit < this.max) {
      this.#limit += 1;
      this.#successesSinceChange = 0;
      this.#wake();
    }
  }

  /**
   * Multiplicative decrease, and every caller holds off until `retryAt` (the provider's Retry-After). Requests
   * sent before the last decrease were part of the same burst: their 429s do not halve the limit again.
   */
  onThrottled(retryAt: number, sentAt: number = Date.now()): void {
    if (sentAt >= this.#lastDecreaseAt) {
      this.#limit = Math.max(this.min, Math.floor(this.#limit / 2));
      this.#lastDecreaseAt = Date.now();
    }
    this.#successesSinceChange = 0;
    this.#pausedUntil = Math.max(this.#pausedUntil, retryAt);
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.#acquire(signal);
    try {
      // A pause announced while this task waited for its slot applies to it too.
      while (Date.now() < this.#pausedUntil) await sleep(this.#pausedUntil - Date.now(), signal);
      return await task();
    } finally {
      this.#inFlight -= 1;
      this.#wake();
    }
  }

  async #acquire(signal?: AbortSignal): Promise<void> {
    while (this.#inFlight >= this.#limit) {
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const onAbort = () => {
          this.#waiters = this.#waiters.filter((waiter) => waiter !== wake);
          reject(signal?.reason);
        };
        const wake = () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        };
        this.#waiters.push(wake);
        signal?.addEventListener("abort", onAbort, { once: true });
      });
    }
    this.#inFlight += 1;
  }

  #wake(): void {
    const free = this.#limit - this.#inFlight;
    for (const waiter of this.#waiters.splice(0, Math.max(0, free))) waiter();
  }
}
