// The grounding pipeline every entry point shares (chat, the public agent API, the OpenAI-compatible endpoint):
// search an agent's knowledge with the conversation's context, answer through the responder, validate the markers.
import type { AnswerTrace, ChatSource, MessageStatus } from "@acp/contracts/chat";
import type { RetrievalResult } from "@acp/contracts/knowledge";
import type { Deps } from "../../deps";
import {
  type AnswerChoice,
  asksForStructuredAnswer,
  ChatModelError,
  type FinishReason,
  type Generation,
  type GroundingPassage,
  type HistoryTurn,
  type ToolCall,
} from "../../providers/chat-model/responder";
import { fineTunedModelOf } from "../retrieval/rerank/trained-models";
import { searchAsAgent } from "../retrieval/search-as-agent";
import type { KnownTurnReads } from "./chat-turn-reads";
import { validateCitations } from "./citations";
import { contextualQuery } from "./contextual-query";
import type { ChatAgent } from "./resolve-chat-agent";

/** Characters of a passage kept as the source's excerpt: whole chunks (a few thousand characters), bounded. */
const EXCERPT_CHARS = 8000;

/**
 * The agent's passages for a question, best first (the agent's documents, its categories and, with `includeShared`,
 * the owner's shared library), in the order of the re-ranker its training left, when it has one. The shared library
 * is the owner's private documents given to no agent: only the owner's own calls read it (the chat, the owner's key);
 * a public agent called by anyone else passes `includeShared: false` and answers only from what was given to it.
 */
export async function retrievePassages({
  deps,
  userId,
  agent,
  history,
  question,
  includeShared = true,
  known,
}: {
  deps: Deps;
  userId: string;
  agent: ChatAgent;
  history: readonly HistoryTurn[];
  question: string;
  includeShared?: boolean;
  /** The user's embedder and the agent's re-ranker, when the caller read them already (a chat turn's reads). */
  known?: Pick<KnownTurnReads, "embedder" | "rerankerId"> | undefined;
}): Promise<RetrievalResult[]> {
  const found = await searchAsAgent({
    deps,
    userId,
    agentKey: agent.retrievalAgentId,
    query: contextualQuery(history, question),
    topK: agent.settings.topK,
    includeShared,
    known,
  });
  return found.results;
}

export type GroundedAnswer = {
  /** The answer with its markers validated (a marker to no source removed). */
  content: string;
  /** Every retrieved passage, numbered as its marker, flagged when the answer cites it. */
  sources: ChatSource[];
  status: MessageStatus;
  model: string;
  promptTokens: number | null;
  completionTokens: number | null;
  /** The provider's failure when status is failed (content then holds what was written before it). */
  failure?: ChatModelError;
  /** Why the answer says what it says ("Why this answer?"): the responder's, or one built from a model's citations. */
  trace: AnswerTrace | null;
  /** "length" when the API caller's token limit cut the answer, "tool_calls" when the model called the caller's tools. */
  finishReason: FinishReason;
  /** The API caller's tools the model called (chat completions' tools), if any. */
  toolCalls?: ToolCall[];
  /** Choices 2..n when the API caller asked for several, their markers validated as the answer's. */
  otherChoices?: AnswerChoice[];
};

/** The trace of a chat model's answer: what it was given and which passages it cited (its reasoning is its own). */
function modelTrace(passages: readonly GroundingPassage[], cited: ReadonlySet<number>): AnswerTrace {
  return {
    responder: "model",
    outcome: passages.length === 0 ? "no-passages" : cited.size > 0 ? "answered" : "abstained",
    answerType: null,
    questionLanguage: null,
    terms: [],
    passages: passages.map((passage) => ({
      number: passage.number,
      documentName: passage.documentName,
      relevance: Math.round(passage.relevance * 1000) / 1000,
      score: Math.round(passage.relevance * 1000) / 1000,
      answers: cited.has(passage.number),
      bestUnit: null,
    })),
    chosen: [],
    shortAnswer: null,
    abstention: null,
  };
}

/**
 * The model an agent's answer asks for: its own setting; else, with a chat model configured, the model its last
 * OpenAI fine-tuning job made (issue 22); else the installation's default (null).
 */
