// Picks the chat model LLM_PROVIDER names (env.ts): the built-in grounded responder, or OpenAI / a compatible server.
import type { AppConfig } from "../../env";
import { createOpenAiResponder } from "../../providers/chat-model/openai-responder";
import type { Responder } from "../../providers/chat-model/responder";
import { createGroundedResponder } from "./grounded-responder";

export function createResponder({ config }: { config: Pick<AppConfig, "chat"> }): Responder {
  const settings = config.chat;
  switch (settings.provider) {
    case "offline":
      return createGroundedResponder();
    case "openai":
      return createOpenAiResponder({
        apiKey: settings.apiKey,
        model: settings.model,
        contextTokens: settings.contextTokens,
        timeoutMs: settings.timeoutMs,
        idleTimeoutMs: settings.idleTimeoutMs,
        ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}),
      });
  }
}
