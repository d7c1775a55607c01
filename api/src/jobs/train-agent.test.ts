// Training a custom agent (one attempt, and the sweep): documents ready or waited for, probes found or missed.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customAgents, documents } from "../db/schema";
import { searchKnowledge } from "../services/retrieval/search-knowledge";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { uploadOk, waitForDocument } from "../test/uploads";
import { PROBE_COUNT, trainAgent } from "./train-agent";
import { sendTrainAgentJob, TRAIN_AGENT_QUEUE } from "./train-agent-queue";
import { releaseOrphanedTrainingJobs, sweepStuckTraining, TRAINING_LOST } from "./train-agent-sweep";

const TEXT = [
  "Northwind renews ledger sync contracts for regional wholesalers every quarter.",
  "Escalations about invoice relay outages reach the duty engineer within fifteen minutes.",
  "Payroll bridge pricing follows the five-tier volume schedule approved by finance.",
  "The audit vault keeps signed statements for seven years in two separate regions.",
].join("\n\n");

describe.each(engines)("trainAgent on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const newAgent = async (userId: string, name: string) => {
    const [agent] = await t.database.db
      .insert(customAgents)
      .values({
        userId,
        name,
        systemPrompt: "You help.",
        apiEndpoint: `agent-${crypto.randomUUID()}`,
        trainingStatus: "training",
      })
      .returning();
    if (!agent) throw new Error("no agent");
    return agent;
  };
  const read = async (id: string) =>
    (await t.database.db.select().from(customAgents).where(eq(customAgents.id, id)))[0];
  const future = () => new Date(Date.now() + 60_000);

  it("finds each probed passage of the agent's documents, and only then is trained", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await newAgent(user.id, "Ops Handbook");
    const [doc] = await uploadOk(t, cookie, [{ name: "ops.txt", content: TEXT }], { agentId: agent.id });
    await waitForDocument(t, cookie, doc?.id ?? "");

    const queries: { query: string; agentId: string | undefined }[] = [];
    const recording: typeof searchKnowledge = async (options) => {
      queries.push({ query: options.query, agentId: options.agentId });
      return searchKnowledge(options);
    };
    const outcome = await trainAgent({
      deps: t.deps,
      agentId: agent.id,
      waitUntil: future(),
      search: recording,
    });
    expect(outcome).toEqual({ kind: "trained", probes: queries.length, found: queries.length });
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.length).toBeLessThanOrEqual(PROBE_COUNT);
    for (const { query, agentId } of queries) {
      expect(agentId).toBe(agent.id);
      expect(TEXT.replace(/\s+/g, " ")).toContain(query);
    }
    expect(await read(agent.id)).toMatchObject({ trainingStatus: "trained", trainingError: null });
    expect(t.deps.chunkIndexes.holds(user.id)).toBe(true);

    // Settled: a second attempt (a retried job) has nothing to do.
    expect(await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() })).toEqual({
      kind: "gone",
    });
  });

  it("fails with the reason when its search does not bring its passages back", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await newAgent(user.id, "Lost Index");
    const [doc] = await uploadOk(t, cookie, [{ name: "ops.txt", content: TEXT }], { agentId: agent.id });
    await waitForDocument(t, cookie, doc?.id ?? "");
    const missing: typeof searchKnowledge = async () => ({
      results: [],
      threshold: 0.25,
      embedder: "local-1536",
      denseLeg: "searched",
    });
    const outcome = await trainAgent({
      deps: t.deps,
      agentId: agent.id,
      waitUntil: future(),
      search: missing,
    });
    expect(outcome).toMatchObject({ kind: "failed" });
    const reason = (await read(agent.id))?.trainingError ?? "";
    expect(reason).toMatch(
      /^Lost Index could not find its own documents: only 0 of \d+ sentences taken from them brought back the passage they came from\./,
    );
    expect(await read(agent.id)).toMatchObject({ trainingStatus: "failed" });
  });

  it("fails when the documents hold no sentence to check against", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await newAgent(user.id, "Numbers");
    const [doc] = await uploadOk(
      t,
      cookie,
      [{ name: "totals.txt", content: "Totals.\nRevenue 10.\nCost 4.\n" }],
      {
        agentId: agent.id,
      },
    );
    expect((await waitForDocument(t, cookie, doc?.id ?? "")).document.status).toBe("completed");
    await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() });
    expect(await read(agent.id)).toMatchObject({
      trainingStatus: "failed",
      trainingError:
        "The documents for Numbers hold too little running text to check its answers against: upload documents with sentences",
    });
  });

  it("waits for documents still processing, then gives up saying so; another user's documents do not count", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const agent = await newAgent(owner.user.id, "Patient");
    const processing = {
      agentId: agent.id,
      originalName: "slow.pdf",
      name: "slow.pdf",
      mimeType: "application/pdf",
      size: 10,
    };
    // Another user's completed document given the same agent id is not this agent's.
    await t.database.db
      .insert(documents)
      .values({ ...processing, userId: other.user.id, status: "completed", sha256: "other" });
    expect(await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() })).toEqual({
      kind: "failed",
      reason: "Upload documents for Patient first",
    });

    await t.database.db
      .update(customAgents)
      .set({ trainingStatus: "training" })
      .where(eq(customAgents.id, agent.id));
    await t.database.db.insert(documents).values([
      { ...processing, userId: owner.user.id, sha256: "a" },
      { ...processing, userId: owner.user.id, sha256: "b" },
    ]);
    expect(await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() })).toEqual({
      kind: "waiting",
      processing: 2,
    });
    expect(await read(agent.id)).toMatchObject({ trainingStatus: "training" });
    const outcome = await trainAgent({
      deps: t.deps,
      agentId: agent.id,
      waitUntil: new Date(Date.now() - 1),
    });
    expect(outcome).toEqual({
      kind: "failed",
      reason:
        "2 documents for Patient were still processing when training gave up waiting: train again once they show Processed",
    });
    expect(await read(agent.id)).toMatchObject({
      trainingStatus: "failed",
      trainingError: outcome.kind === "failed" ? outcome.reason : "",
    });
  });

  it("leaves an agent it does not own alone: deleted, or no longer training", async () => {
    const { user } = await signUp(t);
    const agent = await newAgent(user.id, "Gone");
    await t.database.db
      .update(customAgents)
      .set({ trainingStatus: "trained" })
      .where(eq(customAgents.id, agent.id));
    expect(await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() })).toEqual({
      kind: "gone",
    });
    await t.database.db.delete(customAgents).where(eq(customAgents.id, agent.id));
    expect(await trainAgent({ deps: t.deps, agentId: agent.id, waitUntil: future() })).toEqual({
      kind: "gone",
    });
  });
});

