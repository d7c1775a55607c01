// A time limit whose clock can be stopped: the extraction child is not charged for time it spends waiting for us.

/** Fires `onExpired` once `limitMs` of running time have passed; time while paused does not count. */
export type PausableDeadline = {
  /** Starts (or restarts after `pause`) the clock; does nothing while it already runs. */
  resume(): void;
  /** Stops the clock, keeping the time already used. */
  pause(): void;
  /** Stops the clock for good. */
  cancel(): void;
  /** Running time used so far, in ms. */
  readonly usedMs: number;
};

export function createPausableDeadline(limitMs: number, onExpired: () => void): PausableDeadline {
  let used = 0;
  let runningSince: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let cancelled = false;
  const now = () => performance.now();
  return {
    resume() {
      if (cancelled || runningSince !== undefined) return;
      runningSince = now();
      timer = setTimeout(
        () => {
          if (cancelled) return;
          cancelled = true;
          onExpired();
        },
        Math.max(0, limitMs - used),
      );
    },
    pause() {
      if (runningSince === undefined) return;
      clearTimeout(timer);
      used += now() - runningSince;
      runningSince = undefined;
    },
    cancel() {
      cancelled = true;
      clearTimeout(timer);
      if (runningSince !== undefined) used += now() - runningSince;
      runningSince = undefined;
    },
    get usedMs() {
      return used + (runningSince === undefined ? 0 : now() - runningSince);
    },
  };
}
