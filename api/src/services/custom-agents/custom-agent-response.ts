// The one mapping from a custom_agents row to the CustomAgent and CustomAgentDetail the API returns.
import type { CustomAgentDetail } from "@acp/contracts/chat";
import type { CustomAgent } from "@acp/contracts/entities";
import type { customAgents } from "../../db/schema";

export type CustomAgentRow = typeof customAgents.$inferSelect;

function toCustomAgentResponse(row: CustomAgentRow): CustomAgent {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    systemPrompt: row.systemPrompt,
    agentType: row.agentType,
    isPublic: row.isPublic,
    apiEndpoint: row.apiEndpoint,
    trainingStatus: row.trainingStatus,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The spec's fields plus the agent's chat settings and why its last training failed. */
export function toCustomAgentDetail(row: CustomAgentRow): CustomAgentDetail {
  return {
    ...toCustomAgentResponse(row),
    settings: {
      systemPrompt: row.systemPrompt,
      model: row.model,
      temperature: row.temperature,
      topK: row.topK,
    },
    trainingError: row.trainingError,
  };
}
