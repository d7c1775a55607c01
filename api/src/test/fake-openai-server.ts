// Test support: a real HTTP server speaking OpenAI's embeddings, chat completions, files and fine-tuning jobs, scriptable to fail.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";
import { embedLocally } from "../providers/embedder/local-embedder";

/** One scripted failure: the next request(s) get this status, with Retry-After (seconds) or retry-after-ms if set. */
type ScriptedFailure = { status: number; retryAfterSeconds?: number; retryAfterMs?: number };

export type RecordedRequest = {
  startedAt: number;
  finishedAt: number;
  status: number;
  inputs: number;
  encodingFormat: string | undefined;
  model: string;
  dimensions: number | undefined;
};

/** How a chat completion fails instead of answering. */
type ChatFailure =
  /** An error status with OpenAI's error body (Retry-After / retry-after-ms headers when given). */
  | {
      kind: "status";
      status: number;
      retryAfterSeconds?: number;
      retryAfterMs?: number;
      code?: string;
      message?: string;
    }
  /** OpenAI's 400 for a prompt beyond the model's context window (code context_length_exceeded). */
  | { kind: "context-length" }
  /** Streams this many pieces, then goes silent with the connection open (a stalled stream). */
  | { kind: "stall"; afterPieces: number }
  /** Streams this many pieces, then cuts the connection (a server that died mid-answer). */
  | { kind: "drop"; afterPieces: number }
  /** Streams this many pieces, then ends the response cleanly without finishing the answer (no finish reason). */
  | { kind: "truncate"; afterPieces: number };

/** What the next chat completion(s) answer. */
type ChatScript = {
  /** The reply, or a function of the request (e.g. citing the passage numbers it was given). */
  reply?: string | ((request: RecordedChatRequest) => string);
  /** Milliseconds before the first piece (time to first token). */
  firstPieceDelayMs?: number;
  /** Milliseconds between pieces. */
  pieceDelayMs?: number;
  failure?: ChatFailure;
  /** Leave usage out even when stream_options.include_usage asks for it (servers that do not report it). */
  omitUsage?: boolean;
  /** A prompt estimated above this many tokens gets the context-length 400, as a real model would answer. */
  contextLimitTokens?: number;
};

export type RecordedChatRequest = {
  startedAt: number;
  status: number;
  model: string;
  messages: { role: string; content: string }[];
  temperature: number | undefined;
  stream: boolean;
  includeUsage: boolean;
  /** The pieces streamed (or the one message sent), in order. */
  pieces: string[];
  /** The usage reported, when it was. */
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number } | undefined;
  /** True when the client went away before the answer ended (a stop, a timeout). */
  clientAborted: boolean;
};

export const DEFAULT_CHAT_REPLY = "This is the fake model's answer.";

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

/** The same vector the server returns for a text (the built-in embedder's, cut to `dimensions`). */
export function fakeOpenAiEmbedding(text: string, dimensions = 1536): number[] {
  const full = embedLocally(`openai ${text}`);
  const cut = full.slice(0, dimensions);
  const norm = Math.sqrt(cut.reduce((sum, value) => sum + value * value, 0)) || 1;
  return cut.map((value) => value / norm);
}

function base64Of(vector: number[]): string {
  return Buffer.from(new Float32Array(vector).buffer).toString("base64");
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString("utf8"));
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(body));
}

/** The reply cut as a model streams it: each word with the whitespace before it. */
function replyPieces(reply: string): string[] {
  return reply.match(/\s*\S+\s*$|\s*\S+/g) ?? [];
}

/** About 4 characters a token, plus the per-message framing: close enough for a fake's usage and context limit. */
function promptTokensOf(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + Math.ceil(message.content.length / 4) + 4, 3);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (ms <= 0 || signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

function contentOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === "string" ? part.text : "")).join("");
  }
  return "";
}

/** The chat completion request's fields the fake reads. */
type ChatRequestBody = {
  model?: string;
  messages?: { role?: string; content?: unknown }[];
  temperature?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
};

