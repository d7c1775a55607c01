// The fine-tuning port (FINE_TUNE_PROVIDER=openai): OpenAI's fine-tuning jobs on the configured base model, and the
// client their example questions are written through. Built by createDeps; none with the built-in trainer.
import type OpenAI from "openai";
import type { AppConfig } from "../../env";
import { createOpenAiClient } from "../openai/openai-client";
import { runFineTune } from "./run-fine-tune";

type RunOptions = Omit<Parameters<typeof runFineTune>[0], "client" | "baseModel" | "pollIntervalMs">;

export type FineTuning = {
  /** The model jobs fine-tune (OPENAI_FINE_TUNE_MODEL). */
  readonly baseModel: string;
  /** The chat model that writes the examples' questions (OPENAI_CHAT_MODEL). */
  readonly questionModel: string;
  /** The provider's client, for writing the examples' questions with the same account. */
  readonly client: OpenAI;
  /** Uploads the examples, creates (or resumes) the fine-tuning job and follows it to its model (run-fine-tune.ts). */
  run(options: RunOptions): ReturnType<typeof runFineTune>;
};

export function createFineTuning(config: AppConfig["fineTune"]): FineTuning | undefined {
  if (config.provider !== "openai") return undefined;
  const client = createOpenAiClient({ apiKey: config.apiKey, baseUrl: config.baseUrl, maxRetries: 2 });
  return {
    baseModel: config.baseModel,
    questionModel: config.questionModel,
    client,
    run: (options) =>
      runFineTune({ ...options, client, baseModel: config.baseModel, pollIntervalMs: config.pollIntervalMs }),
  };
}
