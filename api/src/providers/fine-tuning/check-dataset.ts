// The dataset check before anything is uploaded: what OpenAI would refuse, what it would bill, what looks off.
import { estimatePromptTokens, estimateTextTokens } from "../chat-model/token-estimate";
import { exampleTokenLimit, trainingPricePerMillionTokens } from "./fine-tune-pricing";
import type { ChatExample } from "./types";

/** OpenAI refuses a training file with fewer examples. */
const MIN_TRAINING_EXAMPLES = 10;
/** OpenAI's guide: clear improvements usually start at 50 to 100 examples. */
const RECOMMENDED_TRAINING_EXAMPLES = 50;
/** OpenAI takes n_epochs from 1 to 50. */
const MAX_EPOCHS = 50;

type FineTuneDatasetCheck = {
  train: number;
  validation: number;
  /** Examples whose question was already asked (in train, or in train before validation). */
  duplicates: number;
  /** Examples longer than the base model's example limit (OpenAI truncates them). */
  tooLong: number;
  /** Tokens of the user's questions per example. */
  queryTokens: { mean: number; max: number };
  /** Tokens of the grounded answers per example. */
  passageTokens: { mean: number; max: number };
  /** Training tokens x epochs: what OpenAI bills (validation is not billed). */
  billedTokens: number;
  /** null when the base model's price is not known. */
  estimatedCostUsd: number | null;
  /** Why OpenAI would refuse the job, in plain English; empty when it can be uploaded. */
  problems: string[];
  /** What does not stop training but deserves a look. */
  warnings: string[];
};

function stats(values: readonly number[]): { mean: number; max: number } {
  if (values.length === 0) return { mean: 0, max: 0 };
  const total = values.reduce((sum, value) => sum + value, 0);
  return { mean: Math.round((total / values.length) * 10) / 10, max: Math.max(...values) };
}

function textOf(example: ChatExample, role: "user" | "assistant"): string {
  return example.messages
    .filter((message) => message.role === role)
    .map((message) => message.content)
    .join("\n");
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * Counts, duplicate questions, token lengths (the chat token estimate of services/chat/token-estimate: within about
 * 25% of OpenAI's tokenizers on English), billed tokens and the estimated price for the base model, with the reasons
 * OpenAI would refuse the job (`problems`) and what deserves a look (`warnings`).
 */
export function checkFineTuneDataset(input: {
  train: readonly ChatExample[];
  validation: readonly ChatExample[];
  epochs: number;
  model: string;
}): FineTuneDatasetCheck {
  const problems: string[] = [];
  const warnings: string[] = [];
  const all = [...input.train, ...input.validation];
  const limit = exampleTokenLimit(input.model);

  const seen = new Set<string>();
  let duplicates = 0;
  let tooLong = 0;
  let incomplete = 0;
  const queryTokens: number[] = [];
  const answerTokens: number[] = [];
  for (const example of all) {
    const question = textOf(example, "user");
    const answer = textOf(example, "assistant");
    if (question.trim() === "" || answer.trim() === "") incomplete += 1;
    const key = question.toLowerCase().replace(/\s+/g, " ").trim();
    if (seen.has(key)) duplicates += 1;
    seen.add(key);
    if (estimatePromptTokens(example.messages) > limit) tooLong += 1;
    queryTokens.push(estimateTextTokens(question));
    answerTokens.push(estimateTextTokens(answer));
  }

  const trainingTokens = input.train.reduce(
    (sum, example) => sum + estimatePromptTokens(example.messages),
    0,
  );
  const epochsValid = Number.isInteger(input.epochs) && input.epochs >= 1 && input.epochs <= MAX_EPOCHS;
  const billedTokens = trainingTokens * (epochsValid ? input.epochs : 0);
  const price = trainingPricePerMillionTokens(input.model);
  const estimatedCostUsd =
    price === null ? null : Math.round((billedTokens / 1_000_000) * price * 10_000) / 10_000;

  if (input.train.length < MIN_TRAINING_EXAMPLES) {
    const held =
      input.validation.length > 0 ? ` (and ${input.validation.length} held out for validation)` : "";
    problems.push(
      `OpenAI fine-tuning needs at least ${MIN_TRAINING_EXAMPLES} training examples; the knowledge gave ${input.train.length}${held}. Add documents or longer ones to the agent's knowledge.`,
    );
  }
  if (!epochsValid)
    problems.push(`Epochs must be a whole number from 1 to ${MAX_EPOCHS}; got ${input.epochs}.`);
  if (incomplete > 0) {
    problems.push(`${plural(incomplete, "example has", "examples have")} no question or no answer.`);
  }

  if (input.train.length >= MIN_TRAINING_EXAMPLES && input.train.length < RECOMMENDED_TRAINING_EXAMPLES) {
    warnings.push(
      `Only ${input.train.length} training examples: OpenAI usually shows clear improvements from ${RECOMMENDED_TRAINING_EXAMPLES} to 100.`,
    );
  }
  if (input.validation.length === 0 && input.train.length > 0) {
    warnings.push(
      "No validation examples: OpenAI will report training loss only, with nothing held out to compare.",
    );
  }
  if (duplicates > 0) {
    warnings.push(`${plural(duplicates, "question is", "questions are")} asked more than once.`);
  }
  if (tooLong > 0) {
    warnings.push(
      `${plural(tooLong, "example is", "examples are")} longer than ${input.model}'s ${limit.toLocaleString("en-US")}-token limit; OpenAI truncates them.`,
    );
  }
  if (price === null)
    warnings.push(`No training price is known for ${input.model}: the cost could not be estimated.`);

  return {
    train: input.train.length,
    validation: input.validation.length,
    duplicates,
    tooLong,
    queryTokens: stats(queryTokens),
    passageTokens: stats(answerTokens),
    billedTokens,
    estimatedCostUsd,
    problems,
    warnings,
  };
}
