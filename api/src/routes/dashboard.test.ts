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
      gtmAccuracy: null,
      // The go-to-market agent starts switched on.
      activeAgents: 1,
    });
  });

  it("counts the agents that are on: built-in agents switched on and the user's public custom agents", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const send = (cookie: string, method: string, path: string, body: unknown) =>
      t.request(path, {
        method,
        cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (const id of ["legal", "vision"]) {
      expect((await send(a.cookie, "PATCH", `/api/agents/${id}`, { enabled: true })).status).toBe(200);
    }
    expect((await send(a.cookie, "PATCH", "/api/agents/gtm", { enabled: false })).status).toBe(200);
    const agent = (name: string, isPublic: boolean) => ({
      name,
      description: "",
      systemPrompt: "Answer from the documents.",
      agentType: "custom",
      isPublic,
    });
    expect((await send(a.cookie, "POST", "/api/custom-agents", agent("Public helper", true))).status).toBe(
      201,
    );
    expect((await send(a.cookie, "POST", "/api/custom-agents", agent("Private helper", false))).status).toBe(
      201,
    );
    expect((await send(b.cookie, "POST", "/api/custom-agents", agent("Other's agent", true))).status).toBe(
      201,
    );

    const metrics = async (cookie: string) =>
      (await (await t.request("/api/dashboard/metrics", { cookie })).json()) as { activeAgents: number };
    // legal + vision + the public custom agent; gtm was switched off, the private agent is not deployed.
    expect((await metrics(a.cookie)).activeAgents).toBe(3);
    expect((await metrics(b.cookie)).activeAgents).toBe(2);
  });

  it("counts only the signed-in user's jobs, calls in the usage window (this UTC hour and the 23 before) and documents", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { db } = t.database;
    const job = (
      userId: string,
      status: "pending" | "running" | "completed" | "failed",
      extra: Partial<typeof trainingJobs.$inferInsert> = {},
    ) => ({
      userId,
      name: `${status} job`,
      modelType: "gtm" as const,
      epochs: 10 as const,
      status,
      ...extra,
    });
    const outcome = (top1: number) => ({
      bestEpoch: 3,
      best: { pairs: 40, top1, recall5: 0.9, mrr: 0.8, ndcg10: 0.8 },
      applied: true,
      summary: "kept",
      fineTunedModel: null,
    });
    await db.insert(trainingJobs).values([
      job(a.user.id, "pending"),
      // GTM Accuracy is the latest completed gtm job's: not an older one, not another type's, not a failed one.
      job(a.user.id, "completed", { outcome: outcome(0.5), completedAt: new Date("2026-05-01T00:00:00Z") }),
      job(a.user.id, "completed", { outcome: outcome(0.714), completedAt: new Date("2026-05-02T00:00:00Z") }),
      job(a.user.id, "completed", {
        modelType: "legal",
        outcome: outcome(0.9),
        completedAt: new Date("2026-05-03T00:00:00Z"),
      }),
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
    expect(await forA.json()).toEqual({
      activeTrainingJobs: 1,
      totalAPICallsToday: 2,
      totalDocuments: 3,
      gtmAccuracy: 0.714,
      activeAgents: 1,
    });
    const forB = await t.request("/api/dashboard/metrics", { cookie: b.cookie });
    expect(await forB.json()).toEqual({
      activeTrainingJobs: 1,
      totalAPICallsToday: 1,
      totalDocuments: 1,
      gtmAccuracy: null,
      activeAgents: 1,
    });
  });
});
