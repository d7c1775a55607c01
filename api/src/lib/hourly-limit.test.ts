// enforceHourlyLimit through the real app: the limit-th request passes, the next is a 429 with the RateLimit-* headers.
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession, generateSessionToken } from "../auth/session";
import { users } from "../db/schema";
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

/** The machine's Redis; this run's counters live under their own prefix and are deleted afterwards. */
const REDIS_URL = "redis://127.0.0.1:6379";

describe("enforceHourlyLimit on Redis, shared by two app instances", () => {
  const keyPrefix = `acp-test:${randomBytes(6).toString("hex")}:`;
  const admin = createClient({ url: REDIS_URL });
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    await admin.connect();
    const config = { redis: { url: REDIS_URL, keyPrefix } };
    [one, two] = await Promise.all([
      createTestApp("pglite", { config }).then(withLimitedRoute),
      createTestApp("pglite", { config }).then(withLimitedRoute),
    ]);
    expect([one.deps.rateLimitStore.kind, two.deps.rateLimitStore.kind]).toEqual(["redis", "redis"]);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    const keys: string[] = [];
    for await (const batch of admin.scanIterator({ MATCH: `${keyPrefix}*`, COUNT: 1000 }))
      keys.push(...batch);
    if (keys.length > 0) await admin.del(keys);
    admin.destroy();
  });

  it("lets exactly `limit` requests through across both instances, then answers 429 on either", async () => {
    for (let request = 1; request <= 4; request++) {
      const response = await call(request % 2 === 0 ? two : one, "key:shared", 4);
      expect(response.status).toBe(200);
      const headers = rateHeaders(response);
      expect(headers).toMatchObject({ limit: "4", remaining: String(4 - request), policy: "4;w=3600" });
      expect(Number(headers.reset)).toBeGreaterThan(3590);
      expect(Number(headers.reset)).toBeLessThanOrEqual(3600);
    }
    for (const app of [one, two]) {
      const refused = await call(app, "key:shared", 4);
      expect(refused.status).toBe(429);
      const headers = rateHeaders(refused);
      expect(headers).toMatchObject({ limit: "4", remaining: "0", policy: "4;w=3600" });
      expect(headers.retryAfter).toBe(headers.reset);
      expect(Number(headers.retryAfter)).toBeGreaterThan(3590);
      expect(await refused.json()).toEqual({
        error: "Rate limit reached: 4 requests per hour. Try again in 60 minutes.",
        code: "RATE_LIMITED",
      });
    }
    expect(await admin.get(`${keyPrefix}hourly:key:shared`)).toBe("6");
  });

  it("opens a new window for both instances once the old one has expired in Redis", async () => {
    expect((await call(one, "key:expiring", 1)).status).toBe(200);
    expect((await call(two, "key:expiring", 1)).status).toBe(429);
    // The hour passing, as Redis sees it: the counter's TTL runs out.
    await admin.pExpire(`${keyPrefix}hourly:key:expiring`, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const reopened = await call(two, "key:expiring", 1);
    expect(reopened.status).toBe(200);
    expect(rateHeaders(reopened)).toMatchObject({ remaining: "0", reset: "3600" });
    expect((await call(one, "key:expiring", 1)).status).toBe(429);
  });
});

describe("enforceHourlyLimit with REDIS_URL set and Redis down", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: start-up waits for Redis a few seconds, then serves anyway.
    t = withLimitedRoute(
      await createTestApp("pglite", {
        config: { redis: { url: "redis://127.0.0.1:1", keyPrefix: "acp-test:" } },
      }),
    );
  }, 15_000);
  afterAll(async () => {
    await t?.close();
  });

  it("fails closed: limited requests answer 503 with Retry-After, never pass unlimited", async () => {
    for (let request = 0; request < 3; request++) {
      const response = await call(t, "key:down", 1000);
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("5");
      expect(response.headers.get("RateLimit-Limit")).toBeNull();
      expect(await response.json()).toEqual({
        error:
          "Request limits cannot be checked right now (the rate-limit store is unreachable). Please try again shortly.",
        code: "SERVICE_UNAVAILABLE",
      });
    }
  });

  it("still serves signed-in requests: only the limits fail closed, not the session lookup", async () => {
    const [user] = await t.database.db.insert(users).values({ email: "redis-down@example.test" }).returning();
    const token = generateSessionToken();
    await createSession({ db: t.database.db, token, userId: user?.id ?? "", now: new Date() });
    const signedIn = await t.request("/api/documents", { cookie: `session=${token}` });
    expect(signedIn.status).toBe(200);
    const unknown = await t.request("/api/documents", { cookie: `session=${generateSessionToken()}` });
    expect(unknown.status).toBe(401);
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
