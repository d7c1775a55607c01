// What OpenAI charges to fine-tune a base model, and how long one training example may be.

/**
 * Training price in US dollars per million billed tokens (training tokens x epochs), by base model name prefix, as
 * listed on https://openai.com/api/pricing/ when checked on 2025-06-01. Prices change: a model not listed gets no
 * estimate rather than a wrong one.
 */
const TRAINING_PRICE_PER_MILLION_TOKENS_USD: Readonly<Record<string, number>> = {
  "gpt-4.1-nano": 1.5,
  "gpt-4.1-mini": 5,
  "gpt-4.1": 25,
  "gpt-4o-mini": 3,
  "gpt-4o": 25,
  "gpt-3.5-turbo": 8,
  "davinci-002": 6,
  "babbage-002": 0.4,
};

/**
 * The longest training example each base model takes, in tokens (OpenAI's fine-tuning guide, checked 2025-06-01);
 * longer examples are truncated by OpenAI. Models not listed are assumed to take 65,536 like the current ones.
 */
const EXAMPLE_TOKEN_LIMITS: Readonly<Record<string, number>> = {
  "gpt-4.1": 65_536,
  "gpt-4o": 65_536,
  "gpt-3.5-turbo": 16_385,
  "davinci-002": 16_384,
  "babbage-002": 16_384,
};
const DEFAULT_EXAMPLE_TOKEN_LIMIT = 65_536;

/** The entry whose key is the longest prefix of the model name (gpt-4o-mini-2024-07-18 is gpt-4o-mini, not gpt-4o). */
function byLongestPrefix<T>(table: Readonly<Record<string, T>>, model: string): T | undefined {
  const name = model.toLowerCase().replace(/^ft:/, "");
  const key = Object.keys(table)
    .filter((prefix) => name.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key === undefined ? undefined : table[key];
}

/** Dollars per million billed training tokens for the base model, or null when it is not in the table. */
export function trainingPricePerMillionTokens(model: string): number | null {
  return byLongestPrefix(TRAINING_PRICE_PER_MILLION_TOKENS_USD, model) ?? null;
}

/** The longest example the base model trains on, in tokens. */
export function exampleTokenLimit(model: string): number {
  return byLongestPrefix(EXAMPLE_TOKEN_LIMITS, model) ?? DEFAULT_EXAMPLE_TOKEN_LIMIT;
}