async function serveChat(
  response: ServerResponse,
  script: ChatScript,
  record: RecordedChatRequest,
): Promise<void> {
  const gone = new AbortController();
  response.on("close", () => {
    if (!response.writableFinished) {
      record.clientAborted = true;
      gone.abort();
    }
  });
  const failure = script.failure;
  const promptTokens = promptTokensOf(record.messages);
  const contextFailure =
    failure?.kind === "context-length" ||
    (script.contextLimitTokens !== undefined && promptTokens > script.contextLimitTokens);
  if (contextFailure) {
    record.status = 400;
    return send(response, 400, {
      error: {
        message: `This model's maximum context length is ${script.contextLimitTokens ?? 128000} tokens. However, your messages resulted in ${promptTokens} tokens. Please reduce the length of the messages.`,
        type: "invalid_request_error",
        param: "messages",
        code: "context_length_exceeded",
      },
    });
  }
  if (failure?.kind === "status") {
    const headers: Record<string, string> = {};
    if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
    if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
    record.status = failure.status;
    const rateLimited = failure.status === 429;
    return send(
      response,
      failure.status,
      {
        error: {
          message:
            failure.message ??
            (failure.status === 401
              ? "Incorrect API key provided"
              : rateLimited
                ? "Rate limit reached for requests"
                : "The server had an error while processing your request."),
          type: failure.status < 500 ? "invalid_request_error" : "server_error",
          code: failure.code ?? (rateLimited ? "rate_limit_exceeded" : null),
        },
      },
      headers,
    );
  }
  const reply =
    typeof script.reply === "function" ? script.reply(record) : (script.reply ?? DEFAULT_CHAT_REPLY);
  const pieces = replyPieces(reply);
  const model = record.model;
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: pieces.length,
    total_tokens: promptTokens + pieces.length,
  };
  const created = Math.floor(Date.now() / 1000);
  const id = `chatcmpl-fake-${created}`;
  await wait(script.firstPieceDelayMs ?? 0, gone.signal);
  if (gone.signal.aborted) return;
  if (!record.stream) {
    record.status = 200;
    record.pieces = [reply];
    if (!script.omitUsage) record.usage = usage;
    return send(response, 200, {
      id,
      object: "chat.completion",
      created,
      model,
      choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
      ...(script.omitUsage ? {} : { usage }),
    });
  }
  record.status = 200;
  response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const event = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    response.write(
      `data: ${JSON.stringify({ id, object: "chat.completion.chunk", created, model, choices, ...extra })}\n\n`,
    );
  event([{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }]);
  for (const [index, piece] of pieces.entries()) {
    if (failure && "afterPieces" in failure && index === failure.afterPieces) {
      // A stall keeps the connection open and says nothing more; a drop cuts it; a truncation ends it politely.
      if (failure.kind === "truncate") response.end();
      if (failure.kind === "drop") {
        // Let the pieces already written reach the client first, as they would from a server that then died.
        await wait(20, gone.signal);
        response.destroy();
      }
      return;
    }
    if (index > 0) await wait(script.pieceDelayMs ?? 0, gone.signal);
    if (gone.signal.aborted) return;
    record.pieces.push(piece);
    event([{ index: 0, delta: { content: piece }, finish_reason: null }]);
  }
  event([{ index: 0, delta: {}, finish_reason: "stop" }]);
  if (record.includeUsage && !script.omitUsage) {
    record.usage = usage;
    event([], { usage });
  }
  response.end("data: [DONE]\n\n");
}

/** How fast a fake fine-tuning job moves: each phase (validating files, queued) and each training step takes this long. */
type FineTuneTiming = { phaseMs: number; stepMs: number; stepsPerEpoch: number };

const DEFAULT_FINE_TUNE_TIMING: FineTuneTiming = { phaseMs: 5, stepMs: 3, stepsPerEpoch: 4 };

/** How the next fine-tuning job created fails: on reaching training step `atStep` (0: while its files are validated). */
type FineTuneFailure = { atStep: number; message?: string; code?: string };

/** A file uploaded through POST /v1/files. */
type RecordedFile = {
  id: string;
  filename: string;
  purpose: string;
  bytes: number;
  /** The file's text as uploaded (JSONL for purpose fine-tune). */
  content: string;
  deleted: boolean;
};

