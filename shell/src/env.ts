// The shell's build-time settings, validated once: the only module that reads import.meta.env.

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new Error(`${name} must be a positive integer (milliseconds), got "${raw}"`);
  }
  return value;
}

export const env = {
  /** How long a remote may take to load before its page shows the fallback with Retry. */
  remoteTimeoutMs: positiveInteger("VITE_REMOTE_TIMEOUT_MS", import.meta.env.VITE_REMOTE_TIMEOUT_MS, 10_000),
  isDev: import.meta.env.DEV,
} as const;
