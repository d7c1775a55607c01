// The built-in chat model (offline mode, DESIGN 6): answers by quoting the retrieved passages' most relevant sentences.

import type { ChatModelInfo } from "@acp/contracts/chat";
import { OFFLINE_RESPONDER_MODEL } from "@acp/contracts/constants";
import { limitAnswer } from "../../providers/chat-model/generation-limits";
import type {
  AnswerRequest,
  AnswerResult,
  GroundingPassage,
  HistoryTurn,
  Responder,
} from "../../providers/chat-model/responder";
import { estimatePromptTokens, estimateTextTokens } from "../../providers/chat-model/token-estimate";
import { type Composed, composeAnswer } from "./answering/compose";
import { contextTerms } from "./contextual-query";

/*
 * Extractive, so it can only say what the documents say: the answer leads with the short phrase that answers (a
 * cell with its field, an amount, a date, a name) and quotes the unit that holds it (a sentence, a line, a table row,
 * a field) as written in its passage, with the passage's marker. Nothing is paraphrased. Which unit, and when it
 * abstains instead: answering/selector.ts (a learned selector); how the answer reads: answering/compose.ts. A
 * follow-up is judged with the conversation's subject (contextual-query.ts).
 */

const GROUNDED_RESPONDER_INFO: ChatModelInfo = {
  provider: "offline",
  model: OFFLINE_RESPONDER_MODEL,
  offline: true,
};

/**
 * The whole answer for a question and its passages, before streaming. Exported so the choice of sentences can be
 * tested apart from the streaming.
 */
export function composeGroundedAnswer(input: {
  question: string;
  history: readonly HistoryTurn[];
  passages: readonly GroundingPassage[];
}): Composed {
  const { borrowed } = contextTerms(input.history, input.question);
  return composeAnswer(
    input.question,
    input.passages,
    borrowed.map((term) => term.word),
  );
}

type GroundedResponderOptions = {
  /** Words per streamed piece. */
  wordsPerPiece?: number;
  /** Pause between pieces, in ms (0: none; the event loop still gets a turn between pieces, so a stop lands). */
  pieceDelayMs?: number;
};

/** Pieces of `text` of about `words` words each, whitespace kept, so that joining them gives the text back. */
function pieces(text: string, words: number): string[] {
  const parts = text.match(/\s*\S+/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += words) out.push(parts.slice(i, i + words).join(""));
  const trailing = text.match(/\s+$/)?.[0];
  if (trailing && out.length > 0) out[out.length - 1] += trailing;
  return out;
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve)));
}

/** The built-in responder: no network, no key. Token counts are estimates (token-estimate.ts). */
export function createGroundedResponder(options: GroundedResponderOptions = {}): Responder {
  const wordsPerPiece = Math.max(1, options.wordsPerPiece ?? 3);
  const pieceDelayMs = options.pieceDelayMs ?? 0;
  return {
    info: GROUNDED_RESPONDER_INFO,
    async answer(request: AnswerRequest): Promise<AnswerResult> {
      const composed = composeGroundedAnswer(request);
      const { trace } = composed;
      const { content, finishReason } = limitAnswer(composed.content, request.generation);
      // What it read, counted as a chat model would be given it (system prompt, passages, history, question).
      const promptTokens = estimatePromptTokens([
        { content: request.systemPrompt },
        { content: request.passages.map((passage) => passage.text).join("\n\n") },
        ...request.history,
        { content: request.question },
      ]);
      let written = "";
      const result = (stopped: boolean): AnswerResult => ({
        content: written,
        model: GROUNDED_RESPONDER_INFO.model,
        promptTokens,
        completionTokens: estimateTextTokens(written),
        stopped,
        finishReason,
        trace,
      });
      for (const piece of pieces(content, wordsPerPiece)) {
        if (request.signal.aborted) return result(true);
        written += piece;
        request.onToken(piece);
        await pause(pieceDelayMs);
      }
      return result(request.signal.aborted && written.length < content.length);
    },
  };
}