describe.each(engines)("sweepStuckTraining on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: a queued job stays queued, standing for a job pg-boss still holds.
    t = await createTestApp(engine, { config: { workers: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("fails an agent left training without a live job, and leaves the others to their jobs", async () => {
    const { user } = await signUp(t);
    const stale = new Date(Date.now() - 10 * 60_000);
    const insert = async (name: string, values: Partial<typeof customAgents.$inferInsert>) => {
      const [row] = await t.database.db
        .insert(customAgents)
        .values({
          userId: user.id,
          name,
          systemPrompt: "You help.",
          apiEndpoint: `agent-${crypto.randomUUID()}`,
          ...values,
        })
        .returning();
      if (!row) throw new Error("no agent");
      // updatedAt is set on every write: put it back in the past after the insert.
      if (values.updatedAt) {
        await t.database.db
          .update(customAgents)
          .set({ updatedAt: values.updatedAt })
          .where(eq(customAgents.id, row.id));
      }
      return row;
    };
    const lost = await insert("Lost", { trainingStatus: "training", updatedAt: stale });
    const queued = await insert("Queued", { trainingStatus: "training", updatedAt: stale });
    const fresh = await insert("Fresh", { trainingStatus: "training" });
    const trained = await insert("Trained", { trainingStatus: "trained", updatedAt: stale });
    await sendTrainAgentJob(t.deps.queue, { agentId: queued.id, waitUntil: new Date().toISOString() });

    expect(await sweepStuckTraining(t.deps, { staleSeconds: 60 })).toEqual([lost.id]);
    const read = async (id: string) =>
      (await t.database.db.select().from(customAgents).where(eq(customAgents.id, id)))[0];
    expect(await read(lost.id)).toMatchObject({ trainingStatus: "failed", trainingError: TRAINING_LOST });
    expect(await read(queued.id)).toMatchObject({ trainingStatus: "training" });
    expect(await read(fresh.id)).toMatchObject({ trainingStatus: "training" });
    expect(await read(trained.id)).toMatchObject({ trainingStatus: "trained" });
    expect(await sweepStuckTraining(t.deps, { staleSeconds: 60 })).toEqual([]);
  });

  it("on PGlite, hands a job left active by a dead process back to pg-boss at start-up", async () => {
    const jobId = await sendTrainAgentJob(t.deps.queue, {
      agentId: "orphan-agent",
      waitUntil: new Date().toISOString(),
    });
    // What a process killed mid-job leaves behind: the job active, with nobody running it.
    await t.database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now() where id = ${jobId}::uuid`,
    );
    const released = await releaseOrphanedTrainingJobs(t.deps);
    const [job] = await t.deps.queue.boss.findJobs(TRAIN_AGENT_QUEUE, { id: jobId });
    if (engine === "pglite") {
      expect(released).toBe(1);
      expect(job?.state).toBe("retry");
    } else {
      // On PostgreSQL other processes may be running their jobs: pg-boss's heartbeat supervision decides.
      expect(released).toBe(0);
      expect(job?.state).toBe("active");
    }
  });
});
