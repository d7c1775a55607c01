// Request-log retention: rows older than 30 days become (user, key, agent, hour) totals, once, in bounded batches.
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, apiRequestHourly, apiRequestLog, users } from "../../db/schema";
import { startSweeper } from "../../jobs/sweeper";
import { createTestApp, engines, type TestApp } from "../../test/test-app";
import { rollUpRequestLog } from "./roll-up-request-log";

const NOW = new Date("2026-11-20T10:30:00.000Z");
/** 30 days before NOW: rows before this moment are rolled up. */
const CUTOFF = new Date("2026-10-21T10:30:00.000Z");

describe.each(engines)("request log roll-up on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { workers: 0 }, overrides: { now: () => NOW } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const newUser = async () => {
    const [user] = await t.database.db.insert(users).values({ firstName: "Ada" }).returning();
    const [key] = await t.database.db
      .insert(apiKeys)
      .values({
        userId: user?.id ?? "",
        name: "k",
        keyHash: `roll-up-${user?.id}`,
        keyPreview: "acp_live_…k",
      })
      .returning();
    return { userId: user?.id ?? "", keyId: key?.id ?? "" };
  };
  const row = (
    userId: string,
    apiKeyId: string | null,
    at: string,
    status: number,
    extra: Partial<typeof apiRequestLog.$inferInsert> = {},
  ) => ({
    userId,
    apiKeyId,
    agentEndpoint: "agent-coach-1",
    operation: "agent",
    status,
    latencyMs: 10,
    promptTokens: 100,
    completionTokens: 20,
    createdAt: new Date(at),
    ...extra,
  });
  const totalsOf = (userId: string) =>
    t.database.db
      .select({
        apiKeyId: apiRequestHourly.apiKeyId,
        agentEndpoint: apiRequestHourly.agentEndpoint,
        hour: apiRequestHourly.hour,
        requests: apiRequestHourly.requests,
        errors: apiRequestHourly.errors,
        latencyMsTotal: apiRequestHourly.latencyMsTotal,
        promptTokens: apiRequestHourly.promptTokens,
        completionTokens: apiRequestHourly.completionTokens,
      })
      .from(apiRequestHourly)
      .where(eq(apiRequestHourly.userId, userId))
      .orderBy(
        asc(apiRequestHourly.hour),
        asc(apiRequestHourly.apiKeyId),
        asc(apiRequestHourly.agentEndpoint),
      );
  const logOf = async (userId: string) =>
    (
      await t.database.db
        .select({ createdAt: apiRequestLog.createdAt })
        .from(apiRequestLog)
        .where(eq(apiRequestLog.userId, userId))
        .orderBy(asc(apiRequestLog.createdAt))
    ).map((entry) => entry.createdAt.toISOString());

  it("totals expired rows per user, key, agent and hour, keeps the last 30 days, and counts each row once", async () => {
    const { userId, keyId } = await newUser();
    const other = await newUser();
    await t.database.db.insert(apiRequestLog).values([
      row(userId, keyId, "2026-10-01T09:05:00.000Z", 200),
      row(userId, keyId, "2026-10-01T09:55:00.000Z", 500, { latencyMs: 30, promptTokens: null }),
      row(userId, keyId, "2026-10-01T10:00:00.000Z", 429, { completionTokens: null, latencyMs: null }),
      row(userId, null, "2026-10-01T09:30:00.000Z", 200, { agentEndpoint: null }),
      row(userId, keyId, "2026-10-01T09:40:00.000Z", 200, { agentEndpoint: "agent-legal-2" }),
      row(userId, keyId, "2026-10-21T10:29:59.999Z", 404),
      // Within the 30 days: stays.
      row(userId, keyId, "2026-10-21T10:30:00.000Z", 200),
      row(userId, keyId, "2026-11-20T10:00:00.000Z", 200),
      row(other.userId, other.keyId, "2026-10-01T09:10:00.000Z", 200),
    ]);

    // Batches of 2 rows: several statements, same totals.
    expect(await rollUpRequestLog({ db: t.database.db, now: NOW, batchRows: 2 })).toEqual({
      rolledUp: 7,
      done: true,
    });
    const expected = [
      {
        apiKeyId: "",
        agentEndpoint: "",
        hour: new Date("2026-10-01T09:00:00.000Z"),
        requests: 1,
        errors: 0,
        latencyMsTotal: 10,
        promptTokens: 100,
        completionTokens: 20,
      },
      {
        apiKeyId: keyId,
        agentEndpoint: "agent-coach-1",
        hour: new Date("2026-10-01T09:00:00.000Z"),
        requests: 2,
        errors: 1,
        latencyMsTotal: 40,
        promptTokens: 100,
        completionTokens: 40,
      },
      {
        apiKeyId: keyId,
        agentEndpoint: "agent-legal-2",
        hour: new Date("2026-10-01T09:00:00.000Z"),
        requests: 1,
        errors: 0,
        latencyMsTotal: 10,
        promptTokens: 100,
        completionTokens: 20,
      },
      {
        apiKeyId: keyId,
        agentEndpoint: "agent-coach-1",
        hour: new Date("2026-10-01T10:00:00.000Z"),
        requests: 1,
        errors: 1,
        latencyMsTotal: 0,
        promptTokens: 100,
        completionTokens: 0,
      },
      {
        apiKeyId: keyId,
        agentEndpoint: "agent-coach-1",
        hour: new Date("2026-10-21T10:00:00.000Z"),
        requests: 1,
        errors: 1,
        latencyMsTotal: 10,
        promptTokens: 100,
        completionTokens: 20,
      },
    ];
    expect(await totalsOf(userId)).toEqual(expected);
    expect(await logOf(userId)).toEqual([CUTOFF.toISOString(), "2026-11-20T10:00:00.000Z"]);
    expect((await totalsOf(other.userId)).map((total) => total.requests)).toEqual([1]);

    // Again: nothing to move, nothing counted twice.
    expect(await rollUpRequestLog({ db: t.database.db, now: NOW })).toEqual({ rolledUp: 0, done: true });
    expect(await totalsOf(userId)).toEqual(expected);

    // A late row for an hour already rolled up adds to its totals.
    await t.database.db.insert(apiRequestLog).values(row(userId, keyId, "2026-10-01T09:59:59.999Z", 503));
    await rollUpRequestLog({ db: t.database.db, now: NOW });
    expect((await totalsOf(userId))[1]).toMatchObject({ requests: 3, errors: 2, latencyMsTotal: 50 });
  });

  it("moves at most maxBatches x batchRows rows a pass; the next pass takes the rest", async () => {
    const { userId, keyId } = await newUser();
    await t.database.db
      .insert(apiRequestLog)
      .values(
        Array.from({ length: 5 }, (_, index) =>
          row(userId, keyId, `2026-09-0${index + 1}T12:00:00.000Z`, 200),
        ),
      );
    expect(await rollUpRequestLog({ db: t.database.db, now: NOW, batchRows: 2, maxBatches: 2 })).toEqual({
      rolledUp: 4,
      done: false,
    });
    // The oldest go first.
    expect(await logOf(userId)).toEqual(["2026-09-05T12:00:00.000Z"]);
    expect(await rollUpRequestLog({ db: t.database.db, now: NOW, batchRows: 2, maxBatches: 2 })).toEqual({
      rolledUp: 1,
      done: true,
    });
    expect((await totalsOf(userId)).map((total) => total.requests)).toEqual([1, 1, 1, 1, 1]);
  });

  it("counts each row once when two sweepers roll up at the same time", async () => {
    const { userId, keyId } = await newUser();
    await t.database.db
      .insert(apiRequestLog)
      .values(
        Array.from({ length: 300 }, (_, index) =>
          row(userId, keyId, "2026-09-10T08:00:00.000Z", index % 3 ? 200 : 500),
        ),
      );
    const passes = await Promise.all(
      [0, 1, 2].map(() => rollUpRequestLog({ db: t.database.db, now: NOW, batchRows: 25 })),
    );
    expect(passes.reduce((sum, pass) => sum + pass.rolledUp, 0)).toBe(300);
    expect(await totalsOf(userId)).toMatchObject([{ requests: 300, errors: 100 }]);
    expect(await logOf(userId)).toEqual([]);
  });

  it("runs in the sweeper's pass", async () => {
    const { userId, keyId } = await newUser();
    await t.database.db.insert(apiRequestLog).values(row(userId, keyId, "2026-08-01T00:00:00.000Z", 200));
    const sweeper = startSweeper(t.deps, { intervalSeconds: 3600 });
    await sweeper.idle();
    sweeper.stop();
    expect(await logOf(userId)).toEqual([]);
    expect(await totalsOf(userId)).toMatchObject([
      { hour: new Date("2026-08-01T00:00:00.000Z"), requests: 1 },
    ]);
    const [left] = await t.database.db
      .select({ value: sql<number>`count(*)::int` })
      .from(apiRequestLog)
      .where(sql`${apiRequestLog.createdAt} < ${CUTOFF.toISOString()}::timestamptz`);
    expect(left?.value).toBe(0);
  });
});
