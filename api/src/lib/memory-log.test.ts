import { describe, expect, it, vi } from "vitest";
import { loadConfig } from "../env";
import { type memorySample, startMemoryLog } from "./memory-log";

describe("memory log", () => {
  it("logs RSS and the V8 heap in MiB at its interval, until stopped", () => {
    vi.useFakeTimers();
    try {
      const info = vi.fn();
      const stop = startMemoryLog({ info }, 60_000);
      vi.advanceTimersByTime(120_000);
      expect(info).toHaveBeenCalledTimes(2);
      const [sample, message] = info.mock.calls[0] as [ReturnType<typeof memorySample>, string];
      expect(message).toBe("memory");
      expect(sample.rssMiB).toBeGreaterThan(sample.heapUsedMiB);
      expect(sample.heapTotalMiB).toBeGreaterThanOrEqual(sample.heapUsedMiB);
      stop();
      vi.advanceTimersByTime(120_000);
      expect(info).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is off unless MEMORY_LOG_INTERVAL_MS names an interval of at least a second", () => {
    expect(loadConfig({}).memoryLogIntervalMs).toBeUndefined();
    expect(loadConfig({ MEMORY_LOG_INTERVAL_MS: "60000" }).memoryLogIntervalMs).toBe(60_000);
    expect(() => loadConfig({ MEMORY_LOG_INTERVAL_MS: "10" })).toThrow(/MEMORY_LOG_INTERVAL_MS/);
  });
});
