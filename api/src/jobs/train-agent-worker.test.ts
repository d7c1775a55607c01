// The training worker through pg-boss: a job hands over while documents process, and a crashing job ends the agent
// failed after its last attempt, never training forever.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customAgents, documents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { TRAIN_AGENT_ATTEMPTS } from "./train-agent-queue";
import { TRAINING_CRASHED } from "./train-agent-worker";

describe.each(engines)("agent training worker on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const read = async (id: string) =>
    (await t.database.db.select().from(customAgents).where(eq(customAgents.id, id)))[0];
  const until = async <T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const createAgent = async (cookie: string, name: string) => {
    const response = await t.request("/api/custom-agents", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name, systemPrompt: "You help." }),
    });
    return (await response.json()) as { id: string };
  };
  const document = (userId: string, agentId: string, status: "processing" | "completed") => ({
    userId,
    agentId,
    status,
    originalName: "plan.txt",
    name: "plan.txt",
    mimeType: "text/plain",
    size: 4,
    sha256: crypto.randomUUID(),
  });

  it("checks again later while documents process, and settles once they are done", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await createAgent(cookie, "Patient Planner");
    const [pending] = await t.database.db
      .insert(documents)
      .values(document(user.id, agent.id, "processing"))
      .returning();
    expect((await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie })).status).toBe(
      202,
    );

    // The first check finds the document processing and hands over to a later job.
    const handedOver = await until(
      async () => (await t.deps.queue.boss.findJobs("train-agent", { data: { agentId: agent.id } })).length,
      (jobs) => jobs >= 2,
    );
    expect(handedOver).toBeGreaterThanOrEqual(2);
    expect(await read(agent.id)).toMatchObject({ trainingStatus: "training" });

    // The document ends failed: nothing is left to learn from.
    await t.database.db
      .update(documents)
      .set({ status: "failed" })
      .where(eq(documents.id, pending?.id ?? ""));
    const settled = await until(
      () => read(agent.id),
      (row) => row?.trainingStatus !== "training",
    );
    expect(settled).toMatchObject({
      trainingStatus: "failed",
      trainingError: "Upload documents for Patient Planner first",
    });
  });

  it("retries a job that crashes, then fails the agent with a reason", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await createAgent(cookie, "Fragile");
    await t.database.db.insert(documents).values(document(user.id, agent.id, "completed"));
    const cache = t.deps.chunkIndexes;
    const load = cache.get.bind(cache);
    let attempts = 0;
    cache.get = async (userId: string) => {
      if (userId !== user.id) return load(userId);
      attempts++;
      throw new Error("search index offline");
    };
    try {
      expect(
        (await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie })).status,
      ).toBe(202);
      const settled = await until(
        () => read(agent.id),
        (row) => row?.trainingStatus !== "training",
        60_000,
      );
      expect(settled).toMatchObject({ trainingStatus: "failed", trainingError: TRAINING_CRASHED });
      expect(attempts).toBe(TRAIN_AGENT_ATTEMPTS);
    } finally {
      cache.get = load;
    }
  });
});
