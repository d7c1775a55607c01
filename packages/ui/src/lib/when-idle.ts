// Runs work when the browser is next idle (requestIdleCallback, at the latest after `timeoutMs`), or after a short
// delay where the browser has no idle callbacks; returns the cancel function.

type IdleScope = typeof globalThis & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Delay used where requestIdleCallback is missing (Safari, jsdom). */
const FALLBACK_DELAY_MS = 1_000;

export function whenIdle(work: () => void, timeoutMs: number): () => void {
  const idle = globalThis as IdleScope;
  if (idle.requestIdleCallback && idle.cancelIdleCallback) {
    const handle = idle.requestIdleCallback(work, { timeout: timeoutMs });
    return () => idle.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(work, Math.min(FALLBACK_DELAY_MS, timeoutMs));
  return () => clearTimeout(timer);
}
