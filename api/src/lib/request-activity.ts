// Counts the requests in flight, so background writes on the embedded database can let them go first.

/** Requests being answered now; background work asks for a quiet moment before each write. */
export type RequestActivity = {
  /** Marks one request as started; call the returned function when it has been answered. */
  begin(): () => void;
  /** Resolves once no request is in flight, or after `maxWaitMs` at the latest (background work never starves). */
  whenQuiet(maxWaitMs: number): Promise<void>;
  readonly active: number;
};

export function createRequestActivity(): RequestActivity {
  let active = 0;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  return {
    begin() {
      active += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        active -= 1;
        if (active === 0) wake();
      };
    },
    whenQuiet(maxWaitMs) {
      if (active === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(done, maxWaitMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        waiters.push(done);
      });
    },
    get active() {
      return active;
    },
  };
}
