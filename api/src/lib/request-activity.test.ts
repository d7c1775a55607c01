// Request activity: background work waits for requests in flight, never longer than it was told.
import { describe, expect, it } from "vitest";
import { createRequestActivity } from "./request-activity";

describe("request activity", () => {
  it("resolves at once when quiet, when the last request ends, or after the longest wait", async () => {
    const activity = createRequestActivity();
    await activity.whenQuiet(10_000);
    const first = activity.begin();
    const second = activity.begin();
    expect(activity.active).toBe(2);
    let quiet = false;
    const waiting = activity.whenQuiet(10_000).then(() => {
      quiet = true;
    });
    first();
    first();
    await new Promise((resolve) => setImmediate(resolve));
    expect([activity.active, quiet]).toEqual([1, false]);
    second();
    await waiting;
    expect(quiet).toBe(true);

    const busy = activity.begin();
    const started = Date.now();
    await activity.whenQuiet(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    busy();
  });
});
