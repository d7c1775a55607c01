// The one mapping from a custom_agents row to the CustomAgent the API returns.
import type { CustomAgent } from "@acp/contracts/entities";
import type { customAgents } from "../../db/schema";

export function toCustomAgentResponse(row: typeof customAgents.$inferSelect): CustomAgent {
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
