// Training jobs with FINE_TUNE_PROVIDER=openai on both engines, through the real `openai` client against a local
// server speaking OpenAI's chat, files and fine-tuning API: questions generated, the dataset checked before upload,
// the fine-tuning job followed epoch by epoch, its model answering the agent's chat; provider failures in words.
import { trainingJobDetailSchema } from "@acp/contracts/training";
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { trainingJobs } from "../db/schema";
import {
  type FakeOpenAiServer,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../test/fake-openai-server";
import { indexTexts } from "../test/retrieval";
import { createTestApp, engines, signUp, type TestApp, testConfig } from "../test/test-app";
import { trainingCorpus } from "../test/training-corpus";

/** Two grounded question/answer pairs per passage, quoting its first sentence (as a chat model asked for JSON would). */
function pairsFromPassage(request: RecordedChatRequest): string {
  const passage = request.messages.at(-1)?.content ?? "";
  const sentence = /[A-Z][^.]*\./.exec(passage.split("\n\n").at(-1) ?? "")?.[0] ?? "Nothing.";
  return JSON.stringify({
    pairs: [
      {
        question: `What do the notes say about ${sentence.split(" ").slice(1, 4).join(" ")}?`,
        answer: sentence,
      },
      { question: `Which rule applies to ${sentence.split(" ").slice(4, 7).join(" ")}?`, answer: sentence },
    ],
  });
}

describe.each(engines)("OpenAI fine-tuning jobs on %s", (engine) => {
  let server: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    const config = testConfig(
      {},
      {
        LLM_PROVIDER: "openai",
        FINE_TUNE_PROVIDER: "openai",
        OPENAI_BASE_URL: server.baseUrl,
        OPENAI_API_KEY: server.apiKey,
      },
    );
    if (config.fineTune.provider !== "openai") throw new Error("fine-tuning is not set to OpenAI");
    t = await createTestApp(engine, {
      config: { chat: config.chat, fineTune: { ...config.fineTune, pollIntervalMs: 20 } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });
  beforeEach(() => server.reset());

  const post = (cookie: string, path: string, body: unknown) =>
    t.request(path, {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const settled = async (cookie: string, id: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const job = trainingJobDetailSchema.parse(
        await (await t.request(`/api/training-jobs/${id}`, { cookie })).json(),
      );
      if (job.status === "completed" || job.status === "failed") return job;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${job.status} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const knowledge = async (userId: string, agentId: string, documents: number) => {
    for (const [index, passages] of trainingCorpus({ documents }).entries()) {
      await indexTexts(t.deps, userId, passages, { name: `doc-${index}.txt`, agentId });
    }
  };

  it("generates questions, uploads checked JSONL, follows the job's epochs and answers the agent's chat with its model", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "gtm", 6);
    server.setChatScript({ reply: pairsFromPassage });
    server.configureFineTune({ phaseMs: 5, stepMs: 5, stepsPerEpoch: 3 });
    const created = await post(cookie, "/api/training-jobs", {
      name: "Tone of voice",
      modelType: "gtm",
      epochs: 5,
    });
    expect(created.status).toBe(201);
    const pending = (await created.json()) as { id: string };
    expect(pending).toMatchObject({ provider: "openai", status: "pending" });
    const job = await settled(cookie, pending.id);

    expect(job).toMatchObject({ status: "completed", progress: 100, currentEpoch: 5, error: null });
    expect(job.dataset).toMatchObject({ source: "generated", documents: 6, problems: [] });
    expect(job.dataset?.estimatedCostUsd).toBeGreaterThan(0);
    expect(job.dataset?.billedTokens).toBeGreaterThan(0);
    expect(job.epochMetrics.map((epoch) => epoch.epoch)).toEqual([1, 2, 3, 4, 5]);
    const fineTuned = job.outcome?.fineTunedModel ?? "";
    expect(fineTuned).toMatch(/^ft:/);
    expect(job.outcome).toMatchObject({ applied: true });
    const [remote] = server.fineTuneJobs;
    expect(remote?.nEpochs).toBe(5);
    // What was uploaded: chat examples under the GTM agent's prompt, grounded in the passages.
    const training = server.files.find((file) => file.id === remote?.trainingFile);
    const first = JSON.parse(training?.content.split("\n")[0] ?? "{}") as { messages: { role: string }[] };
    expect(first.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    expect(training?.content).toContain("go-to-market");

    // The agent's chat now asks for the fine-tuned model.
    server.setChatScript({ reply: "Check the bearing first [1]." });
    const conversation = (await (
      await post(cookie, "/api/conversations", { agentType: "gtm", title: "Ops" })
    ).json()) as { id: string };
    const chat = await post(cookie, "/api/chat", {
      conversationId: conversation.id,
      message: "What must be checked on the turbine?",
    });
    expect(chat.status).toBe(200);
    expect(server.chatRequests.at(-1)?.model).toBe(fineTuned);
  });

  it("refuses a dataset too small before uploading anything", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "legal", 1);
    server.setChatScript({ reply: JSON.stringify({ pairs: [] }) });
    const created = await post(cookie, "/api/training-jobs", {
      name: "Too small",
      modelType: "legal",
      epochs: 5,
    });
    const job = await settled(cookie, ((await created.json()) as { id: string }).id);
    expect(job.status).toBe("failed");
    expect(job.error).toMatch(/at least 10 training examples/);
    expect(server.files).toEqual([]);
    expect(server.fineTuneJobs).toEqual([]);
  });

  it("fails with OpenAI's own words when the fine-tuning job fails", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "vision", 6);
    server.setChatScript({ reply: pairsFromPassage });
    server.failFineTune({ atStep: 2, message: "The job failed due to an internal error." });
    const created = await post(cookie, "/api/training-jobs", {
      name: "Doomed",
      modelType: "vision",
      epochs: 5,
    });
    const job = await settled(cookie, ((await created.json()) as { id: string }).id);
    expect(job).toMatchObject({ status: "failed" });
    expect(job.error).toContain("The job failed due to an internal error.");
  });

  it("cancels the remote fine-tuning job when the training job is cancelled", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "gtm", 6);
    server.setChatScript({ reply: pairsFromPassage });
    server.configureFineTune({ phaseMs: 5, stepMs: 200, stepsPerEpoch: 10 });
    const created = await post(cookie, "/api/training-jobs", {
      name: "Stop me",
      modelType: "gtm",
      epochs: 20,
    });
    const { id } = (await created.json()) as { id: string };
    const deadline = Date.now() + 30_000;
    while (server.fineTuneJobs.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.fineTuneJobs).toHaveLength(1);
    expect((await t.request(`/api/training-jobs/${id}/cancel`, { method: "POST", cookie })).status).toBe(200);
    const until = Date.now() + 10_000;
    while (!server.fineTuneJobs[0]?.cancelled && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(server.fineTuneJobs[0]?.cancelled).toBe(true);
  });

  it("after a restart, resumes following the fine-tuning job it had created instead of starting over", async () => {
    const { cookie, user } = await signUp(t);
    await knowledge(user.id, "gtm", 6);
    // The job a previous process created on OpenAI before it died: still training there.
    const client = new OpenAI({ apiKey: server.apiKey, baseURL: server.baseUrl });
    const lines = Array.from({ length: 12 }, (_, i) =>
      JSON.stringify({
        messages: [
          { role: "system", content: "You help." },
          { role: "user", content: `Question ${i}?` },
          { role: "assistant", content: `Answer ${i}.` },
        ],
      }),
    );
    const file = await client.files.create({
      file: await toFile(Buffer.from(lines.join("\n")), "train.jsonl"),
      purpose: "fine-tune",
    });
    server.configureFineTune({ phaseMs: 5, stepMs: 20, stepsPerEpoch: 3 });
    const remote = await client.fineTuning.jobs.create({
      model: "gpt-4o-mini-2024-07-18",
      training_file: file.id,
    });
    const [row] = await t.database.db
      .insert(trainingJobs)
      .values({
        userId: user.id,
        name: "Survivor",
        modelType: "gtm",
        epochs: 5,
        provider: "openai",
        status: "running",
        progress: 40,
        currentEpoch: 2,
        startedAt: new Date(),
        externalFileId: file.id,
        externalJobId: remote.id,
      })
      .returning();
    const uploadsBefore = server.files.length;
    await t.deps.queues.training.send({
      trainingJobId: row?.id ?? "",
      waitUntil: new Date().toISOString(),
    });
    const job = await settled(cookie, row?.id ?? "");
    expect(job).toMatchObject({ status: "completed", error: null });
    expect(job.outcome?.fineTunedModel).toBe(
      server.fineTuneJobs.find((j) => j.id === remote.id)?.fineTunedModel,
    );
    expect(server.files).toHaveLength(uploadsBefore);
    expect(server.fineTuneJobs).toHaveLength(1);
  });
});

