// The process's memory in the logs at a fixed interval (MEMORY_LOG_INTERVAL_MS): how a soak run, or an operator's log
// search, sees whether memory grows over hours without attaching a debugger.
import type { Logger } from "./logger";

const MIB = 1024 * 1024;

/** One sample, in MiB: resident set, V8 heap used and reserved, and memory outside the heap (buffers). */
export function memorySample(): {
  rssMiB: number;
  heapUsedMiB: number;
  heapTotalMiB: number;
  externalMiB: number;
} {
  const usage = process.memoryUsage();
  const mib = (bytes: number) => Math.round((bytes / MIB) * 10) / 10;
  return {
    rssMiB: mib(usage.rss),
    heapUsedMiB: mib(usage.heapUsed),
    heapTotalMiB: mib(usage.heapTotal),
    externalMiB: mib(usage.external),
  };
}

/** Logs a sample every `intervalMs` (info, message "memory"); returns the function that stops it. */
export function startMemoryLog(logger: Pick<Logger, "info">, intervalMs: number): () => void {
  const timer = setInterval(() => logger.info(memorySample(), "memory"), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
