// A whole fine-tuning run through the real `openai` client against the fake server's files and jobs.
import OpenAI, { toFile } from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../test/fake-openai-server";
import { OpenAiRequestError } from "../openai/openai-errors";
import { FineTuneFailedError, MAX_POLL_FAILURES, runFineTune, toJsonl } from "./run-fine-tune";
import type { ChatExample, FineTuneProgress } from "./types";

let server: FakeOpenAiServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  client = new OpenAI({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.reset();
  server.configureFineTune({ phaseMs: 2, stepMs: 3, stepsPerEpoch: 3 });
});

function examples(count: number, prefix: string): ChatExample[] {
  return Array.from({ length: count }, (_, i) => ({
    messages: [
      { role: "system", content: "You are the Acme support agent." },
      { role: "user", content: `${prefix} question ${i}: what colour is widget ${i}?` },
      { role: "assistant", content: `Widget ${i} is blue, per the ${prefix} handbook.` },
    ],
  }));
}

const TRAIN = examples(12, "train");
const VALIDATION = examples(3, "validation");
const BASE = "gpt-4o-mini-2024-07-18";

describe("runFineTune", () => {
  it("uploads JSONL, creates the job with n_epochs, follows it to the model and reports progress on the way", async () => {
    // Steps slower than a poll (job, events, checkpoints), so every epoch is seen while it runs.
    server.configureFineTune({ stepMs: 30 });
    const created: { trainingFileId: string; validationFileId: string | null; jobId: string }[] = [];
    const reports: FineTuneProgress[] = [];
    const result = await runFineTune({
      client,
      baseModel: BASE,
      train: TRAIN,
      validation: VALIDATION,
      epochs: 2,
      suffix: "acme",
      pollIntervalMs: 2,
      onCreated: async (ids) => {
        created.push(ids);
      },
      onProgress: async (progress) => {
        reports.push(progress);
      },
    });

    const [trainingFile, validationFile] = server.files;
    expect(trainingFile).toMatchObject({ purpose: "fine-tune", filename: "acme-train.jsonl" });
    expect(trainingFile?.content).toBe(toJsonl(TRAIN));
    expect(
      trainingFile?.content
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
    ).toEqual(TRAIN);
    expect(validationFile?.content).toBe(toJsonl(VALIDATION));
    const job = server.fineTuneJobs[0];
    expect(job).toMatchObject({
      nEpochs: 2,
      nEpochsVia: "method",
      model: BASE,
      suffix: "acme",
      trainingFile: trainingFile?.id,
      validationFile: validationFile?.id,
    });
    expect(created).toEqual([
      { trainingFileId: trainingFile?.id, validationFileId: validationFile?.id, jobId: job?.id },
    ]);

    expect(result.fineTunedModel).toBe(job?.fineTunedModel);
    expect(result.fineTunedModel).toMatch(/^ft:gpt-4o-mini-2024-07-18:acp:acme:/);
    expect(result.trainedTokens).toBeGreaterThan(0);
    expect(result.epochMetrics.map((m) => m.epoch)).toEqual([1, 2]);
    const [first, second] = result.epochMetrics;
    expect(second?.trainLoss).toBeLessThan(first?.trainLoss ?? 0);
    expect(second?.validationLoss).toBeLessThan(first?.validationLoss ?? 0);
    expect(second?.validationAccuracy).toBeGreaterThan(first?.validationAccuracy ?? 1);

    const progress = reports.map((r) => r.progress);
    const epochs = reports.map((r) => r.epoch);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(epochs).toEqual([...epochs].sort((a, b) => a - b));
    expect(reports.some((r) => r.status === "running" && r.epoch === 1)).toBe(true);
    expect(reports.some((r) => r.status === "running" && r.epoch === 2)).toBe(true);
    expect(reports.at(-1)).toMatchObject({ status: "succeeded", progress: 100, epoch: 2 });
    expect(reports.some((r) => r.trainLoss !== null && r.progress < 100)).toBe(true);

    await client.chat.completions.create({
      model: result.fineTunedModel,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(server.chatRequests.at(-1)).toMatchObject({ model: result.fineTunedModel, status: 200 });
  });

  it("cancels the remote job on abort and throws the signal's reason", async () => {
    server.configureFineTune({ stepMs: 40 });
    const controller = new AbortController();
    const reason = new Error("cancelled by the user");
    const outcome = await runFineTune({
      client,
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 3,
      pollIntervalMs: 5,
      signal: controller.signal,
      onProgress: async (progress) => {
        if (progress.status === "running") controller.abort(reason);
      },
    }).catch((e: unknown) => e);
    expect(outcome).toBe(reason);
    expect(server.fineTuneJobs[0]).toMatchObject({ cancelled: true, status: "cancelled" });
    expect(server.fineTuneRequests.filter((r) => r.path.endsWith("/cancel"))).toHaveLength(1);
  });

  it("resumes following an existing job by id, without uploading or creating anything", async () => {
    server.configureFineTune({ stepMs: 5 });
    const file = await client.files.create({
      file: await toFile(Buffer.from(toJsonl(TRAIN)), "train.jsonl"),
      purpose: "fine-tune",
    });
    const job = await client.fineTuning.jobs.create({
      model: BASE,
      training_file: file.id,
      hyperparameters: { n_epochs: 2 },
    });
    let onCreatedCalls = 0;
    const reports: FineTuneProgress[] = [];
    const result = await runFineTune({
      client,
      baseModel: BASE,
      train: [],
      validation: [],
      epochs: 2,
      pollIntervalMs: 3,
      resume: { jobId: job.id },
      onCreated: async () => {
        onCreatedCalls += 1;
      },
      onProgress: async (progress) => {
        reports.push(progress);
      },
    });
    expect(result.fineTunedModel).toBe(server.fineTuneJobs[0]?.fineTunedModel);
    expect(server.files).toHaveLength(1);
    expect(server.fineTuneJobs).toHaveLength(1);
    expect(onCreatedCalls).toBe(0);
    expect(reports.at(-1)?.epochMetrics).toHaveLength(2);

    const again = await runFineTune({
      client,
      baseModel: BASE,
      train: [],
      validation: [],
      epochs: 2,
      resume: { jobId: job.id },
    });
    expect(again.fineTunedModel).toBe(result.fineTunedModel);

    const missing = await runFineTune({
      client,
      baseModel: BASE,
      train: [],
      validation: [],
      epochs: 2,
      resume: { jobId: "ftjob-gone" },
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(OpenAiRequestError);
    expect((missing as Error).message).toContain("Following the fine-tuning job ftjob-gone failed");
  });

  it("keeps following through a few failed polls (network, 5xx), and gives up after too many", async () => {
    let dropped = 0;
    const flaky = (drops: number) =>
      new OpenAI({
        apiKey: server.apiKey,
        baseURL: server.baseUrl,
        maxRetries: 0,
        fetch: async (url, init) => {
          if (/fine_tuning\/jobs\/[^/]+$/.test(new URL(String(url)).pathname) && dropped < drops) {
            dropped += 1;
            throw new TypeError("fetch failed");
          }
          return fetch(url, init);
        },
      });
    const result = await runFineTune({
      client: flaky(3),
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
      pollIntervalMs: 2,
    });
    expect(dropped).toBe(3);
    expect(result.fineTunedModel).toMatch(/^ft:/);

    dropped = 0;
    const lost = await runFineTune({
      client: flaky(100),
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
      pollIntervalMs: 2,
    }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(OpenAiRequestError);
    expect((lost as Error).message).toMatch(
      /^Following the fine-tuning job ftjob-\w+ failed: OpenAI could not be reached/,
    );
    expect(dropped).toBe(MAX_POLL_FAILURES);
  });

  it("raises FineTuneFailedError with OpenAI's message when the job fails", async () => {
    server.failFineTune({
      atStep: 2,
      message: "The job failed due to an internal error.",
      code: "internal_error",
    });
    const failed = await runFineTune({
      client,
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
      pollIntervalMs: 2,
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(FineTuneFailedError);
    expect((failed as FineTuneFailedError).message).toBe(
      `OpenAI fine-tuning job ${server.fineTuneJobs[0]?.id} failed: The job failed due to an internal error.`,
    );
    expect(failed).toMatchObject({ jobId: server.fineTuneJobs[0]?.id, code: "internal_error" });
  });

  it("surfaces a 401 or 429 from the upload as a clear error, creating no job and leaving no file", async () => {
    const wrongKey = new OpenAI({ apiKey: "sk-wrong", baseURL: server.baseUrl, maxRetries: 0 });
    const refused = await runFineTune({
      client: wrongKey,
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAiRequestError);
    expect((refused as Error).message).toBe(
      "Uploading the training file to OpenAI failed: OpenAI rejected the API key (401: Incorrect API key provided); check OPENAI_API_KEY.",
    );

    server.failFiles({ status: 429, message: "You exceeded your current quota", code: "insufficient_quota" });
    const quota = await runFineTune({
      client,
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
    }).catch((e: unknown) => e);
    expect((quota as Error).message).toBe(
      "Uploading the training file to OpenAI failed: the OpenAI account is out of quota (429: You exceeded your current quota); check its billing.",
    );
    expect(quota).toMatchObject({ status: 429, code: "insufficient_quota" });

    // The training file goes up, the validation file is refused: the training file is deleted again.
    let uploads = 0;
    const secondUploadLimited = new OpenAI({
      apiKey: server.apiKey,
      baseURL: server.baseUrl,
      maxRetries: 0,
      fetch: async (url, init) => {
        if (String(url).endsWith("/files") && init?.method === "POST") {
          uploads += 1;
          if (uploads === 2) server.failFiles({ status: 429 });
        }
        return fetch(url, init);
      },
    });
    const limited = await runFineTune({
      client: secondUploadLimited,
      baseModel: BASE,
      train: TRAIN,
      validation: VALIDATION,
      epochs: 1,
    }).catch((e: unknown) => e);
    expect((limited as Error).message).toBe(
      "Uploading the validation file to OpenAI failed: OpenAI is rate-limiting requests (429: Rate limit reached for requests); try again in a few minutes.",
    );
    expect(server.files).toHaveLength(1);
    expect(server.files.every((file) => file.deleted)).toBe(true);
    expect(server.fineTuneJobs).toHaveLength(0);
  });

  it("refuses a dataset OpenAI would refuse before uploading anything, and cancels a job whose ids could not be kept", async () => {
    const small = await runFineTune({
      client,
      baseModel: BASE,
      train: examples(4, "t"),
      validation: [],
      epochs: 1,
    }).catch((e: unknown) => e);
    expect((small as Error).message).toMatch(
      /^OpenAI fine-tuning needs at least 10 training examples; the knowledge gave 4/,
    );
    expect(server.fineTuneRequests).toHaveLength(0);

    server.configureFineTune({ phaseMs: 50 });
    const unsaved = await runFineTune({
      client,
      baseModel: BASE,
      train: TRAIN,
      validation: [],
      epochs: 1,
      onCreated: async () => {
        throw new Error("database down");
      },
    }).catch((e: unknown) => e);
    expect((unsaved as Error).message).toBe("database down");
    expect(server.fineTuneJobs[0]).toMatchObject({ cancelled: true });
  });
});
