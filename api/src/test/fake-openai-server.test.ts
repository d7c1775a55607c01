// The fake OpenAI server's chat completions as the real client sees them: plain and streamed, usage, scripts, errors.
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CHAT_REPLY, type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

let server: FakeOpenAiServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  client = new OpenAI({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const messages = [
  { role: "system" as const, content: "Be brief." },
  { role: "user" as const, content: "Hello?" },
];

describe("fake OpenAI server: chat completions", () => {
  it("answers a plain request with the whole reply and usage, and records it", async () => {
    const completion = await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages,
      temperature: 0.5,
    });
    expect(completion.choices[0]?.message.content).toBe(DEFAULT_CHAT_REPLY);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.completion_tokens).toBe(DEFAULT_CHAT_REPLY.split(" ").length);
    expect(server.chatRequests[0]).toMatchObject({
      status: 200,
      model: "gpt-4o-mini",
      messages,
      temperature: 0.5,
      stream: false,
    });
  });

  it("streams the reply word by word, then usage when asked for, then [DONE]", async () => {
    server.setChatScript({ reply: "One two three." });
    const stream = await client.chat.completions.create({
      model: "m",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) pieces.push(delta);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces).toEqual(["One", " two", " three."]);
    expect(usage).toEqual(server.chatRequests[0]?.usage);
    expect(usage?.completion_tokens).toBe(3);
  });

  it("sends no usage when not asked, and waits the scripted delays", async () => {
    server.setChatScript({ reply: "a b c", firstPieceDelayMs: 80, pieceDelayMs: 40 });
    const started = Date.now();
    const stream = await client.chat.completions.create({ model: "m", messages, stream: true });
    const arrivals: number[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta?.content) arrivals.push(Date.now() - started);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(usage).toBeUndefined();
    expect(arrivals[0]).toBeGreaterThanOrEqual(70);
    expect((arrivals[2] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(70);
  });

  it("answers one-off scripts before the default one", async () => {
    server.setChatScript({ reply: "default" });
    server.queueChatScripts({ reply: (request) => `echo ${request.messages.at(-1)?.content}` });
    const first = await client.chat.completions.create({ model: "m", messages });
    const second = await client.chat.completions.create({ model: "m", messages });
    expect(first.choices[0]?.message.content).toBe("echo Hello?");
    expect(second.choices[0]?.message.content).toBe("default");
  });

  it("fails as scripted, with OpenAI's error bodies and headers", async () => {
    server.setChatScript({ failure: { kind: "status", status: 429, retryAfterSeconds: 7 } });
    const limited = await client.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.APIError>).headers?.get("retry-after")).toBe("7");

    server.setChatScript({ failure: { kind: "context-length" } });
    const long = await client.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(long).toBeInstanceOf(OpenAI.BadRequestError);
    expect((long as InstanceType<typeof OpenAI.APIError>).code).toBe("context_length_exceeded");

    const wrongKey = new OpenAI({ apiKey: "sk-other", baseURL: server.baseUrl, maxRetries: 0 });
    const refused = await wrongKey.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it("keeps answering embeddings as before", async () => {
    const result = await client.embeddings.create({ model: "text-embedding-3-small", input: ["a", "b"] });
    expect(result.data).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
    expect(server.chatRequests).toHaveLength(0);
  });
});

function chatJsonl(count: number, start = 0): string {
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify({
      messages: [
        { role: "system", content: "You answer from the handbook." },
        { role: "user", content: `Question ${start + i}?` },
        { role: "assistant", content: `Answer ${start + i}.` },
      ],
    }),
  ).join("\n");
}

async function uploadJsonl(content: string, name = "train.jsonl") {
  return client.files.create({ file: await toFile(Buffer.from(content), name), purpose: "fine-tune" });
}

async function waitForJob(id: string, done: (job: OpenAI.FineTuning.FineTuningJob) => boolean) {
  for (let i = 0; i < 400; i += 1) {
    const job = await client.fineTuning.jobs.retrieve(id);
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`job ${id} never got there`);
}

