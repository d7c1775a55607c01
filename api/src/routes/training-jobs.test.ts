// /api/training-jobs on both engines: the list, validation, the one-running rule, a job run for real by the worker
// (dataset check, baseline, epochs, outcome, the agent's retrieval using what it learned), cancel, the dry run, and a
// custom agent trained through the same pipeline.

import { AGENT_NAME_MAX_CHARS } from "@acp/contracts/constants";
import { retrievalSearchResponseSchema } from "@acp/contracts/knowledge";
import {
  datasetReportSchema,
  TRAINING_JOB_ALREADY_RUNNING,
  trainingJobDetailSchema,
  trainingJobSummarySchema,
} from "@acp/contracts/training";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { agentTrainedModels, trainingJobs } from "../db/schema";
import { indexTexts } from "../test/retrieval";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { trainingCorpus } from "../test/training-corpus";

const jobListSchema = z.array(trainingJobSummarySchema.strict());

describe.each(engines)("/api/training-jobs on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (cookie: string, path: string, body: unknown) =>
    t.request(path, {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const start = async (cookie: string, body: Record<string, unknown>) => {
    const response = await post(cookie, "/api/training-jobs", body);
    expect(response.status).toBe(201);
    return trainingJobSummarySchema.strict().parse(await response.json());
  };
  const detail = async (cookie: string, id: string) => {
    const response = await t.request(`/api/training-jobs/${id}`, { cookie });
    expect(response.status).toBe(200);
    return trainingJobDetailSchema.strict().parse(await response.json());
  };
  const settled = async (cookie: string, id: string, timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = await detail(cookie, id);
      if (job.status === "completed" || job.status === "failed") return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  /** `documents` documents of training text given to `agentId` (the index writer ingestion uses). */
  const knowledge = async (userId: string, agentId: string, documents: number) => {
    for (const [index, passages] of trainingCorpus({ documents }).entries()) {
      await indexTexts(t.deps, userId, passages, { name: `doc-${index}.txt`, agentId });
    }
  };

  it("lists the user's jobs newest first in the contract's shape, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [first] = await t.database.db
      .insert(trainingJobs)
      .values({
        userId: a.user.id,
        name: "Q1 GTM",
        modelType: "gtm",
        epochs: 10,
        status: "failed",
        error: "Cancelled by you after epoch 2 of 10",
        createdAt: new Date("2026-04-01T09:00:00.000Z"),
      })
      .returning();
    await t.database.db
      .insert(trainingJobs)
      .values({ userId: b.user.id, name: "B's job", modelType: "vision", epochs: 5, status: "failed" });
    const list = jobListSchema.parse(
      await (await t.request("/api/training-jobs", { cookie: a.cookie })).json(),
    );
    expect(list).toEqual([
      {
        id: first?.id,
        name: "Q1 GTM",
        modelType: "gtm",
        epochs: 10,
        status: "failed",
        progress: 0,
        currentEpoch: 0,
        createdAt: "2026-04-01T09:00:00.000Z",
        provider: "built-in",
        customAgent: null,
        error: "Cancelled by you after epoch 2 of 10",
        startedAt: null,
        completedAt: null,
        accuracy: null,
        applied: null,
        verdict: null,
      },
    ]);
  });

  it("refuses a blank name, an epoch count outside the options and another user's job", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const blank = await post(a.cookie, "/api/training-jobs", { name: "   ", modelType: "gtm", epochs: 10 });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toMatchObject({ error: "Please enter a job name" });
    const epochs = await post(a.cookie, "/api/training-jobs", { name: "x", epochs: 7 });
    expect(epochs.status).toBe(400);
    expect(((await epochs.json()) as { error: string }).error).toMatch(/^epochs: /);
    const type = await post(a.cookie, "/api/training-jobs", { name: "x", modelType: "qa-compliance" });
    expect(type.status).toBe(400);
    // Bounded as agent names are: a name past the bound is refused, naming the field, and nothing is stored.
    const huge = await post(a.cookie, "/api/training-jobs", { name: "j".repeat(300_000) });
    expect(huge.status).toBe(400);
    expect(((await huge.json()) as { error: string }).error).toBe(
      `name: A job name can be at most ${AGENT_NAME_MAX_CHARS} characters`,
    );
    expect(
      (await post(a.cookie, "/api/training-jobs", { name: "j".repeat(AGENT_NAME_MAX_CHARS + 1) })).status,
    ).toBe(400);
    expect(await t.database.db.select().from(trainingJobs).where(eq(trainingJobs.userId, a.user.id))).toEqual(
      [],
    );
    const job = await start(a.cookie, { name: "Mine" });
    expect((await t.request(`/api/training-jobs/${job.id}`, { cookie: b.cookie })).status).toBe(404);
    expect(
      (await t.request(`/api/training-jobs/${job.id}/cancel`, { method: "POST", cookie: b.cookie })).status,
    ).toBe(404);
    expect(await settled(a.cookie, job.id)).toMatchObject({
      status: "failed",
      error: "Upload documents for the GTM Strategy agent first",
    });
  });

  it("refuses a dataset too small before training anything", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "legal", 2);
    const job = await settled(
      cookie,
      (await start(cookie, { name: "Tiny", modelType: "legal", epochs: 5 })).id,
    );
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/training needs at least 4/);
    expect(job.dataset?.documents).toBe(2);
    expect(job.dataset?.problems).toHaveLength(1);
    expect(job.epochMetrics).toEqual([]);
    expect(job.baseline).toBeNull();
  });

  it("trains a gtm job epoch by epoch against the untrained baseline, one job at a time", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "gtm", 6);
    const job = await start(cookie, { name: "  Q3\u200b GTM  ", modelType: "gtm", epochs: 5 });
    expect(job).toMatchObject({ name: "Q3 GTM", status: "pending", progress: 0, currentEpoch: 0, epochs: 5 });
    const second = await post(cookie, "/api/training-jobs", { name: "Another", modelType: "legal" });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: "CONFLICT", error: TRAINING_JOB_ALREADY_RUNNING });
    const metrics = await (await t.request("/api/dashboard/metrics", { cookie })).json();
    expect(metrics).toMatchObject({ activeTrainingJobs: 1, gtmAccuracy: null });

    const done = await settled(cookie, job.id);
    expect(done).toMatchObject({ status: "completed", progress: 100, currentEpoch: 5, error: null });
    expect(datasetReportSchema.parse(done.dataset)).toMatchObject({
      source: "sentences",
      documents: 6,
      problems: [],
    });
    expect(done.dataset?.train).toBeGreaterThan(0);
    expect(done.dataset?.validation).toBeGreaterThan(0);
    expect(done.baseline?.pairs).toBeGreaterThan(0);
    expect(done.epochMetrics.map((epoch) => epoch.epoch)).toEqual([1, 2, 3, 4, 5]);
    for (const epoch of done.epochMetrics) {
      expect(epoch.trainLoss).toBeGreaterThan(0);
      expect(epoch.validationAccuracy).toBe(epoch.validation?.top1);
    }
    expect(done.outcome?.summary).toMatch(/^(Applied|Not applied): .*GTM Strategy/);
    expect(done.startedAt).not.toBeNull();
    expect(done.completedAt).not.toBeNull();

    // The agent uses the model only when it beat the untrained one on top-1 accuracy, and the dashboard shows the
    // accuracy of the ranking it uses (this job's model, or the untrained agent's).
    const [stored] = await t.database.db
      .select()
      .from(agentTrainedModels)
      .where(and(eq(agentTrainedModels.userId, user.id), eq(agentTrainedModels.agentKey, "gtm")));
    expect(Boolean(stored)).toBe(done.outcome?.applied);
    if (done.outcome?.applied) {
      expect(done.outcome.best?.top1).toBeGreaterThan(done.baseline?.top1 ?? 1);
    }
    expect(done.accuracy).toBe(done.outcome?.applied ? done.outcome.best?.top1 : done.baseline?.top1);
    expect(done).toMatchObject({ applied: done.outcome?.applied, verdict: done.outcome?.summary });
    const after = (await (await t.request("/api/dashboard/metrics", { cookie })).json()) as Record<
      string,
      unknown
    >;
    expect(after).toMatchObject({ activeTrainingJobs: 0, gtmAccuracy: done.accuracy });

    // The agent's retrieval (its chat, its endpoint, an agent search) is ordered by the model exactly when it was kept.
    const search = await post(cookie, "/api/retrieval/search", {
      query: "turbine bearing vibration inspection",
      agentId: "gtm",
      topK: 5,
    });
    const found = retrievalSearchResponseSchema.parse(await search.json());
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.results.every((result) => result.documentName.startsWith("doc-"))).toBe(true);
    expect(found.reranked ?? false).toBe(done.outcome?.applied);
    const next = await start(cookie, { name: "Again", modelType: "gtm", epochs: 5 });
    expect((await settled(cookie, next.id)).status).toBe("completed");
  });

  it("cancels a job, freeing the user to start another; a finished job cannot be cancelled", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "vision", 6);
    const job = await start(cookie, { name: "Long", modelType: "vision", epochs: 20 });
    const cancel = await t.request(`/api/training-jobs/${job.id}/cancel`, { method: "POST", cookie });
    expect(cancel.status).toBe(200);
    const cancelled = trainingJobSummarySchema.strict().parse(await cancel.json());
    expect(cancelled.status).toBe("failed");
    expect(cancelled.error).toMatch(
      /^Cancelled by you (before it started|while it was preparing|after epoch \d+ of 20)$/,
    );
    const again = await t.request(`/api/training-jobs/${job.id}/cancel`, { method: "POST", cookie });
    expect(again.status).toBe(409);
    // The worker stops without writing over the cancel.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(await detail(cookie, job.id)).toMatchObject({ status: "failed", error: cancelled.error });
    const next = await start(cookie, { name: "Short", modelType: "vision", epochs: 5 });
    expect((await settled(cookie, next.id)).status).toBe("completed");
  });

  it("counts the knowledge the agent answers from: documents for all agents join its own", async () => {
    const { cookie, user } = await signUp(t);
    const corpus = trainingCorpus({ documents: 3 });
    await indexTexts(t.deps, user.id, corpus[0] ?? [], { name: "own.txt", agentId: "legal" });
    await indexTexts(t.deps, user.id, corpus[1] ?? [], { name: "for-all-agents.txt", agentId: null });
    // Another agent's document is not the legal agent's knowledge.
    await indexTexts(t.deps, user.id, corpus[2] ?? [], { name: "vision-only.txt", agentId: "vision" });
    const report = datasetReportSchema
      .strict()
      .parse(await (await post(cookie, "/api/training-jobs/validate", { modelType: "legal" })).json());
    expect(report.documents).toBe(2);
  });

  it("checks a model type's data without training", async () => {
    const { cookie, user } = await signUp(t);
    const empty = await post(cookie, "/api/training-jobs/validate", { modelType: "legal" });
    expect(empty.status).toBe(200);
    expect(datasetReportSchema.strict().parse(await empty.json()).problems).toContain(
      "Upload documents for the Legal Foundation agent first",
    );
    await knowledge(user.id, "legal", 5);
    const report = datasetReportSchema
      .strict()
      .parse(await (await post(cookie, "/api/training-jobs/validate", { modelType: "legal" })).json());
    expect(report).toMatchObject({ documents: 5, problems: [], estimatedCostUsd: null, billedTokens: null });
    expect(report.train + report.validation).toBe(report.pairs);
    expect(await t.database.db.select().from(trainingJobs).where(eq(trainingJobs.userId, user.id))).toEqual(
      [],
    );
    expect((await post(cookie, "/api/training-jobs/validate", { modelType: "nope" })).status).toBe(400);
    expect((await post(cookie, "/api/training-jobs/validate", { customAgentId: "missing" })).status).toBe(
      404,
    );
  });

  it("trains a custom agent through the same pipeline, moving its trainingStatus", async () => {
    const { cookie, user } = await signUp(t);
    const created = await post(cookie, "/api/custom-agents", {
      name: "Field Guide",
      systemPrompt: "You help.",
    });
    const agent = (await created.json()) as { id: string };
    await knowledge(user.id, agent.id, 5);
    const train = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(train.status).toBe(202);
    expect(await train.json()).toMatchObject({ trainingStatus: "training" });
    const conflict = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(conflict.status).toBe(409);
    const [listed] = jobListSchema.parse(await (await t.request("/api/training-jobs", { cookie })).json());
    expect(listed).toMatchObject({
      modelType: "custom",
      customAgent: { id: agent.id, name: "Field Guide" },
      name: "Field Guide training",
      epochs: 10,
    });
    const done = await settled(cookie, listed?.id ?? "");
    expect(done).toMatchObject({ status: "completed", error: null });
    const agents = (await (await t.request("/api/custom-agents", { cookie })).json()) as {
      id: string;
      trainingStatus: string;
    }[];
    expect(agents.find((a) => a.id === agent.id)?.trainingStatus).toBe("trained");
  });
});
