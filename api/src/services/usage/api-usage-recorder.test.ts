// The usage recorder: buffered records, one INSERT per batch, timed flushes, bounded retries and a bounded buffer.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "../../db/create-database";
import { apiKeys, apiRequestLog, users } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { createTestDatabase, engines } from "../../test/test-app";
import { type ApiUsageEntry, createApiUsageRecorder } from "./api-usage-recorder";

/** The database with its `execute` calls counted, and failing while `failing` is true. */
function instrumented(db: Db) {
  const state = { executes: 0, failing: false };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === "execute") {
        return (...args: Parameters<Db["execute"]>) => {
          state.executes += 1;
          if (state.failing) return Promise.reject(new Error("connection refused"));
          return target.execute(...args);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  return { db: proxy, state };
}

function recordingLogger() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const log = (level: string) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  const logger = { warn: log("warn"), error: log("error"), info: log("info"), debug: log("debug") };
  return { logger: logger as unknown as Logger, lines };
}

describe.each(engines)("API usage recorder on %s", (engine) => {
  let database: Database;
  let userId: string;
  let keyId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const [user] = await database.db.insert(users).values({ firstName: "Ada" }).returning();
    userId = user?.id ?? "";
    const [key] = await database.db
      .insert(apiKeys)
      .values({ userId, name: "CI", keyHash: "recorder-test-hash", keyPreview: "acp_live_…abcd" })
      .returning();
    keyId = key?.id ?? "";
  });
  afterAll(async () => {
    await database?.close();
  });

  const entry = (overrides: Partial<ApiUsageEntry> = {}): ApiUsageEntry => ({
    userId,
    apiKeyId: keyId,
    agentEndpoint: "agent-coach-1",
    operation: "agent",
    status: 200,
    latencyMs: 12,
    promptTokens: 30,
    completionTokens: 7,
    at: new Date("2026-11-20T10:00:00.000Z"),
    ...overrides,
  });

  const logCount = async (operation: string) =>
    (
      await database.db
        .select({ value: sql<number>`count(*)::int` })
        .from(apiRequestLog)
        .where(eq(apiRequestLog.operation, operation))
    )[0]?.value;

  it("only buffers on record, then writes 1,200 entries in three INSERTs", async () => {
    const { db, state } = instrumented(database.db);
    const recorder = createApiUsageRecorder({
      db,
      logger: recordingLogger().logger,
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < 499; index++) recorder.record(entry({ operation: "batching" }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(state.executes).toBe(0);
    expect(recorder.buffered).toBe(499);

    for (let index = 0; index < 701; index++) recorder.record(entry({ operation: "batching" }));
    await recorder.flush();
    expect(state.executes).toBe(3);
    expect(recorder.buffered).toBe(0);
    expect(await logCount("batching")).toBe(1200);
    await recorder.close();
  });

  it("stores every field as given", async () => {
    const recorder = createApiUsageRecorder({ db: database.db, logger: recordingLogger().logger });
    recorder.record(
      entry({
        operation: "fields",
        apiKeyId: null,
        agentEndpoint: null,
        status: 503,
        latencyMs: 41.6,
        promptTokens: null,
        completionTokens: null,
        at: new Date("2026-11-21T08:30:00.000Z"),
      }),
    );
    await recorder.close();
    const rows = await database.db.select().from(apiRequestLog).where(eq(apiRequestLog.operation, "fields"));
    expect(rows).toEqual([
      {
        id: expect.any(String),
        userId,
        apiKeyId: null,
        agentEndpoint: null,
        operation: "fields",
        status: 503,
        latencyMs: 42,
        promptTokens: null,
        completionTokens: null,
        createdAt: new Date("2026-11-21T08:30:00.000Z"),
      },
    ]);
  });

  it("drops an entry no row could hold (logged) and stores out-of-range counts within bounds, so a batch never fails on one", async () => {
    const { logger, lines } = recordingLogger();
    const recorder = createApiUsageRecorder({ db: database.db, logger, flushIntervalMs: 60_000 });
    recorder.record(entry({ operation: "odd", status: Number.NaN }));
    recorder.record(entry({ operation: "odd", at: new Date("not a date") }));
    recorder.record(
      entry({
        operation: "odd",
        latencyMs: Number.POSITIVE_INFINITY,
        promptTokens: -3,
        completionTokens: 5e12,
      }),
    );
    expect(recorder.dropped).toBe(2);
    expect(lines.map((line) => line.fields.field)).toEqual(["status", "at"]);
    await recorder.close();
    const rows = await database.db.select().from(apiRequestLog).where(eq(apiRequestLog.operation, "odd"));
    expect(rows.map((row) => [row.latencyMs, row.promptTokens, row.completionTokens])).toEqual([
      [0, 0, 2_147_483_647],
    ]);
  });

  it("writes on its own timer without flush()", async () => {
    const recorder = createApiUsageRecorder({
      db: database.db,
      logger: recordingLogger().logger,
      flushIntervalMs: 25,
    });
    recorder.record(entry({ operation: "timer" }));
    await vi.waitFor(async () => expect(await logCount("timer")).toBe(1), { timeout: 2000 });
    await recorder.close();
  });

  it("skips entries of a deleted user and keeps a deleted key's entries without the key, in the same batch", async () => {
    const [gone] = await database.db.insert(users).values({ firstName: "Gone" }).returning();
    const [goneKey] = await database.db
      .insert(apiKeys)
      .values({ userId, name: "Old", keyHash: "recorder-gone-key", keyPreview: "acp_live_…0000" })
      .returning();
    const recorder = createApiUsageRecorder({ db: database.db, logger: recordingLogger().logger });
    recorder.record(entry({ operation: "deleted", userId: gone?.id ?? "" }));
    recorder.record(entry({ operation: "deleted", apiKeyId: goneKey?.id ?? "" }));
    recorder.record(entry({ operation: "deleted" }));
    await database.db.delete(users).where(eq(users.id, gone?.id ?? ""));
    await database.db.delete(apiKeys).where(eq(apiKeys.id, goneKey?.id ?? ""));
    await recorder.close();
    const rows = await database.db
      .select({ userId: apiRequestLog.userId, apiKeyId: apiRequestLog.apiKeyId })
      .from(apiRequestLog)
      .where(eq(apiRequestLog.operation, "deleted"));
    expect(rows.sort((a, b) => String(a.apiKeyId).localeCompare(String(b.apiKeyId)))).toEqual([
      { userId, apiKeyId: keyId },
      { userId, apiKeyId: null },
    ]);
  });

  it("keeps a failed batch for the next flush, and gives it up (logged) after the last attempt", async () => {
    const { db, state } = instrumented(database.db);
    const { logger, lines } = recordingLogger();
    const recorder = createApiUsageRecorder({ db, logger, flushIntervalMs: 60_000, maxAttempts: 3 });
    state.failing = true;
    recorder.record(entry({ operation: "retried" }));
    await recorder.flush();
    expect(recorder.buffered).toBe(1);
    expect(lines.at(-1)).toMatchObject({ level: "warn", fields: { entries: 1, attempts: 1 } });
    state.failing = false;
    await recorder.flush();
    expect(recorder.buffered).toBe(0);
    expect(await logCount("retried")).toBe(1);

    state.failing = true;
    recorder.record(entry({ operation: "given-up" }));
    for (let attempt = 0; attempt < 3; attempt++) await recorder.flush();
    expect(recorder.buffered).toBe(0);
    expect(recorder.dropped).toBe(1);
    expect(lines.at(-1)).toMatchObject({
      level: "error",
      fields: { entries: 1, attempts: 3 },
      message: "API usage entries lost: writing them kept failing",
    });
    // Nothing more is tried once it is given up.
    const executes = state.executes;
    await recorder.flush();
    expect(state.executes).toBe(executes);
    state.failing = false;
    await recorder.close();
    expect(await logCount("given-up")).toBe(0);
  });

  it("holds at most maxBuffered entries while writes fail, and logs how many it dropped", async () => {
    const { db, state } = instrumented(database.db);
    const { logger, lines } = recordingLogger();
    const recorder = createApiUsageRecorder({
      db,
      logger,
      flushIntervalMs: 60_000,
      batchSize: 4,
      maxBuffered: 10,
      maxAttempts: 100,
    });
    state.failing = true;
    for (let index = 0; index < 6; index++) recorder.record(entry({ operation: "capped" }));
    await recorder.flush();
    for (let index = 0; index < 9; index++) recorder.record(entry({ operation: "capped" }));
    expect(recorder.buffered).toBe(10);
    expect(recorder.dropped).toBe(5);
    await recorder.flush();
    expect(lines.some((line) => line.level === "warn" && line.fields.dropped === 5)).toBe(true);
    state.failing = false;
    await recorder.flush();
    expect(await logCount("capped")).toBe(10);
    await recorder.close();
  });

  it("writes what is left on close, and drops records made after it", async () => {
    const recorder = createApiUsageRecorder({
      db: database.db,
      logger: recordingLogger().logger,
      flushIntervalMs: 60_000,
    });
    recorder.record(entry({ operation: "closing" }));
    await recorder.close();
    recorder.record(entry({ operation: "closing" }));
    await recorder.flush();
    expect(await logCount("closing")).toBe(1);
    expect(recorder.dropped).toBe(1);
  });
});
