// The one mapping from a built-in agent (packages/contracts) and the user's settings row to a BuiltInAgentState.

import { BUILT_IN_AGENTS, type BuiltInAgent, findBuiltInAgent } from "@acp/contracts/agents";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K } from "@acp/contracts/constants";
import type { builtInAgentSettings } from "../../db/schema";
import { AppError } from "../../lib/app-error";

type BuiltInAgentSettingsRow = typeof builtInAgentSettings.$inferSelect;

/** Without a row the agent is on only if the product ships it active (gtm), and uses its defaults. */
export function enabledByDefault(agent: BuiltInAgent): boolean {
  return agent.status === "active";
}

export function toBuiltInAgentState(
  agent: BuiltInAgent,
  row: BuiltInAgentSettingsRow | undefined,
): BuiltInAgentState {
  return {
    id: agent.id,
    name: agent.name,
    description: agent.description,
    status: agent.status,
    edition: agent.edition,
    features: [...agent.features],
    enabled: row?.enabled ?? enabledByDefault(agent),
    settings: {
      systemPrompt: row?.systemPrompt ?? agent.systemPrompt,
      model: row?.model ?? null,
      temperature: row?.temperature ?? AGENT_TEMPERATURE.default,
      topK: row?.topK ?? AGENT_TOP_K.default,
    },
    defaultSystemPrompt: agent.systemPrompt,
  };
}

/** The built-in agent with this id, or NOT_FOUND naming the id and the ids there are. */
export function requireBuiltInAgent(agentId: string): BuiltInAgent {
  const agent = findBuiltInAgent(agentId);
  if (!agent) {
    throw new AppError(
      "NOT_FOUND",
      `No built-in agent "${agentId}": the built-in agents are ${BUILT_IN_AGENTS.map((a) => a.id).join(", ")}`,
    );
  }
  return agent;
}
