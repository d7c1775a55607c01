// The public custom agents (GET /api/custom-agents, those with isPublic and an endpoint): what anyone may call at
// /api/v1/{apiEndpoint} without a key.
import { customAgentsQueryOptions } from "@acp/client/custom-agents";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { useQuery } from "@tanstack/react-query";

export function publicAgents(agents: readonly CustomAgentDetail[] | undefined): CustomAgentDetail[] {
  return (agents ?? []).filter((agent) => agent.isPublic && agent.apiEndpoint);
}

export function usePublicAgents() {
  const agents = useQuery(customAgentsQueryOptions());
  return { ...agents, publicAgents: publicAgents(agents.data) };
}
