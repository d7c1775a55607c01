// Token counts for chat without a tokenizer: the chunker's estimate per text plus OpenAI's per-message overhead.
import { estimateTokens } from "../../ingestion/estimate-tokens";
import type { HistoryTurn } from "./responder";

/**
 * The same deterministic estimate chunks are sized with (ingestion/chunk-document.ts): a Latin word run costs
 * ceil(length / 5), a run of another script ceil(length / 3), a CJK or Thai character 1, any other visible character 1.
 * It lands within about +-25% of cl100k/o200k on English and errs high elsewhere, which is the safe side when a
 * history is trimmed to a context window.
 */
export function estimateTextTokens(text: string): number {
  return estimateTokens(text);
}

/** Chat formats wrap each message in a few tokens of framing (role, separators): OpenAI documents 3 per message. */
const MESSAGE_OVERHEAD_TOKENS = 4;
/** Every reply is primed with a few tokens (`<|start|>assistant<|message|>`). */
const REPLY_PRIMING_TOKENS = 3;

/** A message as a chat model counts it: its text plus framing. */
export function estimateMessageTokens(message: { content: string }): number {
  return estimateTextTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;
}

/** A whole prompt: its messages and the reply's priming. */
export function estimatePromptTokens(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), REPLY_PRIMING_TOKENS);
}

/**
 * The newest turns that fit `budget` tokens, oldest first (a chat keeps its most recent context). A turn that does not
 * fit ends the walk back: skipping it to keep an older one would hand the model a conversation with a hole in it.
 */
export function trimHistory(history: readonly HistoryTurn[], budget: number): HistoryTurn[] {
  const kept: HistoryTurn[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const turn = history[i] as HistoryTurn;
    const cost = estimateMessageTokens(turn);
    if (used + cost > budget) break;
    kept.push(turn);
    used += cost;
  }
  return kept.reverse();
}
