// Picks the embedder EMBEDDINGS_PROVIDER names (env.ts): the built-in local one, or OpenAI / a compatible server.
import type { AppConfig } from "../../env";
import type { Embedder } from "./embedder";
import { createLocalEmbedder } from "./local-embedder";
import { embedOnThread } from "./local-embedder-thread";
import { createOpenAiEmbedder } from "./openai-embedder";

export function createEmbedder({ config }: { config: Pick<AppConfig, "embeddings"> }): Embedder {
  const settings = config.embeddings;
  switch (settings.provider) {
    case "local":
      return createLocalEmbedder({ thread: embedOnThread });
    case "openai":
      return createOpenAiEmbedder({
        apiKey: settings.apiKey,
        model: settings.model,
        ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      });
  }
}
