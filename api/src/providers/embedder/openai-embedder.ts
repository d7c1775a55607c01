// Embeddings from OpenAI or any OpenAI-compatible server: batched, adaptive concurrency, bounded retries honouring Retry-After.
import { createOpenAiClient } from "../openai/openai-client";
import { openAiFailureOf, retryAfterMs } from "../openai/openai-errors";
import { AdaptiveConcurrency, sleep } from "./adaptive-concurrency";
import type { Embedder } from "./embedder";

const OPENAI_EMBEDDING_DIMENSION = 1536;

type OpenAiEmbedderOptions = {
  apiKey: string;
  /** OPENAI_BASE_URL, e.g. http://localhost:11434/v1 for a compatible server; OpenAI's own when unset. */
  baseUrl?: string;
  model: string;
  /** Inputs per request (OpenAI allows 2048; smaller batches spread better over concurrent requests). */
  batchSize?: number;
  /** Estimated tokens per request (OpenAI refuses more than 300k per request). */
  batchTokenBudget?: number;
  /** Attempts per batch, the first included, before the error is thrown. */
  maxAttempts?: number;
  /** First backoff without Retry-After; doubles per attempt (with jitter) up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** A Retry-After longer than this fails the batch instead of holding the document for ages. */
  maxRetryAfterMs?: number;
  concurrency?: { initial?: number; min?: number; max?: number };
  /** Per-request timeout. */
  timeoutMs?: number;
  random?: () => number;
};

/** Statuses worth another try: rate limits, timeouts, conflicts and server errors. */
function isRetryableStatus(status: number | undefined): boolean {
  return status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Rough token count (about 4 characters a token in English); only used to size batches. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4) + 1;

/** Splits texts into batches of at most `size` inputs and `budget` estimated tokens, keeping order. */
export function toBatches(
  texts: readonly string[],
  size: number,
  budget: number,
): { start: number; texts: string[] }[] {
  const batches: { start: number; texts: string[] }[] = [];
  let current: string[] = [];
  let start = 0;
  let tokens = 0;
  for (const [index, text] of texts.entries()) {
    const cost = estimateTokens(text);
    if (current.length > 0 && (current.length >= size || tokens + cost > budget)) {
      batches.push({ start, texts: current });
      current = [];
      tokens = 0;
      start = index;
    }
    current.push(text);
    tokens += cost;
  }
  if (current.length > 0) batches.push({ start, texts: current });
  return batches;
}

export class EmbeddingProviderError extends Error {
  override name = "EmbeddingProviderError";
}

export function createOpenAiEmbedder(
  options: OpenAiEmbedderOptions,
): Embedder & { concurrency: AdaptiveConcurrency } {
  const {
    model,
    batchSize = 96,
    batchTokenBudget = 100_000,
    maxAttempts = 6,
    baseBackoffMs = 500,
    maxBackoffMs = 30_000,
    maxRetryAfterMs = 5 * 60_000,
    timeoutMs = 60_000,
    random = Math.random,
  } = options;
  // Our retries are the only ones: the client's own would retry without telling our concurrency control.
  const client = createOpenAiClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: 0,
    timeoutMs,
  });
  const concurrency = new AdaptiveConcurrency(options.concurrency);
  // text-embedding-3-* can shorten its vectors to the store's 1536; older models have a fixed size and refuse it.
  const dimensions = model.startsWith("text-embedding-3") ? { dimensions: OPENAI_EMBEDDING_DIMENSION } : {};

  async function embedBatch(texts: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    for (let attempt = 1; ; attempt += 1) {
      let sentAt = Date.now();
      try {
        const response = await concurrency.run(() => {
          sentAt = Date.now();
          return client.embeddings.create(
            // Empty strings are refused by the API; a space embeds as "nothing" instead.
            { model, input: texts.map((text) => (text.length === 0 ? " " : text)), ...dimensions },
            { signal },
          );
        }, signal);
        concurrency.onSuccess();
        const vectors = new Array<number[]>(texts.length);
        for (const item of response.data) vectors[item.index] = Array.from(item.embedding);
        for (let i = 0; i < texts.length; i += 1) {
          const vector = vectors[i];
          if (!vector)
            throw new EmbeddingProviderError(`the embeddings server returned no vector for input ${i}`);
          if (vector.length !== OPENAI_EMBEDDING_DIMENSION) {
            throw new EmbeddingProviderError(
              `the embedding model ${model} returns ${vector.length} dimensions; the vector store needs ${OPENAI_EMBEDDING_DIMENSION}`,
            );
          }
        }
        return vectors;
      } catch (error) {
        signal?.throwIfAborted();
        if (error instanceof EmbeddingProviderError) throw error;
        const failure = openAiFailureOf(error);
        const status = failure.kind === "refused" ? failure.status : undefined;
        if (failure.kind === "not-openai" || (failure.kind === "refused" && !isRetryableStatus(status))) {
          throw new EmbeddingProviderError(
            `the embeddings server refused the request (${status ?? "no status"}): ${(error as Error).message}`,
            { cause: error },
          );
        }
        if (attempt >= maxAttempts) {
          throw new EmbeddingProviderError(
            `the embeddings server kept failing after ${attempt} attempts (last: ${status ?? "no response"}): ${failure.error.message}`,
            { cause: error },
          );
        }
        const asked = retryAfterMs(failure.error.headers);
        if (asked !== undefined && asked > maxRetryAfterMs) {
          throw new EmbeddingProviderError(
            `the embeddings server asked to wait ${Math.round(asked / 1000)} s (Retry-After), longer than we hold a document`,
            { cause: error },
          );
        }
        // Exponential backoff with jitter, never shorter than what the server asked for.
        const backoff = Math.min(maxBackoffMs, baseBackoffMs * 2 ** (attempt - 1)) * (0.5 + random() / 2);
        const wait = Math.max(asked ?? 0, backoff);
        if (status === 429) concurrency.onThrottled(Date.now() + wait, sentAt);
        await sleep(wait, signal);
      }
    }
  }

  return {
    id: `openai:${model}`,
    dimension: OPENAI_EMBEDDING_DIMENSION,
    concurrency,
    async embed(texts, opts) {
      opts?.signal?.throwIfAborted();
      // The first batch that fails for good stops the others (no point paying for a document that fails).
      const stop = new AbortController();
      const signal = opts?.signal ? AbortSignal.any([opts.signal, stop.signal]) : stop.signal;
      const results = new Array<number[]>(texts.length);
      const batches = toBatches(texts, batchSize, batchTokenBudget);
      let firstError: unknown;
      // All batches are started; the shared concurrency control decides how many are on the wire.
      await Promise.allSettled(
        batches.map(async (batch) => {
          try {
            const vectors = await embedBatch(batch.texts, signal);
            for (const [offset, vector] of vectors.entries()) results[batch.start + offset] = vector;
          } catch (error) {
            if (firstError === undefined) {
              firstError = error;
              stop.abort(error);
            }
          }
        }),
      );
      opts?.signal?.throwIfAborted();
      if (firstError !== undefined) throw firstError;
      return results;
    },
  };
}