describe.each(engines)("the built-in trainer with a chat model on %s", (engine) => {
  let server: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    const config = testConfig(
      {},
      { LLM_PROVIDER: "openai", OPENAI_BASE_URL: server.baseUrl, OPENAI_API_KEY: server.apiKey },
    );
    t = await createTestApp(engine, { config: { chat: config.chat } });
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  /** Three questions per passage, each naming the passage's own part and document (so none repeats). */
  const questionsOfPassage = (request: RecordedChatRequest) => {
    const passage = request.messages.at(-1)?.content ?? "";
    const where = /notes, part (\d+) of document (\d+)/.exec(passage);
    const sentence = /[A-Z][^.]*\./.exec(passage.split("\n\n").at(-1) ?? "")?.[0] ?? "Nothing.";
    const id = `part ${where?.[1]} of document ${where?.[2]}`;
    return JSON.stringify({
      pairs: ["What is checked in", "Who reviews", "What changes in"].map((start) => ({
        question: `${start} ${id}?`,
        answer: sentence,
      })),
    });
  };

  it("trains the re-ranker on the chat model's questions instead of sentences", async () => {
    const { cookie, user } = await signUp(t);
    for (const [index, passages] of trainingCorpus({ documents: 12 }).entries()) {
      await indexTexts(t.deps, user.id, passages, { name: `doc-${index}.txt`, agentId: "legal" });
    }
    server.setChatScript({ reply: questionsOfPassage });
    const created = await t.request("/api/training-jobs", {
      method: "POST",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Asked questions", modelType: "legal", epochs: 5 }),
    });
    const { id } = (await created.json()) as { id: string };
    const deadline = Date.now() + 60_000;
    let job = trainingJobDetailSchema.parse(
      await (await t.request(`/api/training-jobs/${id}`, { cookie })).json(),
    );
    while ((job.status === "pending" || job.status === "running") && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = trainingJobDetailSchema.parse(
        await (await t.request(`/api/training-jobs/${id}`, { cookie })).json(),
      );
    }
    expect(job).toMatchObject({ status: "completed", provider: "built-in", error: null });
    expect(job.dataset).toMatchObject({ source: "generated", documents: 12, problems: [] });
    expect(job.dataset?.pairs).toBe(12 * 4 * 3);
    expect(job.epochMetrics).toHaveLength(5);
    // One generation request per passage, and no fine-tuning.
    expect(server.chatRequests).toHaveLength(12 * 4);
    expect(server.fineTuneJobs).toEqual([]);
  });
});
