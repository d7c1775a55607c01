// Counts the module loads in flight and tells when none is, so background work (warming, an optional renderer) can
// wait until the page's modules have arrived. Used by the loader, and by the benchmark's stand-in for it.

export type LoadsInFlight = {
  /** Counts `loading` until it settles, and returns it. */
  track: <T>(loading: Promise<T>) => Promise<T>;
  /** Settles once no tracked load is in flight (at once when none is). */
  settled: () => Promise<void>;
};

export function createLoadsInFlight(): LoadsInFlight {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const done = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    const settled = waiters;
    waiters = [];
    for (const resolve of settled) resolve();
  };
  return {
    track(loading) {
      inFlight += 1;
      loading.then(done, done);
      return loading;
    },
    settled() {
      if (inFlight === 0) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
  };
}
