// GET /api/dashboard/metrics: real per-user counts, nobody sees another user's numbers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, apiRequestLog, documents, trainingJobs } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const now = new Date("2026-05-10T15:30:00.000Z");

describe.each(engines)("GET /api/dashboard/metrics on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => now } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("returns zeros for a new user", async () => {
    const { cookie } = await signUp(t);
    const response = await t.request("/api/dashboard/metrics", { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      activeTrainingJobs: 0,
      totalAPICallsToday: 0,
      totalDocuments: 0,
    });
  });

  it("counts only the signed-in user's jobs, calls in the usage window (this UTC hour and the 23 before) and documents", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { db } = t.database;
    const job = (userId: string, status: "pending" | "running" | "completed" | "failed") => ({
      userId,
      name: `${status} job`,
      modelType: "gtm" as const,
      epochs: 10 as const,
      status,
    });
    await db
      .insert(trainingJobs)
      .values([
        job(a.user.id, "pending"),
        job(a.user.id, "running"),
        job(a.user.id, "completed"),
        job(a.user.id, "failed"),
        job(b.user.id, "running"),
      ]);
    const doc = (userId: string) => ({
      userId,
      originalName: "plan.pdf",
      name: "plan.pdf",
      mimeType: "application/pdf",
      size: 1234,
    });
    await db.insert(documents).values([doc(a.user.id), doc(a.user.id), doc(a.user.id), doc(b.user.id)]);
    const [key] = await db
      .insert(apiKeys)
      .values({ userId: a.user.id, name: "k", keyHash: `hash-${a.user.id}`, keyPreview: "acp_…1234" })
      .returning();
    const call = (userId: string, createdAt: Date) => ({
      userId,
      apiKeyId: userId === a.user.id ? (key?.id ?? null) : null,
      agentEndpoint: "agent-x",
      status: 200,
      createdAt,
    });
    await db
      .insert(apiRequestLog)
      .values([
        call(a.user.id, new Date("2026-05-09T16:00:00.000Z")),
        call(a.user.id, new Date("2026-05-10T15:29:59.999Z")),
        call(a.user.id, new Date("2026-05-09T15:59:59.999Z")),
        call(b.user.id, new Date("2026-05-10T10:00:00.000Z")),
      ]);

    const forA = await t.request("/api/dashboard/metrics", { cookie: a.cookie });
    expect(await forA.json()).toEqual({ activeTrainingJobs: 2, totalAPICallsToday: 2, totalDocuments: 3 });
    const forB = await t.request("/api/dashboard/metrics", { cookie: b.cookie });
    expect(await forB.json()).toEqual({ activeTrainingJobs: 1, totalAPICallsToday: 1, totalDocuments: 1 });
  });
});
