// Everything a chat turn reads before it answers, in one statement: the conversation (ownership checked), its recent
// history, the agent that answers (the user's built-in settings, or the custom agent), what training left that agent
// (its re-ranker's row, its fine-tuned model) and the user's active embedder. All are keyed by the user and the
// conversation, so one indexed statement replaces a statement each (and the protocol work and system call each cost).
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { builtInAgentSettings, conversations, customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { HistoryTurn } from "../../providers/chat-model/responder";
import type { ConversationRow } from "../conversations/conversation-response";
import { builtInChatAgentWith, type ChatAgent, customChatAgent } from "./resolve-chat-agent";

/** Earlier messages read for the history (the responder trims them further to its model's context, by tokens). */
export const HISTORY_MESSAGES = 40;

/** What retrieval and the answer would otherwise read themselves (see retrievePassages and answerFromPassages). */
export type KnownTurnReads = {
  /** user_embedders.active, or null when the user has no row yet (the configured embedder is then used). */
  embedder: string | null;
  /** The id of the agent's trained re-ranker row, or null without one. */
  rerankerId: string | null;
  /** The agent's fine-tuned chat model, or null. */
  fineTunedModel: string | null;
};

export type ChatTurnReads = {
  conversation: ConversationRow;
  /** The conversation's recent turns, oldest first; failed answers and empty messages left out. */
  history: HistoryTurn[];
  /** The agent that answers; undefined when the conversation's custom agent is gone (the turn then fails). */
  agent: ChatAgent | undefined;
  known: KnownTurnReads;
};

/**
 * The turn's reads as one prepared statement (once per database handle). The agent key is the conversation's custom
 * agent, else its agent type: what ChatAgent.retrievalAgentId names. History is aggregated newest first as the old
 * read did (the last HISTORY_MESSAGES), then put oldest first.
 */
const turnReads = (db: Db) =>
  preparedStatement(db, "chat_turn_reads", () =>
    db
      .select({
        conversation: conversations,
        // Only what the agent is made of: each column read is parsed on the event loop. A joined object's first
        // column must be NOT NULL: drizzle takes the object for a missing row when its first column is null.
        settings: {
          temperature: builtInAgentSettings.temperature,
          topK: builtInAgentSettings.topK,
          systemPrompt: builtInAgentSettings.systemPrompt,
          model: builtInAgentSettings.model,
        },
        custom: {
          id: customAgents.id,
          name: customAgents.name,
          systemPrompt: customAgents.systemPrompt,
          model: customAgents.model,
          temperature: customAgents.temperature,
          topK: customAgents.topK,
        },
        history: sql<unknown>`(
          select coalesce(json_agg(json_build_object('role', h.role, 'content', h.content)
            order by h.created_at, h.id), '[]'::json)
          from (
            select m.role, m.content, m.created_at, m.id from messages m
            where m.conversation_id = ${conversations.id} and m.status <> 'failed'
            order by m.created_at desc, m.id desc limit ${sql.raw(String(HISTORY_MESSAGES))}
          ) h)`,
        rerankerId: sql<string | null>`(
          select t.id from agent_trained_models t
          where t.user_id = ${conversations.userId}
            and t.agent_key = coalesce(${conversations.customAgentId}, ${conversations.agentType})
            and t.kind = 'reranker')`,
        fineTunedModel: sql<string | null>`(
          select t.model_id from agent_trained_models t
          where t.user_id = ${conversations.userId}
            and t.agent_key = coalesce(${conversations.customAgentId}, ${conversations.agentType})
            and t.kind = 'fine-tuned-chat')`,
        embedder: sql<string | null>`(
          select e.active from user_embedders e where e.user_id = ${conversations.userId})`,
      })
      .from(conversations)
      .leftJoin(
        builtInAgentSettings,
        and(
          eq(builtInAgentSettings.userId, conversations.userId),
          eq(builtInAgentSettings.agentId, conversations.agentType),
        ),
      )
      .leftJoin(
        customAgents,
        and(eq(customAgents.id, conversations.customAgentId), eq(customAgents.userId, conversations.userId)),
      )
      .where(
        and(
          eq(conversations.id, sql.placeholder("conversationId")),
          eq(conversations.userId, sql.placeholder("userId")),
        ),
      )
      .prepare("chat_turn_reads"),
  );

/** The history column: json, which a driver may hand back parsed or as text. */
function historyFrom(value: unknown): HistoryTurn[] {
  const rows = (typeof value === "string" ? JSON.parse(value) : (value ?? [])) as HistoryTurn[];
  return rows.filter((row) => row.content.trim() !== "");
}

/** The turn's reads; another user's conversation is NOT_FOUND, exactly like one that does not exist. */
export async function readChatTurn({
  db,
  userId,
  conversationId,
}: {
  db: Db;
  userId: string;
  conversationId: string;
}): Promise<ChatTurnReads> {
  const [row] = await turnReads(db).execute({ conversationId, userId });
  if (!row) throw new AppError("NOT_FOUND", "Conversation not found");
  const { conversation } = row;
  const agent = conversation.customAgentId
    ? row.custom
      ? customChatAgent(row.custom)
      : undefined
    : builtInChatAgentWith(conversation.agentType, row.settings ?? undefined);
  return {
    conversation,
    history: historyFrom(row.history),
    agent,
    known: { embedder: row.embedder, rerankerId: row.rerankerId, fineTunedModel: row.fineTunedModel },
  };
}