const finished = (job: OpenAI.FineTuning.FineTuningJob) =>
  ["succeeded", "failed", "cancelled"].includes(job.status);

describe("fake OpenAI server: files", () => {
  it("stores a JSONL of chat examples, answers it by id and deletes it", async () => {
    const content = chatJsonl(3);
    const file = await uploadJsonl(content);
    expect(file).toMatchObject({
      object: "file",
      purpose: "fine-tune",
      filename: "train.jsonl",
      status: "processed",
    });
    expect(server.files[0]).toMatchObject({ id: file.id, content, bytes: Buffer.byteLength(content) });
    expect((await client.files.retrieve(file.id)).id).toBe(file.id);
    expect(await client.files.delete(file.id)).toEqual({ object: "file", id: file.id, deleted: true });
    expect(server.files[0]?.deleted).toBe(true);
    await expect(client.files.retrieve(file.id)).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("refuses lines that are not chat examples, in OpenAI's error shape", async () => {
    const bad = `${chatJsonl(1)}\n{"prompt":"old style","completion":"x"}`;
    const error = (await uploadJsonl(bad).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.message).toContain("Line 2");
    expect(error.code).toBe("invalid_file_format");
    const noAnswer = JSON.stringify({ messages: [{ role: "user", content: "hi" }] });
    await expect(uploadJsonl(noAnswer)).rejects.toThrow(/no assistant message/);
    expect(server.files).toHaveLength(0);
  });

  it("answers scripted statuses and a wrong key", async () => {
    server.failFiles({ status: 429, message: "You exceeded your current quota", code: "insufficient_quota" });
    const limited = (await uploadJsonl(chatJsonl(1)).catch((e: unknown) => e)) as InstanceType<
      typeof OpenAI.APIError
    >;
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect(limited.code).toBe("insufficient_quota");
    const wrongKey = new OpenAI({ apiKey: "sk-other", baseURL: server.baseUrl, maxRetries: 0 });
    await expect(
      wrongKey.files.create({
        file: await toFile(Buffer.from(chatJsonl(1)), "t.jsonl"),
        purpose: "fine-tune",
      }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    expect(server.fineTuneRequests.map((r) => r.status)).toEqual([429, 401]);
  });
});

describe("fake OpenAI server: fine-tuning jobs", () => {
  it("trains for real on a timer: phases, metrics per step, a checkpoint per epoch, then a model that answers", async () => {
    server.configureFineTune({ stepMs: 2, phaseMs: 2, stepsPerEpoch: 3 });
    const training = await uploadJsonl(chatJsonl(12));
    const validation = await uploadJsonl(chatJsonl(3, 100), "validation.jsonl");
    const created = await client.fineTuning.jobs.create({
      model: "gpt-4o-mini-2024-07-18",
      training_file: training.id,
      validation_file: validation.id,
      suffix: "handbook",
      method: { type: "supervised", supervised: { hyperparameters: { n_epochs: 2 } } },
    });
    expect(created.status).toBe("validating_files");
    expect(server.fineTuneJobs[0]).toMatchObject({ nEpochs: 2, nEpochsVia: "method", suffix: "handbook" });

    const job = await waitForJob(created.id, finished);
    expect(job.status).toBe("succeeded");
    expect(job.fine_tuned_model).toBe(
      `ft:gpt-4o-mini-2024-07-18:acp:handbook:${created.id.replace("ftjob-", "")}`,
    );
    expect(job.trained_tokens).toBeGreaterThan(0);
    expect(job.hyperparameters.n_epochs).toBe(2);

    const events = [];
    for await (const event of client.fineTuning.jobs.listEvents(job.id, { limit: 4 })) events.push(event);
    const chronological = events.reverse();
    const metrics = chronological.filter((event) => event.type === "metrics");
    expect(metrics.map((event) => (event.data as { step: number }).step)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(metrics[0]?.data).toMatchObject({ total_steps: 6 });
    const losses = metrics.map((event) => (event.data as { train_loss: number }).train_loss);
    expect(losses).toEqual([...losses].sort((a, b) => b - a));
    expect(metrics[5]?.data).toHaveProperty("valid_loss");
    expect(chronological.at(-1)?.message).toBe("The job has successfully completed");

    const newest = await client.fineTuning.jobs.listEvents(job.id, { limit: 2 });
    expect(newest.data).toHaveLength(2);
    expect(newest.has_more).toBe(true);
    const older = await client.fineTuning.jobs.listEvents(job.id, { limit: 2, after: newest.data[1]?.id });
    expect(older.data[0]?.created_at).toBeLessThanOrEqual(newest.data[1]?.created_at ?? 0);
    expect(older.data.map((e) => e.id)).not.toContain(newest.data[1]?.id);

    const checkpoints = await client.fineTuning.jobs.checkpoints.list(job.id);
    expect(checkpoints.data.map((c) => c.step_number)).toEqual([6, 3]);
    expect(checkpoints.data[0]?.metrics.full_valid_loss).toBeTypeOf("number");

    const model = job.fine_tuned_model ?? "";
    const answer = await client.chat.completions.create({ model, messages });
    expect(answer.choices[0]?.message.content).toBe(DEFAULT_CHAT_REPLY);
    expect(server.chatRequests.at(-1)?.model).toBe(model);
    await expect(
      client.chat.completions.create({ model: "ft:gpt-4o-mini:acp::unknown", messages }),
    ).rejects.toBeInstanceOf(OpenAI.NotFoundError);
  });

  it("records the legacy hyperparameters.n_epochs and fails a too-small training file while validating", async () => {
    const training = await uploadJsonl(chatJsonl(4));
    const created = await client.fineTuning.jobs.create({
      model: "gpt-4o-mini",
      training_file: training.id,
      hyperparameters: { n_epochs: 5 },
    });
    expect(server.fineTuneJobs[0]).toMatchObject({ nEpochs: 5, nEpochsVia: "hyperparameters" });
    const job = await waitForJob(created.id, finished);
    expect(job.status).toBe("failed");
    expect(job.error?.message).toContain(
      "Training file has 4 example(s), but must have at least 10 examples",
    );
  });

  it("fails as scripted at a step, cancels a running job, and refuses to cancel a finished one", async () => {
    server.configureFineTune({ stepMs: 2, phaseMs: 1 });
    const training = await uploadJsonl(chatJsonl(10));
    server.failFineTune({ atStep: 3, message: "The job failed due to an internal error." });
    const failing = await client.fineTuning.jobs.create({ model: "gpt-4o-mini", training_file: training.id });
    const failed = await waitForJob(failing.id, finished);
    expect(failed).toMatchObject({
      status: "failed",
      error: { message: "The job failed due to an internal error." },
    });
    expect(server.fineTuneJobs[0]?.step).toBe(3);

    server.configureFineTune({ stepMs: 50 });
    const running = await client.fineTuning.jobs.create({ model: "gpt-4o-mini", training_file: training.id });
    await waitForJob(running.id, (job) => job.status === "running");
    const cancelled = await client.fineTuning.jobs.cancel(running.id);
    expect(cancelled.status).toBe("cancelled");
    expect(server.fineTuneJobs[1]).toMatchObject({ cancelled: true, status: "cancelled" });
    await expect(client.fineTuning.jobs.cancel(running.id)).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    await expect(client.fineTuning.jobs.retrieve("ftjob-missing")).rejects.toBeInstanceOf(
      OpenAI.NotFoundError,
    );
  });

  it("refuses a job on a missing file or an out-of-range n_epochs", async () => {
    await expect(
      client.fineTuning.jobs.create({ model: "gpt-4o-mini", training_file: "file-nope" }),
    ).rejects.toThrow(/invalid training_file/);
    const training = await uploadJsonl(chatJsonl(10));
    await expect(
      client.fineTuning.jobs.create({
        model: "gpt-4o-mini",
        training_file: training.id,
        hyperparameters: { n_epochs: 60 },
      }),
    ).rejects.toBeInstanceOf(OpenAI.BadRequestError);
    expect(server.fineTuneJobs).toHaveLength(0);
  });
});
