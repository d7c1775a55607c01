// One turn of a grounded chat (DESIGN 6): store the question, retrieve from the agent's knowledge with the
// conversation's context, answer through the responder (streamed), validate its citations, store the answer.
import type { ChatMessage, ChatResponse } from "@acp/contracts/chat";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { conversations, messages } from "../../db/schema";
import type { Deps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { ShutdownError } from "../../lib/open-streams";
import type { ChatModelError } from "../../providers/chat-model/responder";
import { toMessageResponse } from "../conversations/message-response";
import { type ChatTurnReads, readChatTurn } from "./chat-turn-reads";
import { answerFromPassages, retrievePassages } from "./grounded-answer";

type ChatTurnInput = {
  deps: Deps;
  userId: string;
  conversationId: string;
  message: string;
  /** Aborted when the client stops or goes away (or the server shuts down): the partial answer is stored, stopped. */
  signal: AbortSignal;
  /** The turn's reads (readChatTurn) when the caller has made them already (ownership checked). */
  reads?: ChatTurnReads;
  /** When the request arrived (performance.now()), for the answer's latency. */
  arrivedAt?: number;
  /** The stored question, before retrieval starts. */
  onStart?: (userMessage: ChatMessage) => void;
  onToken?: (text: string) => void;
};

/**
 * Runs one turn and returns both stored messages. A provider failure is stored too (status failed, its reason in
 * `error`, with whatever was written before it) and returned, not thrown: the caller decides how to tell the client.
 */
export async function sendChatMessage(
  input: ChatTurnInput,
): Promise<ChatResponse & { failure?: ChatModelError }> {
  const { deps, userId, conversationId, message, signal } = input;
  const arrivedAt = input.arrivedAt ?? performance.now();
  const { db } = deps.database;
  // One statement reads the conversation, its history, the agent and what retrieval and the answer need of the
  // user; then the question is stored while the knowledge is searched: the model's first token waits for no
  // statement another could overlap.
  const { history, agent, known } = input.reads ?? (await readChatTurn({ db, userId, conversationId }));
  if (!agent) throw new AppError("NOT_FOUND", "Custom agent not found");
  const storing = storeQuestion(deps, userId, conversationId, message).then((userMessage) => {
    input.onStart?.(userMessage);
    return userMessage;
  });
  const retrieving = retrievePassages({ deps, userId, agent, history, question: message, known });
  // Both settle before either failure is reported, so nothing runs on unobserved.
  const [stored, retrieved] = await Promise.allSettled([storing, retrieving]);
  if (stored.status === "rejected") throw stored.reason;
  if (retrieved.status === "rejected") throw retrieved.reason;
  const userMessage = stored.value;
  const results = retrieved.value;
  const answer = await answerFromPassages({
    deps,
    userId,
    agent,
    history,
    question: message,
    results,
    signal,
    onToken: input.onToken,
    fineTunedModel: known.fineTunedModel,
  });
  const { failure } = answer;
  // Stopped by a shutdown rather than by the user: stored as interrupted, saying why.
  const shutDown = answer.status === "stopped" && signal.reason instanceof ShutdownError;
  const status = shutDown ? "interrupted" : answer.status;
  const answerRow = await insertMessage(deps, conversationId, () =>
    insertAnswer(db).execute({
      id: crypto.randomUUID(),
      conversationId,
      content: answer.content,
      sources: answer.sources,
      status,
      model: answer.model,
      promptTokens: answer.promptTokens,
      completionTokens: answer.completionTokens,
      trace: answer.trace,
      error: failure?.message ?? stoppedError(status),
      latencyMs: Math.round(performance.now() - arrivedAt),
    }),
  );
  return { userMessage, message: toMessageResponse(answerRow), ...(failure ? { failure } : {}) };
}

/** What a stopped or interrupted answer says about itself. */
function stoppedError(status: ChatMessage["status"]): string | null {
  if (status === "interrupted") return SHUTDOWN_ERROR;
  return status === "stopped" ? "Stopped before the answer was finished." : null;
}

/** The server began shutting down (a restart or a deploy) while this answer was being written. */
export const SHUTDOWN_ERROR = "The server restarted before this answer was finished. Ask again in a moment.";

/**
 * Stores the user's question and marks the conversation as the most recently used, in one statement: the touch is
 * a data-modifying CTE of the insert (PostgreSQL runs it whether or not the insert reads it), prepared once per
 * database handle. The id is a parameter: a prepared statement would otherwise carry the id it was built with.
 */
const insertQuestion = (db: Db) =>
  preparedStatement(db, "chat_question_insert", () => {
    const touched = db.$with("touched", { id: conversations.id }).as(
      db
        .update(conversations)
        .set({ updatedAt: sql`${sql.placeholder("now")}::timestamptz` })
        .where(
          and(
            eq(conversations.id, sql.placeholder("conversationId")),
            eq(conversations.userId, sql.placeholder("userId")),
          ),
        )
        .returning({ id: conversations.id })
        .getSQL(),
    );
    return db
      .with(touched)
      .insert(messages)
      .values({
        id: sql.placeholder("id"),
        conversationId: sql.placeholder("conversationId"),
        role: "user",
        content: sql.placeholder("content"),
      })
      .returning()
      .prepare("chat_question_insert");
  });

/** An answer of the turn, every column given (the id included, see insertQuestion): prepared once per handle. */
const insertAnswer = (db: Db) =>
  preparedStatement(db, "chat_answer_insert", () =>
    db
      .insert(messages)
      .values({
        id: sql.placeholder("id"),
        conversationId: sql.placeholder("conversationId"),
        role: "assistant",
        content: sql.placeholder("content"),
        sources: sql.placeholder("sources"),
        status: sql.placeholder("status"),
        model: sql.placeholder("model"),
        promptTokens: sql.placeholder("promptTokens"),
        completionTokens: sql.placeholder("completionTokens"),
        error: sql.placeholder("error"),
        latencyMs: sql.placeholder("latencyMs"),
        trace: sql.placeholder("trace"),
      })
      .returning()
      .prepare("chat_answer_insert"),
  );

async function storeQuestion(
  deps: Deps,
  userId: string,
  conversationId: string,
  message: string,
): Promise<ChatMessage> {
  const { db } = deps.database;
  const row = await insertMessage(deps, conversationId, () =>
    insertQuestion(db).execute({
      id: crypto.randomUUID(),
      conversationId,
      userId,
      content: message,
      now: new Date().toISOString(),
    }),
  );
  return toMessageResponse(row);
}

/** What a turn says when its conversation went away while it was answered (deleted, or with its agent). */
export const CONVERSATION_DELETED = "This conversation was deleted while it was being answered.";

/**
 * Stores one message of the turn (`insert` returns its row). The conversation may be deleted meanwhile (by the user
 * in another tab, or with its custom agent): the insert then fails on the foreign key, which is the user's doing, not
 * a server failure, so it ends the turn as NOT_FOUND. Nothing of the turn stays: the question went with the
 * conversation (cascade).
 */
async function insertMessage(
  deps: Deps,
  conversationId: string,
  insert: () => Promise<(typeof messages.$inferSelect)[]>,
): Promise<typeof messages.$inferSelect> {
  const { db } = deps.database;
  let row: typeof messages.$inferSelect | undefined;
  try {
    [row] = await insert();
  } catch (error) {
    const [still] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!still) throw new AppError("NOT_FOUND", CONVERSATION_DELETED, { cause: error });
    throw error;
  }
  if (!row) throw new AppError("INTERNAL_ERROR", "The message was not stored");
  return row;
}

/**
 * The HTTP answer for a provider failure when the client asked for JSON (the chat shows the stored message; the
 * public API stores none).
 */
export function chatFailureError(failure: ChatModelError, stored?: ChatMessage): AppError {
  const details = stored ? { kind: failure.kind, message: stored } : { kind: failure.kind };
  switch (failure.kind) {
    case "rate-limited":
      return new AppError("RATE_LIMITED", failure.message, {
        details,
        headers:
          failure.options.retryAfterSeconds !== undefined
            ? { "Retry-After": String(Math.ceil(failure.options.retryAfterSeconds)) }
            : {},
      });
    case "timeout":
      return new AppError("CHAT_MODEL_TIMEOUT", failure.message, { details });
    case "unavailable":
      return new AppError("SERVICE_UNAVAILABLE", failure.message, { details });
    case "context-too-long":
      return new AppError("CONTEXT_LENGTH_EXCEEDED", failure.message, { details });
    default:
      return new AppError("CHAT_MODEL_ERROR", failure.message, { details });
  }
}
