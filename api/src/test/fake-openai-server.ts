// Test support: a real HTTP server speaking OpenAI's POST /v1/embeddings and /v1/chat/completions, scriptable to fail.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { embedLocally } from "../providers/embedder/local-embedder";

/** One scripted failure: the next request(s) get this status, with Retry-After (seconds) or retry-after-ms if set. */
export type ScriptedFailure = { status: number; retryAfterSeconds?: number; retryAfterMs?: number };

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
export type ChatFailure =
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
export type ChatScript = {
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
  /** Forgets requests, scripts and scripted failures (between tests). */
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

export async function startFakeOpenAiServer({ apiKey = "sk-test-fake" } = {}): Promise<FakeOpenAiServer> {
  let inFlight = 0;
  const queued: ScriptedFailure[] = [];
  let outage: { failure: ScriptedFailure; until: () => boolean } | undefined;

  let chatScript: ChatScript = {};
  const queuedChatScripts: ChatScript[] = [];
  const state = {
    chatRequests: [] as RecordedChatRequest[],
    requests: [] as RecordedRequest[],
    maxConcurrent: 0,
    latencyMs: 0,
  };

  const server = createServer(async (request, response) => {
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
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
