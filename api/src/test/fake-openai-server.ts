// Test support: a real HTTP server speaking OpenAI's POST /v1/embeddings, scriptable to answer 429/5xx, counting load.
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
  /** Forgets requests and scripted failures (between tests). */
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

export async function startFakeOpenAiServer({ apiKey = "sk-test-fake" } = {}): Promise<FakeOpenAiServer> {
  let inFlight = 0;
  const queued: ScriptedFailure[] = [];
  let outage: { failure: ScriptedFailure; until: () => boolean } | undefined;

  const state = {
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
