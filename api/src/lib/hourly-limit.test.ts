// enforceHourlyLimit through the real app: the limit-th request passes, the next is a 429 with the RateLimit-* headers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { enforceHourlyLimit, waitPhrase } from "./hourly-limit";

const LIMIT_PATH = "/api/test-hourly-limit";

function fakeClock(iso: string) {
  let time = new Date(iso).getTime();
  return {
    now: () => new Date(time),
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** The real app with one extra route that counts against `?key=` with `?limit=` (POST: the static GET catch-all). */
function withLimitedRoute(t: TestApp): TestApp {
  t.app.post(LIMIT_PATH, async (c) => {
    await enforceHourlyLimit(c, { key: c.req.query("key") ?? "", limit: Number(c.req.query("limit")) });
    return c.json({ ok: true }, 200);
  });
  return t;
}

const call = (t: TestApp, key: string, limit: number) =>
  t.request(`${LIMIT_PATH}?key=${encodeURIComponent(key)}&limit=${limit}`, { method: "POST" });

const rateHeaders = (response: Response) => ({
  limit: response.headers.get("RateLimit-Limit"),
  remaining: response.headers.get("RateLimit-Remaining"),
  reset: response.headers.get("RateLimit-Reset"),
  policy: response.headers.get("RateLimit-Policy"),
  retryAfter: response.headers.get("Retry-After"),
});

describe("enforceHourlyLimit on the memory store", () => {
  const clock = fakeClock("2026-11-20T10:00:00.000Z");
  let t: TestApp;
  beforeAll(async () => {
    t = withLimitedRoute(await createTestApp("pglite", { overrides: { now: clock.now } }));
    expect(t.deps.rateLimitStore.kind).toBe("memory");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets exactly `limit` requests through, then answers 429 with Retry-After until the window closes", async () => {
    for (let request = 1; request <= 3; request++) {
      const response = await call(t, "key:a", 3);
      expect(response.status).toBe(200);
      expect(rateHeaders(response)).toEqual({
        limit: "3",
        remaining: String(3 - request),
        // The window does not slide: it closes an hour after its first request.
        reset: String(3600 - (request - 1) * 60),
        policy: "3;w=3600",
        retryAfter: null,
      });
      clock.advance(60_000);
    }
    // Three minutes into the window: 57 left.
    const refused = await call(t, "key:a", 3);
    expect(refused.status).toBe(429);
    expect(rateHeaders(refused)).toEqual({
      limit: "3",
      remaining: "0",
      reset: String(57 * 60),
      policy: "3;w=3600",
      retryAfter: String(57 * 60),
    });
    expect(await refused.json()).toEqual({
      error: "Rate limit reached: 3 requests per hour. Try again in 57 minutes.",
      code: "RATE_LIMITED",
    });

    // Another key has its own window.
    expect((await call(t, "key:b", 3)).status).toBe(200);

    clock.advance(57 * 60_000 - 1000);
    const lastSecond = await call(t, "key:a", 3);
    expect(lastSecond.status).toBe(429);
    expect(lastSecond.headers.get("Retry-After")).toBe("1");
    expect(((await lastSecond.json()) as { error: string }).error).toMatch(/Try again in 1 second\.$/);

    clock.advance(1000);
    const reopened = await call(t, "key:a", 3);
    expect(reopened.status).toBe(200);
    expect(rateHeaders(reopened)).toMatchObject({ remaining: "2", reset: "3600" });
  });

  it("allows a limit of one", async () => {
    expect((await call(t, "key:single", 1)).status).toBe(200);
    const refused = await call(t, "key:single", 1);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /^Rate limit reached: 1 request per hour/,
    );
  });
});

describe("waitPhrase", () => {
  it("says seconds under a minute and whole minutes (rounded up) beyond", () => {
    expect(waitPhrase(1)).toBe("1 second");
    expect(waitPhrase(59)).toBe("59 seconds");
    expect(waitPhrase(60)).toBe("1 minute");
    expect(waitPhrase(61)).toBe("2 minutes");
    expect(waitPhrase(3600)).toBe("60 minutes");
  });
});
