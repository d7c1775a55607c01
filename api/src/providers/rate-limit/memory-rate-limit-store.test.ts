// The in-memory rate-limit store: fixed windows on an injected clock, decrement and reset, and its memory bound.
import { describe, expect, it } from "vitest";
import { createMemoryRateLimitStore } from "./memory-rate-limit-store";

const MINUTE_MS = 60 * 1000;

function clockAt(iso: string) {
  let time = new Date(iso).getTime();
  return {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

describe("memory rate-limit store", () => {
  it("counts hits in a fixed window that later hits do not extend", async () => {
    const clock = clockAt("2026-03-01T09:00:00.000Z");
    const store = createMemoryRateLimitStore({ now: clock.now });
    const first = await store.increment({ key: "k", windowMs: 15 * MINUTE_MS });
    expect(first).toEqual({ count: 1, resetAt: new Date("2026-03-01T09:15:00.000Z") });
    clock.advance(10 * MINUTE_MS);
    const second = await store.increment({ key: "k", windowMs: 15 * MINUTE_MS });
    expect(second).toEqual({ count: 2, resetAt: new Date("2026-03-01T09:15:00.000Z") });
  });

  it("starts again from one once the window has passed", async () => {
    const clock = clockAt("2026-03-01T09:00:00.000Z");
    const store = createMemoryRateLimitStore({ now: clock.now });
    for (let hit = 0; hit < 5; hit++) await store.increment({ key: "k", windowMs: MINUTE_MS });
    clock.advance(MINUTE_MS - 1);
    expect((await store.increment({ key: "k", windowMs: MINUTE_MS })).count).toBe(6);
    clock.advance(1);
    expect(await store.increment({ key: "k", windowMs: MINUTE_MS })).toEqual({
      count: 1,
      resetAt: new Date("2026-03-01T09:02:00.000Z"),
    });
  });

  it("keeps keys apart, takes single hits back (never below zero) and forgets reset keys", async () => {
    const store = createMemoryRateLimitStore();
    await store.increment({ key: "a", windowMs: MINUTE_MS });
    await store.increment({ key: "a", windowMs: MINUTE_MS });
    expect((await store.increment({ key: "b", windowMs: MINUTE_MS })).count).toBe(1);

    await store.decrement({ key: "a" });
    expect((await store.increment({ key: "a", windowMs: MINUTE_MS })).count).toBe(2);
    for (let take = 0; take < 5; take++) await store.decrement({ key: "b" });
    expect((await store.increment({ key: "b", windowMs: MINUTE_MS })).count).toBe(1);
    await store.decrement({ key: "never-seen" });

    await store.reset({ key: "a" });
    expect((await store.increment({ key: "a", windowMs: MINUTE_MS })).count).toBe(1);
  });

  it("counts concurrent increments exactly", async () => {
    const store = createMemoryRateLimitStore();
    const counters = await Promise.all(
      Array.from({ length: 100 }, () => store.increment({ key: "k", windowMs: MINUTE_MS })),
    );
    expect(counters.map((counter) => counter.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
  });

  it("never holds more than maxKeys keys, evicting the oldest windows first", async () => {
    const clock = clockAt("2026-03-01T09:00:00.000Z");
    const store = createMemoryRateLimitStore({ now: clock.now, maxKeys: 1000 });
    for (let index = 0; index < 50_000; index++) {
      await store.increment({ key: `flood:${index}`, windowMs: 15 * MINUTE_MS });
      expect(store.size).toBeLessThanOrEqual(1000);
    }
    expect(store.size).toBe(1000);
    // The newest keys survive with their counts; the oldest were dropped.
    expect((await store.increment({ key: "flood:49999", windowMs: 15 * MINUTE_MS })).count).toBe(2);
    expect((await store.increment({ key: "flood:0", windowMs: 15 * MINUTE_MS })).count).toBe(1);
  });

  it("keeps a counter that reached its limit (a lock) through any eviction, until its window ends", async () => {
    const clock = clockAt("2026-03-01T09:00:00.000Z");
    const store = createMemoryRateLimitStore({ now: clock.now, maxKeys: 100 });
    for (let hit = 0; hit < 3; hit++) await store.increment({ key: "locked", windowMs: MINUTE_MS, limit: 3 });
    expect(store.lockCount).toBe(1);
    for (let index = 0; index < 10_000; index++) {
      await store.increment({ key: `flood:${index}`, windowMs: MINUTE_MS, limit: 3 });
    }
    expect(await store.peek({ key: "locked" })).toEqual({
      count: 3,
      resetAt: new Date("2026-03-01T09:01:00.000Z"),
    });
    expect(await store.peek({ key: "flood:0" })).toBeUndefined();
    clock.advance(MINUTE_MS);
    expect(await store.peek({ key: "locked" })).toBeUndefined();
  });

  it("peeks without counting", async () => {
    const store = createMemoryRateLimitStore();
    expect(await store.peek({ key: "k" })).toBeUndefined();
    await store.increment({ key: "k", windowMs: MINUTE_MS });
    await store.peek({ key: "k" });
    expect((await store.peek({ key: "k" }))?.count).toBe(1);
  });

  it("drops expired keys as time passes, without waiting for the cap", async () => {
    const clock = clockAt("2026-03-01T09:00:00.000Z");
    const store = createMemoryRateLimitStore({ now: clock.now });
    for (let index = 0; index < 500; index++) {
      await store.increment({ key: `old:${index}`, windowMs: MINUTE_MS });
    }
    expect(store.size).toBe(500);
    clock.advance(MINUTE_MS);
    await store.increment({ key: "new", windowMs: MINUTE_MS });
    expect(store.size).toBe(1);
  });

  it("refuses a nonsensical cap", () => {
    expect(() => createMemoryRateLimitStore({ maxKeys: 0 })).toThrow(RangeError);
  });
});