type FakeFineTuneStatus = "validating_files" | "queued" | "running" | "succeeded" | "failed" | "cancelled";

/** A fine-tuning job as it was created, and where it has got to since. */
type RecordedFineTuneJob = {
  id: string;
  /** The JSON body of POST /v1/fine_tuning/jobs. */
  request: Record<string, unknown>;
  model: string;
  trainingFile: string;
  validationFile: string | null;
  suffix: string | null;
  /** n_epochs as sent (absent: "auto", which the fake trains as 3 epochs). */
  nEpochs: number | "auto" | undefined;
  /** Where n_epochs was sent: method.supervised.hyperparameters, or the legacy top-level hyperparameters. */
  nEpochsVia: "method" | "hyperparameters" | undefined;
  status: FakeFineTuneStatus;
  step: number;
  totalSteps: number;
  fineTunedModel: string | null;
  trainedTokens: number | null;
  error: { code: string; message: string; param: string | null } | null;
  /** True when POST /v1/fine_tuning/jobs/{id}/cancel stopped it. */
  cancelled: boolean;
};

/** A files or fine-tuning request, in order (embeddings and chat keep their own records). */
type RecordedApiRequest = { method: string; path: string; status: number };

/** A status answered instead of the usual result, with OpenAI's error body. */
type ScriptedStatusFailure = ScriptedFailure & { message?: string; code?: string };

type FineTuneEvent = {
  object: "fine_tuning.job.event";
  id: string;
  created_at: number;
  level: "info" | "warn" | "error";
  message: string;
  data: Record<string, unknown>;
  type: "message" | "metrics";
};

type FineTuneCheckpoint = {
  object: "fine_tuning.job.checkpoint";
  id: string;
  created_at: number;
  fine_tuned_model_checkpoint: string;
  fine_tuning_job_id: string;
  step_number: number;
  metrics: Record<string, number>;
};

type LiveJob = {
  record: RecordedFineTuneJob;
  createdAt: number;
  finishedAt: number | null;
  epochs: number;
  stepsPerEpoch: number;
  seed: number;
  failure: FineTuneFailure | undefined;
  events: FineTuneEvent[];
  checkpoints: FineTuneCheckpoint[];
  timer: ReturnType<typeof setTimeout> | undefined;
};

const FILE_PURPOSES = new Set(["fine-tune", "assistants", "batch", "vision", "user_data", "evals"]);
const CHAT_ROLES = new Set(["system", "user", "assistant", "tool"]);
const TERMINAL = new Set<FakeFineTuneStatus>(["succeeded", "failed", "cancelled"]);

function seconds(): number {
  return Math.floor(Date.now() / 1000);
}

function errorBody(message: string, code: string | null = null, param: string | null = null, type?: string) {
  return { error: { message, type: type ?? "invalid_request_error", param, code } };
}

function sendStatusFailure(response: ServerResponse, failure: ScriptedStatusFailure): void {
  const headers: Record<string, string> = {};
  if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
  if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
  const rateLimited = failure.status === 429;
  const message =
    failure.message ??
    (failure.status === 401
      ? "Incorrect API key provided"
      : rateLimited
        ? "Rate limit reached for requests"
        : "The server had an error while processing your request.");
  const code =
    failure.code ?? (rateLimited ? "rate_limit_exceeded" : failure.status === 401 ? "invalid_api_key" : null);
  const type = failure.status < 500 ? "invalid_request_error" : "server_error";
  send(response, failure.status, errorBody(message, code, null, type), headers);
}

/** Why one JSONL line is not a chat fine-tuning example, or null when it is one. */
function chatExampleProblem(line: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return "is not valid JSON";
  }
  const messages = (value as { messages?: unknown } | null)?.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'has no "messages" list';
  for (const message of messages as { role?: unknown; content?: unknown }[]) {
    if (typeof message?.role !== "string" || !CHAT_ROLES.has(message.role)) {
      return `has a message with an unrecognised role (${JSON.stringify(message?.role)})`;
    }
    if (typeof message.content !== "string") return "has a message whose content is not text";
  }
  if (!messages.some((message) => message.role === "assistant")) return "has no assistant message";
  return null;
}

