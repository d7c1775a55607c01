// One public API answer through the chat's grounding pipeline: the agent's owner's knowledge, the responder, cited sources.

import type { AnswerTrace, ChatSource } from "@acp/contracts/chat";
import type { PublicSource } from "@acp/contracts/public-api";
import type { ApiKeyRow } from "../../db/schema";
import type { Deps } from "../../deps";
import type { AppError } from "../../lib/app-error";
import type { Generation, HistoryTurn } from "../../providers/chat-model/responder";
import { chatFailureError } from "../chat/chat-service";
import { answerFromPassages, type GroundedAnswer, retrievePassages } from "../chat/grounded-answer";
import type { ChatAgent } from "../chat/resolve-chat-agent";
import type { AgentTarget } from "./agent-target";

type CallQuestion = {
  target: AgentTarget;
  /** Earlier turns (the OpenAI-compatible endpoint's messages), oldest first; none for a single question. */
  history: readonly HistoryTurn[];
  question: string;
  /**
   * Whether the owner's shared library (documents given to no agent) may answer: only for the owner's own key
   * (readsSharedLibrary). Required, so no route can forget to decide.
   */
  includeShared: boolean;
  /**
   * The caller's own instructions (chat completions' system and developer messages), if any. They never join the
   * agent's prompt: a chat model gets them after its grounding rules, marked as ranking below them.
   */
  callerInstructions?: string;
};

/** The retrieved passages of a question, before any answer is written (their failures are the request's, not the model's). */
export function retrieveForCall(deps: Deps, { target, history, question, includeShared }: CallQuestion) {
  return retrievePassages({
    deps,
    userId: target.ownerId,
    agent: target.agent,
    history,
    question,
    includeShared,
  });
}

/**
 * Whether a call may draw on the agent owner's shared library (their private documents given to no agent): only when
 * the owner calls with their own key, as in their chat. Anyone else reaching a public agent (without a key, or with
 * another account's) is answered only from the knowledge given to the agent: its documents and its type's categories.
 */
export function readsSharedLibrary(target: AgentTarget, apiKey: ApiKeyRow | undefined): boolean {
  return apiKey !== undefined && apiKey.userId === target.ownerId;
}

/**
 * Answers from passages already retrieved. A provider failure comes back in `failure` (see callFailureError); a
 * `signal` aborted by the client gone stops the model and returns what it wrote, status "stopped".
 */
export function answerCall(
  deps: Deps,
  {
    target,
    history,
    question,
    passages,
    signal,
    onToken,
    callerInstructions,
    generation,
  }: CallQuestion & {
    passages: Awaited<ReturnType<typeof retrieveForCall>>;
    signal: AbortSignal;
    onToken?: (text: string) => void;
    /** The caller's sampling choices (chat completions), when any. */
    generation?: Generation | undefined;
  },
): Promise<GroundedAnswer> {
  return answerFromPassages({
    deps,
    userId: target.ownerId,
    agent: target.agent,
    history,
    question,
    results: passages,
    signal,
    onToken,
    callerInstructions,
    generation,
  });
}

/** Retrieves and answers in one step (the JSON endpoints). */
export async function answerQuestion(
  deps: Deps,
  call: CallQuestion & { signal: AbortSignal },
): Promise<GroundedAnswer> {
  const passages = await retrieveForCall(deps, call);
  return answerCall(deps, { ...call, passages });
}

/**
 * The agent with our own instructions for this call (the gtm endpoints' task) added after its prompt, under a heading
 * that says what they are: the owner's prompt stays first and says what the agent is; what follows may only say how to
 * answer this call, and citations are still checked against the passages afterwards. Never for a caller's words:
 * those go in `callerInstructions`, below the grounding rules.
 */
export function withAddedInstructions(agent: ChatAgent, heading: string, instructions: string): ChatAgent {
  if (!instructions) return agent;
  return {
    ...agent,
    settings: {
      ...agent.settings,
      systemPrompt: `${agent.settings.systemPrompt}\n\n${heading}\n${instructions}`,
    },
  };
}

/** A provider failure as the HTTP error the chat answers with: 429 (Retry-After), 502, 503 or 504. */
export function callFailureError(answer: GroundedAnswer): AppError | undefined {
  return answer.failure ? chatFailureError(answer.failure) : undefined;
}

/** The answer's trace ("Why this answer?"), as the chat stores it; null when the responder left none. */
export function traceOf(answer: { content: string; trace?: AnswerTrace | null }): AnswerTrace | null {
  return answer.trace ?? null;
}

/** The sources the answer cites, by number, in their public shape. */
export function citedSources(sources: readonly ChatSource[]): PublicSource[] {
  return sources
    .filter((source) => source.cited)
    .map(({ number, documentName, location, excerpt }) => ({ number, documentName, location, excerpt }));
}
