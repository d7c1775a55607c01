// GET /api/usage: 24 UTC hourly buckets from the request log, success rate, active keys, one key's figures, and the
// same "today" as each key's requestsToday and the dashboard's totalAPICallsToday.
import { apiUsageSchema } from "@acp/contracts/api-access";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../db/schema";
import type { ApiUsageEntry } from "../services/usage/api-usage-recorder";
import { successRate } from "../services/usage/get-api-usage";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const NOW = new Date("2026-11-20T10:30:00.000Z");
const HOUR_MS = 60 * 60 * 1000;
/** The first of the window's 24 hours: the current one (10:00) and the 23 before it. */
const WINDOW_START = new Date("2026-11-19T11:00:00.000Z");

const emptyHours = () =>
  Array.from({ length: 24 }, (_, index) => ({
    hour: new Date(WINDOW_START.getTime() + index * HOUR_MS).toISOString(),
    requests: 0,
    errors: 0,
  }));

describe.each(engines)("GET /api/usage on %s", (engine) => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUp>>;
  let b: Awaited<ReturnType<typeof signUp>>;
  const ids: Record<"k1" | "k2" | "k3" | "k4" | "bKey", string> = {
    k1: "",
    k2: "",
    k3: "",
    k4: "",
    bKey: "",
  };

  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    a = await signUp(t);
    b = await signUp(t);
    const key = (userId: string, name: string, extra: Partial<typeof apiKeys.$inferInsert> = {}) => ({
      userId,
      name,
      keyHash: `usage-test-${name}-${userId}`,
      keyPreview: "acp_live_…test",
      ...extra,
    });
    const rows = await t.database.db
      .insert(apiKeys)
      .values([
        key(a.user.id, "k1"),
        key(a.user.id, "k2", { isActive: false }),
        key(a.user.id, "k3", { expiresAt: new Date(NOW.getTime() - 1) }),
        key(a.user.id, "k4", { expiresAt: new Date(NOW.getTime() + HOUR_MS) }),
        key(b.user.id, "bKey"),
      ])
      .returning();
    for (const row of rows) ids[row.name as keyof typeof ids] = row.id;

    const entry = (userId: string, apiKeyId: string | null, at: string, status: number): ApiUsageEntry => ({
      userId,
      apiKeyId,
      agentEndpoint: "agent-coach-1",
      operation: "agent",
      status,
      latencyMs: 20,
      promptTokens: 10,
      completionTokens: 5,
      at: new Date(at),
    });
    for (const recorded of [
      entry(a.user.id, ids.k1, "2026-11-20T10:05:00.000Z", 200),
      entry(a.user.id, ids.k1, "2026-11-20T10:10:00.000Z", 500),
      entry(a.user.id, ids.k1, "2026-11-20T09:59:59.999Z", 201),
      entry(a.user.id, ids.k1, "2026-11-19T11:00:00.000Z", 429),
      // Just before the window, and a clock ahead of ours: neither counts.
      entry(a.user.id, ids.k1, "2026-11-19T10:59:59.999Z", 200),
      entry(a.user.id, ids.k1, "2026-11-20T11:00:00.000Z", 200),
      // A public call to one of a's agents (no key).
      entry(a.user.id, null, "2026-11-20T10:20:00.000Z", 304),
      entry(a.user.id, ids.k2, "2026-11-20T03:00:00.000Z", 404),
      entry(b.user.id, ids.bKey, "2026-11-20T10:00:00.000Z", 200),
    ]) {
      // Left in the recorder's buffer on purpose: the usage read must write it before counting.
      t.deps.apiUsage.record(recorded);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  const usage = async (cookie: string, query = "") => {
    const response = await t.request(`/api/usage${query}`, { cookie });
    expect(response.status).toBe(200);
    return apiUsageSchema.strict().parse(await response.json());
  };

  it("answers every call of the user's in the window, per UTC hour, with errors, success rate and active keys", async () => {
    const hourly = emptyHours();
    hourly[0] = { ...hourly[0], requests: 1, errors: 1 } as (typeof hourly)[number];
    hourly[16] = { hour: "2026-11-20T03:00:00.000Z", requests: 1, errors: 1 };
    hourly[22] = { hour: "2026-11-20T09:00:00.000Z", requests: 1, errors: 0 };
    hourly[23] = { hour: "2026-11-20T10:00:00.000Z", requests: 3, errors: 1 };
    expect(await usage(a.cookie)).toEqual({ requestsToday: 6, activeKeys: 2, successRate: 50, hourly });
  });

  it("narrows to one of the user's keys with ?keyId=, and answers 404 for anyone else's or an unknown one", async () => {
    const k1 = await usage(a.cookie, `?keyId=${ids.k1}`);
    expect(k1).toMatchObject({ requestsToday: 4, activeKeys: 1, successRate: 50 });
    expect(k1.hourly.filter((hour) => hour.requests > 0)).toEqual([
      { hour: "2026-11-19T11:00:00.000Z", requests: 1, errors: 1 },
      { hour: "2026-11-20T09:00:00.000Z", requests: 1, errors: 0 },
      { hour: "2026-11-20T10:00:00.000Z", requests: 2, errors: 1 },
    ]);
    expect(await usage(a.cookie, `?keyId=${ids.k2}`)).toMatchObject({
      requestsToday: 1,
      activeKeys: 0,
      successRate: 0,
    });
    expect(await usage(a.cookie, `?keyId=${ids.k3}`)).toEqual({
      requestsToday: 0,
      activeKeys: 0,
      successRate: 100,
      hourly: emptyHours(),
    });
    for (const keyId of [ids.bKey, "no-such-key"]) {
      const response = await t.request(`/api/usage?keyId=${keyId}`, { cookie: a.cookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: "API key not found", code: "NOT_FOUND" });
    }
    expect((await t.request("/api/usage?keyId=", { cookie: a.cookie })).status).toBe(400);
  });

  it("gives each user their own figures: a new user has 24 empty hours and a 100% success rate", async () => {
    expect(await usage(b.cookie)).toMatchObject({ requestsToday: 1, activeKeys: 1, successRate: 100 });
    const fresh = await signUp(t);
    expect(await usage(fresh.cookie)).toEqual({
      requestsToday: 0,
      activeKeys: 0,
      successRate: 100,
      hourly: emptyHours(),
    });
    expect((await t.request("/api/usage")).status).toBe(401);
  });

  it("counts 'today' the same way in the key list and on the dashboard", async () => {
    const keys = (await (await t.request("/api/api-keys", { cookie: a.cookie })).json()) as {
      id: string;
      requestsToday: number;
    }[];
    expect(Object.fromEntries(keys.map((key) => [key.id, key.requestsToday]))).toEqual({
      [ids.k1]: 4,
      [ids.k2]: 1,
      [ids.k3]: 0,
      [ids.k4]: 0,
    });
    const metrics = (await (await t.request("/api/dashboard/metrics", { cookie: a.cookie })).json()) as {
      totalAPICallsToday: number;
    };
    expect(metrics.totalAPICallsToday).toBe(6);
  });
});

describe("successRate", () => {
  it("is the share answered below 400, as a percentage with one decimal, and 100 without calls", () => {
    expect(successRate(0, 0)).toBe(100);
    expect(successRate(3, 1)).toBe(66.7);
    expect(successRate(3, 2)).toBe(33.3);
    expect(successRate(1000, 1)).toBe(99.9);
    expect(successRate(4, 4)).toBe(0);
  });
});