function fileLines(content: string): string[] {
  return content.split(/\r?\n/).filter((line) => line.trim() !== "");
}

/** About 4 characters a token over every message of every example (what the fake bills as trained tokens). */
function fileTokens(content: string): number {
  return fileLines(content).reduce((sum, line) => {
    const messages = (JSON.parse(line) as { messages: { content: string }[] }).messages;
    return sum + promptTokensOf(messages);
  }, 0);
}

async function readMultipart(
  request: IncomingMessage,
): Promise<{ fields: Record<string, string>; file: { filename: string; content: Buffer } | undefined }> {
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({ headers: request.headers });
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      const parts: Buffer[] = [];
      stream.on("data", (part: Buffer) => parts.push(part));
      stream.on("end", () => {
        if (name === "file") file = { filename: info.filename ?? "file", content: Buffer.concat(parts) };
      });
    });
    parser.on("close", resolve);
    parser.on("error", reject);
    request.pipe(parser);
  });
  return { fields, file };
}

/** OpenAI's name for a fine-tuned model: ft:<base>:<organisation>:<suffix>:<id>. */
function fineTunedModelName(record: RecordedFineTuneJob): string {
  return `ft:${record.model}:acp:${record.suffix ?? ""}:${record.id.replace("ftjob-", "")}`;
}

/** A cursor page as OpenAI lists events and checkpoints: newest first, `limit` items after the `after` id. */
function cursorPage<T extends { id: string }>(
  newestFirst: T[],
  query: URLSearchParams,
  defaultLimit: number,
) {
  const limit = Math.max(1, Math.min(100, Number(query.get("limit") ?? defaultLimit) || defaultLimit));
  const after = query.get("after");
  const start = after ? newestFirst.findIndex((item) => item.id === after) + 1 : 0;
  const data = start === 0 && after ? [] : newestFirst.slice(start, start + limit);
  return { object: "list", data, has_more: start + data.length < newestFirst.length };
}

