// Who answers in a conversation: its custom agent, or the built-in agent its agentType names, with the user's settings.

import { findBuiltInAgent } from "@acp/contracts/agents";
import type { AgentSettings } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K } from "@acp/contracts/constants";
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge-constants";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { preparedStatement } from "../../db/prepared";
import { builtInAgentSettings, customAgents } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { ConversationRow } from "../conversations/conversation-response";

export type ChatAgent = {
  name: string;
  settings: AgentSettings;
  /** The agent id retrieval is scoped to (a built-in type, a data-source target or a custom agent's id). */
  retrievalAgentId: string;
};

/** For a conversation whose agentType names no built-in agent (e.g. QA and Compliance's data sources). */
const GENERIC_PROMPT =
  "You are a precise business assistant. Answer from the user's documents only, and say plainly when they do not hold the answer.";

const DEFAULT_SETTINGS = { model: null, temperature: AGENT_TEMPERATURE.default, topK: AGENT_TOP_K.default };

/** A custom agent as it answers: its own prompt and settings, its documents. */
export function customChatAgent(
  agent: Pick<
    typeof customAgents.$inferSelect,
    "id" | "name" | "systemPrompt" | "model" | "temperature" | "topK"
  >,
): ChatAgent {
  return {
    name: agent.name,
    settings: {
      systemPrompt: agent.systemPrompt,
      model: agent.model,
      temperature: agent.temperature,
      topK: agent.topK,
    },
    retrievalAgentId: agent.id,
  };
}

/** The user's settings of one built-in agent (read on every chat turn): prepared once per database handle. */
const ownSettings = (db: Db) =>
  preparedStatement(db, "built_in_agent_settings_of_user", () =>
    db
      .select()
      .from(builtInAgentSettings)
      .where(
        and(
          eq(builtInAgentSettings.userId, sql.placeholder("userId")),
          eq(builtInAgentSettings.agentId, sql.placeholder("agentId")),
        ),
      )
      .prepare("built_in_agent_settings_of_user"),
  );

/** A built-in agent (or a data-source target such as QA and Compliance) with the user's settings. */
export async function builtInChatAgent({
  db,
  userId,
  agentType,
}: {
  db: Db;
  userId: string;
  agentType: string;
}): Promise<ChatAgent> {
  const builtIn = findBuiltInAgent(agentType);
  if (!builtIn) return builtInChatAgentWith(agentType, undefined);
  const [own] = await ownSettings(db).execute({ userId, agentId: builtIn.id });
  return builtInChatAgentWith(agentType, own);
}

/**
 * builtInChatAgent from the user's settings row already read (`own`, keyed by the agent's id: the agent type of a
 * built-in agent), or undefined when the user has none. A type that names no built-in agent ignores it.
 */
export function builtInChatAgentWith(
  agentType: string,
  own:
    | Pick<typeof builtInAgentSettings.$inferSelect, "systemPrompt" | "model" | "temperature" | "topK">
    | undefined,
): ChatAgent {
  const builtIn = findBuiltInAgent(agentType);
  if (!builtIn) {
    const target = DATA_SOURCE_AGENTS.find((agent) => agent.id === agentType);
    return {
      name: target?.label ?? agentType,
      settings: { systemPrompt: GENERIC_PROMPT, ...DEFAULT_SETTINGS },
      retrievalAgentId: agentType,
    };
  }
  return {
    name: builtIn.name,
    settings: own
      ? {
          systemPrompt: own.systemPrompt ?? builtIn.systemPrompt,
          model: own.model,
          temperature: own.temperature,
          topK: own.topK,
        }
      : { systemPrompt: builtIn.systemPrompt, ...DEFAULT_SETTINGS },
    retrievalAgentId: builtIn.id,
  };
}

/** The agent a conversation talks to. */
export async function resolveChatAgent({
  db,
  userId,
  conversation,
}: {
  db: Db;
  userId: string;
  conversation: ConversationRow;
}): Promise<ChatAgent> {
  if (!conversation.customAgentId) return builtInChatAgent({ db, userId, agentType: conversation.agentType });
  const [agent] = await db
    .select()
    .from(customAgents)
    .where(and(eq(customAgents.id, conversation.customAgentId), eq(customAgents.userId, userId)));
  if (!agent) throw new AppError("NOT_FOUND", "Custom agent not found");
  return customChatAgent(agent);
}
