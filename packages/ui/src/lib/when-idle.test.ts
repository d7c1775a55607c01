import { afterEach, describe, expect, it, vi } from "vitest";
import { whenIdle } from "./when-idle";

describe("whenIdle", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("hands the work to requestIdleCallback with the timeout, and cancels it there", () => {
    const request = vi.fn(() => 7);
    const cancel = vi.fn();
    vi.stubGlobal("requestIdleCallback", request);
    vi.stubGlobal("cancelIdleCallback", cancel);
    const work = vi.fn();
    whenIdle(work, 3_000)();
    expect(request).toHaveBeenCalledWith(work, { timeout: 3_000 });
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it("falls back to a timer where the browser has no idle callbacks, and cancels it", () => {
    vi.useFakeTimers();
    vi.stubGlobal("requestIdleCallback", undefined);
    const work = vi.fn();
    whenIdle(work, 5_000);
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    whenIdle(cancelled, 5_000)();
    vi.advanceTimersByTime(5_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
