// Test support: the fake OpenAI server's embeddings: deterministic vectors, recorded requests and scripted failures.
import type { IncomingMessage, ServerResponse } from "node:http";
import { embedLocally } from "../providers/embedder/local-embedder";
import { readJson, type ScriptedFailure, send } from "./fake-openai-wire";

export type RecordedRequest = {
  startedAt: number;
  finishedAt: number;
  status: number;
  inputs: number;
  encodingFormat: string | undefined;
  model: string;
  dimensions: number | undefined;
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

/** What an embeddings request takes from the server around it. */
export type EmbeddingsContext = {
  apiKey: string;
  /** Records the request with what was read of it. */
  record: (status: number, details: Partial<RecordedRequest>) => void;
  /** The scripted failure this request answers, if any: an ongoing outage first, then the queued ones. */
  nextFailure: () => ScriptedFailure | undefined;
  /** Milliseconds a successful request takes. */
  latencyMs: () => number;
};

/** Answers POST /v1/embeddings: checks the key and the input, fails as scripted, else embeds every input. */
export async function serveEmbeddings(
  request: IncomingMessage,
  response: ServerResponse,
  context: EmbeddingsContext,
): Promise<void> {
  const { apiKey, record } = context;
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
  const failure = context.nextFailure();
  if (failure) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    const headers: Record<string, string> = {};
    if (failure.retryAfterSeconds !== undefined) headers["retry-after"] = String(failure.retryAfterSeconds);
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
  const latencyMs = context.latencyMs();
  if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
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
}
