// Test support: a real HTTP server speaking OpenAI's embeddings, chat completions, files and fine-tuning jobs, scriptable to fail.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ChatScript, type RecordedChatRequest, serveChatCompletion } from "./fake-openai-chat";
import { type RecordedRequest, serveEmbeddings } from "./fake-openai-embeddings";
import type { RecordedFile } from "./fake-openai-files";
import type { FineTuneFailure, FineTuneTiming, RecordedFineTuneJob } from "./fake-openai-fine-tune-jobs";
import { createFineTuneBackend, type RecordedApiRequest } from "./fake-openai-fine-tuning";
import { errorBody, type ScriptedFailure, type ScriptedStatusFailure, send } from "./fake-openai-wire";

// The tests' one import path: what this module has always exported, wherever it now lives.
export { DEFAULT_CHAT_REPLY, type RecordedChatRequest } from "./fake-openai-chat";
export { fakeOpenAiEmbedding, type RecordedRequest } from "./fake-openai-embeddings";

export type FakeOpenAiServer = {
  /** e.g. http://127.0.0.1:PORT/v1: what OPENAI_BASE_URL would be. */
  baseUrl: string;
  apiKey: string;
  requests: RecordedRequest[];
  /** The most requests in flight at once so far. */
  maxConcurrent: number;
  /** Queues failures answered, in order, before any success. */
  fail(failure: ScriptedFailure, times?: number): void;
  /** Answers every request with this status while `until()` returns true (e.g. a quota outage). */
  failWhile(failure: ScriptedFailure, until: () => boolean): void;
  /** Milliseconds each successful request takes (so concurrency is observable). */
  latencyMs: number;
  /** Chat completions received, in order. */
  chatRequests: RecordedChatRequest[];
  /** Scripts every following chat completion (until changed or reset). */
  setChatScript(script: ChatScript): void;
  /** Scripts only the next chat completions, one script each, before the default script applies again. */
  queueChatScripts(...scripts: ChatScript[]): void;
  /** Files uploaded through POST /v1/files (deleted ones flagged), in order. */
  files: RecordedFile[];
  /** Fine-tuning jobs created, live: their status, step and outcome follow the job. */
  fineTuneJobs: RecordedFineTuneJob[];
  /** Files and fine-tuning requests (uploads, job reads, events, checkpoints, cancels), in order. */
  fineTuneRequests: RecordedApiRequest[];
  /** How fast the following jobs move (phases, steps, steps per epoch); reset restores DEFAULT_FINE_TUNE_TIMING. */
  configureFineTune(timing: Partial<FineTuneTiming>): void;
  /** The next fine-tuning job created fails on reaching `atStep` (0: while validating its files) with this message. */
  failFineTune(failure: FineTuneFailure): void;
  /** The next file upload(s) answer this status with OpenAI's error body instead of storing the file. */
  failFiles(failure: ScriptedStatusFailure, times?: number): void;
  /** Forgets requests, scripts, scripted failures, files and jobs (between tests). */
  reset(): void;
  close(): Promise<void>;
};

export async function startFakeOpenAiServer({ apiKey = "sk-test-fake" } = {}): Promise<FakeOpenAiServer> {
  let inFlight = 0;
  const queued: ScriptedFailure[] = [];
  let outage: { failure: ScriptedFailure; until: () => boolean } | undefined;

  let chatScript: ChatScript = {};
  const queuedChatScripts: ChatScript[] = [];
  const fineTune = createFineTuneBackend();
  const state = {
    chatRequests: [] as RecordedChatRequest[],
    requests: [] as RecordedRequest[],
    maxConcurrent: 0,
    latencyMs: 0,
  };

  const server = createServer(async (request, response) => {
    // Files and fine-tuning keep their own records, apart from the embeddings' requests and concurrency.
    try {
      if (await fineTune.handle(request, response, apiKey)) return;
    } catch (error) {
      return send(response, 500, errorBody(String(error), null, null, "server_error"));
    }
    const startedAt = Date.now();
    inFlight += 1;
    state.maxConcurrent = Math.max(state.maxConcurrent, inFlight);
    const record = (status: number, body: Partial<RecordedRequest>) =>
      state.requests.push({
        startedAt,
        finishedAt: Date.now(),
        status,
        inputs: 0,
        encodingFormat: undefined,
        model: "",
        dimensions: undefined,
        ...body,
      });
    try {
      if (request.method === "POST" && request.url === "/v1/chat/completions") {
        return await serveChatCompletion(request, response, {
          apiKey,
          startedAt,
          chatRequests: state.chatRequests,
          servesModel: fineTune.servesModel,
          nextScript: () => queuedChatScripts.shift() ?? chatScript,
        });
      }
      if (request.method !== "POST" || request.url !== "/v1/embeddings") {
        record(404, {});
        return send(response, 404, { error: { message: "Not found", type: "invalid_request_error" } });
      }
      await serveEmbeddings(request, response, {
        apiKey,
        record,
        nextFailure: () => (outage?.until() ? outage.failure : queued.shift()),
        latencyMs: () => state.latencyMs,
      });
    } catch (error) {
      record(500, {});
      send(response, 500, { error: { message: String(error), type: "server_error" } });
    } finally {
      inFlight -= 1;
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    get requests() {
      return state.requests;
    },
    get chatRequests() {
      return state.chatRequests;
    },
    setChatScript(script) {
      chatScript = script;
    },
    queueChatScripts(...scripts) {
      queuedChatScripts.push(...scripts);
    },
    get maxConcurrent() {
      return state.maxConcurrent;
    },
    get latencyMs() {
      return state.latencyMs;
    },
    set latencyMs(value: number) {
      state.latencyMs = value;
    },
    fail(failure, times = 1) {
      for (let i = 0; i < times; i += 1) queued.push(failure);
    },
    get files() {
      return fineTune.files();
    },
    get fineTuneJobs() {
      return fineTune.jobs();
    },
    get fineTuneRequests() {
      return fineTune.state.requests;
    },
    configureFineTune(timing) {
      fineTune.state.timing = { ...fineTune.state.timing, ...timing };
    },
    failFineTune(failure) {
      fineTune.state.jobFailure = failure;
    },
    failFiles(failure, times = 1) {
      for (let i = 0; i < times; i += 1) fineTune.state.fileFailures.push(failure);
    },
    failWhile(failure, until) {
      outage = { failure, until };
    },
    reset() {
      state.requests = [];
      state.chatRequests = [];
      chatScript = {};
      queuedChatScripts.length = 0;
      state.maxConcurrent = 0;
      state.latencyMs = 0;
      queued.length = 0;
      outage = undefined;
      fineTune.reset();
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        fineTune.stopAll();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