async function answeringModel(
  deps: Deps,
  userId: string,
  agent: ChatAgent,
  fineTunedModel: string | null | undefined,
): Promise<string | null> {
  if (agent.settings.model !== null || deps.config.chat.provider !== "openai") return agent.settings.model;
  if (fineTunedModel !== undefined) return fineTunedModel;
  return fineTunedModelOf(deps.database.db, { userId, agentKey: agent.retrievalAgentId });
}

/** Answers `question` from `results` through deps.responder; a provider failure is returned, not thrown. */
export async function answerFromPassages({
  deps,
  userId,
  agent,
  history,
  question,
  results,
  signal,
  onToken,
  callerInstructions,
  generation,
  fineTunedModel,
}: {
  deps: Deps;
  /** The API caller's sampling choices (chat completions), when any. */
  generation?: Generation | undefined;
  /** The agent's fine-tuned model (null: none) when the caller read it already (a chat turn's reads). */
  fineTunedModel?: string | null | undefined;
  /** The agent's owner (whose fine-tuned model, if any, answers). */
  userId: string;
  agent: ChatAgent;
  /** The API caller's own instructions (chat completions' system messages), below the owner's prompt and the rules. */
  callerInstructions?: string | undefined;
  history: readonly HistoryTurn[];
  question: string;
  results: readonly RetrievalResult[];
  signal: AbortSignal;
  onToken?: ((text: string) => void) | undefined;
}): Promise<GroundedAnswer> {
  const passages: GroundingPassage[] = results.map((result, index) => ({
    number: index + 1,
    text: result.text,
    documentName: result.documentName,
    location: result.location,
    relevance: result.relevance ?? 0,
  }));
  let content = "";
  let status: MessageStatus = "complete";
  let failure: ChatModelError | undefined;
  let model = deps.responder.info.model;
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let trace: AnswerTrace | undefined;
  let finishReason: FinishReason = "stop";
  let toolCalls: ToolCall[] | undefined;
  let otherChoices: AnswerChoice[] | undefined;
  try {
    const answer = await deps.responder.answer({
      systemPrompt: agent.settings.systemPrompt,
      ...(callerInstructions ? { callerInstructions } : {}),
      history,
      question,
      passages,
      model: await answeringModel(deps, userId, agent, fineTunedModel),
      temperature: agent.settings.temperature,
      generation,
      signal,
      onToken: (text) => onToken?.(text),
    });
    content = answer.content;
    model = answer.model;
    promptTokens = answer.promptTokens;
    completionTokens = answer.completionTokens;
    trace = answer.trace;
    finishReason = answer.finishReason ?? "stop";
    toolCalls = answer.toolCalls;
    otherChoices = answer.otherChoices;
    if (answer.stopped) status = "stopped";
  } catch (error) {
    if (!(error instanceof ChatModelError)) throw error;
    failure = error;
    content = error.options.partial ?? "";
    status = "failed";
  }
  // The built-in responder quotes as written: a bracketed number inside a quote ("items[0]") is the text's own.
  // A structured answer (the caller's JSON) is passed on verbatim: "[3]" there is data, not a marker.
  const validate = (text: string) =>
    asksForStructuredAnswer(generation)
      ? { content: text, cited: [] }
      : validateCitations(text, passages.length, { keepUnknown: deps.responder.info.provider === "offline" });
  const validated = validate(content);
  const others = otherChoices?.map((choice) => ({ ...choice, ...validate(choice.content) }));
  const cited = new Set([...validated.cited, ...(others ?? []).flatMap((choice) => choice.cited)]);
  const sources: ChatSource[] = results.map((result, index) => ({
    number: index + 1,
    chunkId: result.chunkId,
    documentId: result.documentId,
    documentName: result.documentName,
    location: result.location,
    excerpt: result.text.slice(0, EXCERPT_CHARS),
    score: result.score,
    relevance: result.relevance ?? 0,
    cited: cited.has(index + 1),
  }));
  return {
    content: validated.content,
    sources,
    status,
    model,
    promptTokens,
    completionTokens,
    ...(failure ? { failure } : {}),
    trace: trace ?? modelTrace(passages, cited),
    finishReason,
    ...(toolCalls ? { toolCalls } : {}),
    ...(others
      ? {
          otherChoices: others.map(({ content, toolCalls, finishReason }) => ({
            content,
            toolCalls,
            finishReason,
          })),
        }
      : {}),
  };
}
