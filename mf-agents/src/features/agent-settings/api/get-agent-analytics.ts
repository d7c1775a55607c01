// An agent's usage: conversations and messages per day and the median answer time
// (GET /api/agents/{agentKey}/analytics, a built-in agent's id or a custom agent's id), read again on each opening.
import { agentAnalyticsQueryOptions } from "@acp/client/agents";
import { useQuery } from "@tanstack/react-query";

export function useAgentAnalytics(agentKey: string) {
  return useQuery(agentAnalyticsQueryOptions(agentKey));
}
