// The one way the API builds an OpenAI client: chat model, embeddings, fine-tuning and generated questions alike.
import OpenAI from "openai";

type OpenAiClientOptions = {
  apiKey: string;
  /** OPENAI_BASE_URL (an OpenAI-compatible server); OpenAI's own when unset or empty. */
  baseUrl?: string | undefined;
  /** The client's own retries: 0 where the caller retries (or shows the failure at once) itself. */
  maxRetries: number;
  /** Per-request timeout; the client's default (10 minutes) when unset. */
  timeoutMs?: number | undefined;
};

export function createOpenAiClient({ apiKey, baseUrl, maxRetries, timeoutMs }: OpenAiClientOptions): OpenAI {
  return new OpenAI({
    apiKey,
    ...(baseUrl ? { baseURL: baseUrl } : {}),
    maxRetries,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
  });
}
