// What answers a question from retrieved passages (DESIGN 6): the built-in grounded responder (offline, extractive)
// or a configured OpenAI-compatible chat model. The chat service (chat-service.ts) retrieves, stores and streams; a
// responder only writes the answer, citing passages by their numbers as [1], [2].
import type { AnswerTrace, ChatModelInfo } from "@acp/contracts/chat";
import type { ChunkLocation } from "@acp/contracts/knowledge";

/** One retrieved passage given to the responder; `number` is the marker that cites it ([number]). */
export type GroundingPassage = {
  number: number;
  text: string;
  documentName: string;
  location: ChunkLocation | null;
  /** The better of the lexical and dense relevance (1 = the strongest lexical match possible). */
  relevance: number;
};

export type HistoryTurn = { role: "user" | "assistant"; content: string };

/** A function call a chat model asked for, in OpenAI's shape (`arguments` is the model's JSON text, as written). */
export type ToolCall = { id: string; type: "function"; function: { name: string; arguments: string } };

/**
 * An API caller's choices for the answer (chat completions' fields). A chat model is given them all; the built-in
 * responder honours the two that cut an answer, `maxTokens` (at a word boundary) and `stop`, and the routes refuse
 * the rest offline (tools it cannot call, schemas it cannot fill, several choices).
 */
export type Generation = {
  maxTokens?: number | undefined;
  stop?: readonly string[] | undefined;
  temperature?: number | undefined;
  topP?: number | undefined;
  seed?: number | undefined;
  /** Choices to write (OpenAI's `n`); one when absent. */
  n?: number | undefined;
  /** The caller's tools, `tool_choice` and `parallel_tool_calls`, passed on as sent (chat completions' shape). */
  tools?: readonly unknown[] | undefined;
  toolChoice?: unknown;
  parallelToolCalls?: boolean | undefined;
  /** `response_format` as sent (json_object, json_schema): the answer is then the model's JSON, verbatim. */
  responseFormat?: { type: string } | undefined;
  /**
   * The caller's messages after its question, in chat completions' shape and order: the model's earlier tool calls
   * and their results, so a model that called a tool reads what it returned and finishes the answer.
   */
  followUp?: readonly unknown[] | undefined;
};

/** Whether the caller asked for a structured answer (JSON), which is passed on verbatim: no citation markers checked. */
export const asksForStructuredAnswer = (generation: Generation | undefined): boolean =>
  generation?.responseFormat !== undefined && generation.responseFormat.type !== "text";

/**
 * Why an answer ended: its end, the caller's token limit ("length"), or a call of the caller's tools ("tool_calls"),
 * as OpenAI's finish_reason.
 */
export type FinishReason = "stop" | "length" | "tool_calls";

/** One more choice of an answer asked for several (`n` > 1): its text, tool calls and end. */
export type AnswerChoice = { content: string; toolCalls: ToolCall[]; finishReason: FinishReason };

export type AnswerRequest = {
  /** The agent's instructions (its owner's). */
  systemPrompt: string;
  /**
   * Instructions from whoever calls the API (an OpenAI-style system message), when any: they rank below the owner's
   * prompt and the grounding rules, and a chat model is told so.
   */
  callerInstructions?: string;
  /** Earlier turns of the conversation, oldest first (the responder trims them to its context by tokens). */
  history: readonly HistoryTurn[];
  question: string;
  /** Retrieved passages, best first, numbered from 1. */
  passages: readonly GroundingPassage[];
  /** The agent's model (null: the installation's default) and temperature. */
  model: string | null;
  temperature: number;
  /** The API caller's sampling choices, when any (their temperature then wins over the agent's). */
  generation?: Generation | undefined;
  /** Aborted when the client stops or goes away: the responder stops and resolves with what it has (stopped). */
  signal: AbortSignal;
  /** Each piece of the answer as it is written. */
  onToken: (text: string) => void;
};

export type AnswerResult = {
  /** The whole answer as streamed (markers not yet validated). */
  content: string;
  /** The model that answered (e.g. "grounded-responder", "gpt-4o-mini"). */
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  /** True when the signal stopped the answer before its end. */
  stopped: boolean;
  /** "length" when the caller's token limit cut the answer, "tool_calls" when it calls tools; "stop" (or absent) otherwise. */
  finishReason?: FinishReason;
  /** The caller's tools the model called instead of (or beside) answering. */
  toolCalls?: ToolCall[];
  /** Choices 2..n when the caller asked for several (the first is the answer itself). */
  otherChoices?: AnswerChoice[];
  /** Why the answer says what it says (the built-in responder's; a chat model's is built from its passages). */
  trace?: AnswerTrace;
};

export interface Responder {
  readonly info: ChatModelInfo;
  /** Rejects with a ChatModelError for a provider failure; a stop is not a failure (see AnswerResult.stopped). */
  answer(request: AnswerRequest): Promise<AnswerResult>;
}

type ChatModelErrorKind =
  | "unauthorized"
  | "rate-limited"
  | "unavailable"
  | "timeout"
  | "context-too-long"
  | "bad-request";

/** A provider failure in words for people (shown in the chat), with what the partial answer held, if anything. */
export class ChatModelError extends Error {
  constructor(
    readonly kind: ChatModelErrorKind,
    message: string,
    readonly options: { retryAfterSeconds?: number; partial?: string; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "ChatModelError";
  }
}
