// Picks the embedder EMBEDDINGS_PROVIDER names (env.ts): the built-in local one, or OpenAI / a compatible server.
import type { AppConfig } from "../../env";
import type { Logger } from "../../lib/logger";
import type { Embedder } from "./embedder";
import { createLocalEmbedder } from "./local-embedder";
import type { EmbeddingThreadHandle } from "./local-embedder-thread";
import { createOpenAiEmbedder } from "./openai-embedder";

export function createEmbedder({
  config,
  thread,
  logger,
}: {
  config: Pick<AppConfig, "embeddings">;
  /** Where the built-in embedder embeds large batches, off the event loop. */
  thread?: EmbeddingThreadHandle;
  /** Told when the embedding thread cannot answer and a batch is embedded inline instead. */
  logger?: Pick<Logger, "warn">;
}): Embedder {
  const settings = config.embeddings;
  switch (settings.provider) {
    case "local":
      return createLocalEmbedder({
        ...(thread
          ? { thread: (texts: string[], signal: AbortSignal | undefined) => thread.embed(texts, signal) }
          : {}),
        onThreadFailure: (error) =>
          logger?.warn({ err: error }, "embedding thread unavailable: embedding this batch inline"),
      });
    case "openai":
      return createOpenAiEmbedder({
        apiKey: settings.apiKey,
        model: settings.model,
        ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      });
  }
}