/** Files and fine-tuning jobs: the state, the job's timer-driven progress, and the routes. */
function createFineTuneBackend() {
  let nextId = 1;
  const files = new Map<string, RecordedFile>();
  const jobs = new Map<string, LiveJob>();
  const state = {
    requests: [] as RecordedApiRequest[],
    timing: { ...DEFAULT_FINE_TUNE_TIMING },
    fileFailures: [] as ScriptedStatusFailure[],
    jobFailure: undefined as FineTuneFailure | undefined,
  };
  const id = (prefix: string) => `${prefix}${(nextId++).toString(36).padStart(6, "0")}`;

  const jobJson = (job: LiveJob) => {
    const { record } = job;
    const hyperparameters = { n_epochs: job.epochs, batch_size: 1, learning_rate_multiplier: 1.8 };
    return {
      object: "fine_tuning.job",
      id: record.id,
      model: record.model,
      created_at: job.createdAt,
      finished_at: job.finishedAt,
      fine_tuned_model: record.fineTunedModel,
      organization_id: "org-fake",
      result_files: [],
      status: record.status,
      training_file: record.trainingFile,
      validation_file: record.validationFile,
      hyperparameters,
      method: { type: "supervised", supervised: { hyperparameters } },
      trained_tokens: record.trainedTokens,
      error: record.error,
      seed: job.seed,
      estimated_finish: null,
      integrations: [],
      metadata: null,
      user_provided_suffix: record.suffix,
    };
  };

  const event = (job: LiveJob, message: string, extra: Partial<FineTuneEvent> = {}) => {
    job.events.push({
      object: "fine_tuning.job.event",
      id: id("ftevent-"),
      created_at: seconds(),
      level: "info",
      message,
      data: {},
      type: "message",
      ...extra,
    });
  };

  const later = (job: LiveJob, ms: number, next: () => void) => {
    job.timer = setTimeout(() => {
      job.timer = undefined;
      next();
    }, ms);
  };

  const finish = (job: LiveJob, status: FakeFineTuneStatus) => {
    if (job.timer) clearTimeout(job.timer);
    job.timer = undefined;
    job.record.status = status;
    job.finishedAt = seconds();
  };

  const fail = (job: LiveJob, code: string, message: string, param: string | null = null) => {
    job.record.error = { code, message, param };
    finish(job, "failed");
    event(job, message, { level: "error" });
  };

  const metricsAt = (job: LiveJob, step: number) => {
    const done = step / job.record.totalSteps;
    const trainLoss = Number((0.3 + 2.2 * Math.exp(-3 * done)).toFixed(4));
    const trainAccuracy = Number((0.5 + 0.45 * (1 - Math.exp(-3 * done))).toFixed(4));
    const metrics: Record<string, number> = {
      step,
      train_loss: trainLoss,
      train_mean_token_accuracy: trainAccuracy,
    };
    if (job.record.validationFile) {
      metrics.valid_loss = Number((trainLoss + 0.15).toFixed(4));
      metrics.valid_mean_token_accuracy = Number((trainAccuracy - 0.05).toFixed(4));
    }
    return metrics;
  };

  const step = (job: LiveJob) => {
    const { record } = job;
    record.step += 1;
    if (job.failure && record.step >= job.failure.atStep) {
      return fail(job, job.failure.code ?? "server_error", job.failure.message ?? "Fine-tuning failed.");
    }
    const metrics = metricsAt(job, record.step);
    const validation =
      metrics.valid_loss === undefined ? "" : `, validation loss=${metrics.valid_loss.toFixed(4)}`;
    event(
      job,
      `Step ${record.step}/${record.totalSteps}: training loss=${metrics.train_loss?.toFixed(4)}${validation}`,
      {
        type: "metrics",
        data: { ...metrics, total_steps: record.totalSteps },
      },
    );
    if (record.step % job.stepsPerEpoch === 0) {
      const modelName = fineTunedModelName(record);
      const full: Record<string, number> = {};
      if (metrics.valid_loss !== undefined) full.full_valid_loss = metrics.valid_loss;
      if (metrics.valid_mean_token_accuracy !== undefined) {
        full.full_valid_mean_token_accuracy = metrics.valid_mean_token_accuracy;
      }
      job.checkpoints.push({
        object: "fine_tuning.job.checkpoint",
        id: id("ftckpt_"),
        created_at: seconds(),
        fine_tuned_model_checkpoint: `${modelName}:ckpt-step-${record.step}`,
        fine_tuning_job_id: record.id,
        step_number: record.step,
        metrics: { ...metrics, ...full },
      });
      event(job, `Checkpoint created at step ${record.step}`);
    }
    if (record.step < record.totalSteps) return later(job, state.timing.stepMs, () => step(job));
    record.fineTunedModel = fineTunedModelName(record);
    const training = files.get(record.trainingFile);
    record.trainedTokens = training ? fileTokens(training.content) * job.epochs : 0;
    event(job, `New fine-tuned model created: ${record.fineTunedModel}`);
    finish(job, "succeeded");
    event(job, "The job has successfully completed");
  };

  const validate = (job: LiveJob) => {
    if (job.failure && job.failure.atStep <= 0) {
      return fail(
        job,
        job.failure.code ?? "invalid_training_file",
        job.failure.message ?? "The job failed due to an invalid training file.",
        "training_file",
      );
    }
    const examples = fileLines(files.get(job.record.trainingFile)?.content ?? "").length;
    if (examples < 10) {
      return fail(
        job,
        "invalid_training_file",
        `The job failed due to an invalid training file. Training file has ${examples} example(s), but must have at least 10 examples`,
        "training_file",
      );
    }
    job.record.status = "queued";
    event(job, "Files validated, moving job to queued state");
    later(job, state.timing.phaseMs, () => {
      job.record.status = "running";
      event(job, "Fine-tuning job started");
      later(job, state.timing.stepMs, () => step(job));
    });
  };

  const createJob = (
    response: ServerResponse,
    body: Record<string, unknown>,
  ): RecordedApiRequest["status"] => {
    const model = typeof body.model === "string" ? body.model : "";
    const trainingFile = typeof body.training_file === "string" ? body.training_file : "";
    const validationFile = typeof body.validation_file === "string" ? body.validation_file : null;
    const method = body.method as { supervised?: { hyperparameters?: { n_epochs?: unknown } } } | undefined;
    const legacy = body.hyperparameters as { n_epochs?: unknown } | undefined;
    const viaMethod = method?.supervised?.hyperparameters?.n_epochs;
    const nEpochs = (viaMethod ?? legacy?.n_epochs) as number | "auto" | undefined;
    const refuse = (message: string, param: string) => {
      send(response, 400, errorBody(message, "invalid_request_error", param));
      return 400;
    };
    if (!model) return refuse("Missing required parameter: 'model'.", "model");
    for (const [param, fileId] of [
      ["training_file", trainingFile],
      ["validation_file", validationFile],
    ] as const) {
      if (fileId === null) continue;
      const file = files.get(fileId);
      if (!file || file.deleted) return refuse(`invalid ${param}: ${fileId}`, param);
      if (file.purpose !== "fine-tune") {
        return refuse(
          `File ${fileId} has purpose '${file.purpose}', but fine-tuning needs 'fine-tune'.`,
          param,
        );
      }
    }
    if (
      nEpochs !== undefined &&
      nEpochs !== "auto" &&
      !(Number.isInteger(nEpochs) && nEpochs >= 1 && nEpochs <= 50)
    ) {
      return refuse("n_epochs must be an integer between 1 and 50, or 'auto'.", "n_epochs");
    }
    const epochs = typeof nEpochs === "number" ? nEpochs : 3;
    const suffix = typeof body.suffix === "string" && body.suffix !== "" ? body.suffix : null;
    const job: LiveJob = {
      record: {
        id: id("ftjob-"),
        request: body,
        model,
        trainingFile,
        validationFile,
        suffix,
        nEpochs,
        nEpochsVia:
          viaMethod !== undefined ? "method" : legacy?.n_epochs !== undefined ? "hyperparameters" : undefined,
        status: "validating_files",
        step: 0,
        totalSteps: epochs * state.timing.stepsPerEpoch,
        fineTunedModel: null,
        trainedTokens: null,
        error: null,
        cancelled: false,
      },
      createdAt: seconds(),
      finishedAt: null,
      epochs,
      stepsPerEpoch: state.timing.stepsPerEpoch,
      seed: typeof body.seed === "number" ? body.seed : 42,
      failure: state.jobFailure,
      events: [],
      checkpoints: [],
      timer: undefined,
    };
    state.jobFailure = undefined;
    jobs.set(job.record.id, job);
    event(job, `Created fine-tuning job: ${job.record.id}`);
    event(
      job,
      `Validating training file: ${trainingFile}${validationFile ? ` and validation file: ${validationFile}` : ""}`,
    );
    later(job, state.timing.phaseMs, () => validate(job));
    send(response, 200, jobJson(job));
    return 200;
  };

  const fileJson = (file: RecordedFile) => ({
    object: "file",
    id: file.id,
    bytes: file.bytes,
    created_at: seconds(),
    filename: file.filename,
    purpose: file.purpose,
    status: "processed",
  });

  const uploadFile = async (request: IncomingMessage, response: ServerResponse): Promise<number> => {
    const scripted = state.fileFailures.shift();
    if (scripted) {
      request.resume();
      sendStatusFailure(response, scripted);
      return scripted.status;
    }
    const refuse = (message: string, param: string, code: string | null = null) => {
      send(response, 400, errorBody(message, code, param));
      return 400;
    };
    let form: Awaited<ReturnType<typeof readMultipart>>;
    try {
      form = await readMultipart(request);
    } catch {
      return refuse("The request must be multipart/form-data with a file and a purpose.", "file");
    }
    const purpose = form.fields.purpose ?? "";
    if (!FILE_PURPOSES.has(purpose)) {
      return refuse(`'${purpose}' is not one of ${[...FILE_PURPOSES].join(", ")} - 'purpose'`, "purpose");
    }
    if (!form.file) return refuse("Missing required parameter: 'file'.", "file");
    const content = form.file.content.toString("utf8");
    if (purpose === "fine-tune") {
      const lines = fileLines(content);
      if (lines.length === 0)
        return refuse("Invalid file format for Fine-Tuning API: the file is empty.", "file");
      for (const [index, line] of lines.entries()) {
        const problem = chatExampleProblem(line);
        if (problem) {
          return refuse(
            `Invalid file format for Fine-Tuning API. Line ${index + 1} ${problem}: each line must be a chat example {"messages": [...]}.`,
            "file",
            "invalid_file_format",
          );
        }
      }
    }
    const file: RecordedFile = {
      id: id("file-"),
      filename: form.file.filename,
      purpose,
      bytes: form.file.content.length,
      content,
      deleted: false,
    };
    files.set(file.id, file);
    send(response, 200, fileJson(file));
    return 200;
  };

  /** Answers a files or fine-tuning request; false when the path is not one of them. */
  const handle = async (
    request: IncomingMessage,
    response: ServerResponse,
    apiKey: string,
  ): Promise<boolean> => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    if (!path.startsWith("/v1/files") && !path.startsWith("/v1/fine_tuning/")) return false;
    const record: RecordedApiRequest = { method: request.method ?? "", path, status: 0 };
    state.requests.push(record);
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      request.resume();
      record.status = 401;
      send(response, 401, errorBody("Incorrect API key provided", "invalid_api_key"));
      return true;
    }
    const notFound = (message: string) => {
      record.status = 404;
      send(response, 404, errorBody(message, "not_found"));
      return true;
    };
    const method = request.method;
    if (method === "POST" && path === "/v1/files") {
      record.status = await uploadFile(request, response);
      return true;
    }
    const fileMatch = /^\/v1\/files\/([^/]+)$/.exec(path);
    if (fileMatch && (method === "GET" || method === "DELETE")) {
      const file = files.get(decodeURIComponent(fileMatch[1] ?? ""));
      if (!file || file.deleted) return notFound(`No such File object: ${fileMatch[1]}`);
      record.status = 200;
      if (method === "DELETE") {
        file.deleted = true;
        send(response, 200, { object: "file", id: file.id, deleted: true });
      } else send(response, 200, fileJson(file));
      return true;
    }
    if (method === "POST" && path === "/v1/fine_tuning/jobs") {
      let body: Record<string, unknown>;
      try {
        body = (await readJson(request)) as Record<string, unknown>;
      } catch {
        record.status = 400;
        send(response, 400, errorBody("The request body is not valid JSON."));
        return true;
      }
      record.status = createJob(response, body ?? {});
      return true;
    }
    const jobMatch = /^\/v1\/fine_tuning\/jobs\/([^/]+)(?:\/(cancel|events|checkpoints))?$/.exec(path);
    if (!jobMatch) return notFound(`Unknown path ${path}`);
    const job = jobs.get(decodeURIComponent(jobMatch[1] ?? ""));
    if (!job) return notFound(`Could not find fine-tuning job: ${jobMatch[1]}`);
    const action = jobMatch[2];
    if (method === "GET" && action === undefined) {
      record.status = 200;
      send(response, 200, jobJson(job));
    } else if (method === "POST" && action === "cancel") {
      if (TERMINAL.has(job.record.status)) {
        record.status = 400;
        send(response, 400, errorBody(`Job has already completed with status ${job.record.status}.`));
        return true;
      }
      job.record.cancelled = true;
      finish(job, "cancelled");
      event(job, "Fine-tuning job cancelled");
      record.status = 200;
      send(response, 200, jobJson(job));
    } else if (method === "GET" && action === "events") {
      record.status = 200;
      send(response, 200, cursorPage([...job.events].reverse(), url.searchParams, 20));
    } else if (method === "GET" && action === "checkpoints") {
      record.status = 200;
      send(response, 200, cursorPage([...job.checkpoints].reverse(), url.searchParams, 10));
    } else return notFound(`Unknown path ${method} ${path}`);
    return true;
  };

  const stopAll = () => {
    for (const job of jobs.values()) if (job.timer) clearTimeout(job.timer);
  };

  return {
    handle,
    state,
    files: () => [...files.values()],
    jobs: () => [...jobs.values()].map((job) => job.record),
    /** The models of jobs that succeeded: only these (of the ft: models) answer chat completions. */
    servesModel: (model: string) =>
      !model.startsWith("ft:") ||
      [...jobs.values()].some(
        (job) => job.record.status === "succeeded" && job.record.fineTunedModel === model,
      ),
    reset() {
      stopAll();
      files.clear();
      jobs.clear();
      state.requests = [];
      state.timing = { ...DEFAULT_FINE_TUNE_TIMING };
      state.fileFailures = [];
      state.jobFailure = undefined;
    },
    stopAll,
  };
}

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
        const chat: RecordedChatRequest = {
          startedAt,
          status: 0,
          model: "",
          messages: [],
          temperature: undefined,
          stream: false,
          includeUsage: false,
          pieces: [],
          usage: undefined,
          clientAborted: false,
        };
        state.chatRequests.push(chat);
        if (request.headers.authorization !== `Bearer ${apiKey}`) {
          chat.status = 401;
          return send(response, 401, {
            error: {
              message: "Incorrect API key provided",
              type: "invalid_request_error",
              code: "invalid_api_key",
            },
          });
        }
        const body = (await readJson(request)) as ChatRequestBody;
        chat.model = body.model ?? "";
        chat.messages = (body.messages ?? []).map((message) => ({
          role: String(message.role),
          content: contentOf(message.content),
        }));
        chat.temperature = body.temperature;
        chat.stream = body.stream === true;
        chat.includeUsage = body.stream_options?.include_usage === true;
        if (!body.model || chat.messages.length === 0) {
          chat.status = 400;
          return send(response, 400, {
            error: { message: "model and messages are required", type: "invalid_request_error" },
          });
        }
        if (!fineTune.servesModel(chat.model)) {
          chat.status = 404;
          return send(
            response,
            404,
            errorBody(
              `The model \`${chat.model}\` does not exist or you do not have access to it.`,
              "model_not_found",
            ),
          );
        }
        return await serveChat(response, queuedChatScripts.shift() ?? chatScript, chat);
      }
      if (request.method !== "POST" || request.url !== "/v1/embeddings") {
        record(404, {});
        return send(response, 404, { error: { message: "Not found", type: "invalid_request_error" } });
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        record(401, {});
        return send(response, 401, {
          error: {
            message: "Incorrect API key provided",
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        });
      }
      const body = (await readJson(request)) as {
        model?: string;
        input?: string | string[];
        encoding_format?: string;
        dimensions?: number;
      };
      const inputs = typeof body.input === "string" ? [body.input] : (body.input ?? []);
      const details = {
        inputs: inputs.length,
        encodingFormat: body.encoding_format,
        model: body.model ?? "",
        dimensions: body.dimensions,
      };
      const failure = outage?.until() ? outage.failure : queued.shift();
      if (failure) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        const headers: Record<string, string> = {};
        if (failure.retryAfterSeconds !== undefined)
          headers["retry-after"] = String(failure.retryAfterSeconds);
        if (failure.retryAfterMs !== undefined) headers["retry-after-ms"] = String(failure.retryAfterMs);
        record(failure.status, details);
        return send(
          response,
          failure.status,
          {
            error: {
              message: failure.status === 429 ? "Rate limit reached for requests" : "The server had an error",
              type: failure.status === 429 ? "requests" : "server_error",
              code: failure.status === 429 ? "rate_limit_exceeded" : null,
            },
          },
          headers,
        );
      }
      if (
        !body.model ||
        inputs.length === 0 ||
        inputs.length > 2048 ||
        inputs.some((i) => typeof i !== "string")
      ) {
        record(400, details);
        return send(response, 400, { error: { message: "Invalid input", type: "invalid_request_error" } });
      }
      if (state.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
      const dimensions = body.dimensions ?? 1536;
      const data = inputs.map((text, index) => {
        const vector = fakeOpenAiEmbedding(text, dimensions);
        return {
          object: "embedding",
          index,
          embedding: body.encoding_format === "base64" ? base64Of(vector) : vector,
        };
      });
      const tokens = inputs.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
      record(200, details);
      send(response, 200, {
        object: "list",
        data,
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
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
