// The extraction time limit's clock: paused time is free, running time adds up across pauses.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPausableDeadline } from "./pausable-deadline";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("createPausableDeadline", () => {
  it("does not count paused time, and adds running time up across pauses", () => {
    let expired = 0;
    const deadline = createPausableDeadline(1_000, () => expired++);
    deadline.resume();
    vi.advanceTimersByTime(600);
    deadline.pause();
    vi.advanceTimersByTime(10_000);
    expect(expired).toBe(0);
    expect(deadline.usedMs).toBe(600);
    deadline.resume();
    vi.advanceTimersByTime(399);
    expect(expired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(expired).toBe(1);
  });

  it("ignores a second resume or pause, fires once, and never after cancel", () => {
    let expired = 0;
    const deadline = createPausableDeadline(100, () => expired++);
    deadline.resume();
    vi.advanceTimersByTime(50);
    deadline.resume();
    vi.advanceTimersByTime(50);
    expect(expired).toBe(1);
    deadline.resume();
    vi.advanceTimersByTime(1_000);
    expect(expired).toBe(1);

    const cancelled = createPausableDeadline(100, () => expired++);
    cancelled.resume();
    cancelled.pause();
    cancelled.pause();
    cancelled.resume();
    cancelled.cancel();
    cancelled.resume();
    vi.advanceTimersByTime(1_000);
    expect(expired).toBe(1);
  });
});
