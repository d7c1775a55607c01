// An agent's usage: conversations and messages per day and the median answer time
// (GET /api/agents/{agentKey}/analytics, a built-in agent's id or a custom agent's id).
import { getJson } from "@acp/client/request";
import type { AgentAnalytics } from "@acp/contracts/chat";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const agentAnalyticsKeys = {
  all: ["agent-analytics"] as const,
  detail: (agentKey: string) => ["agent-analytics", agentKey] as const,
};

export function getAgentAnalytics(
  agentKey: string,
  options: { signal?: AbortSignal } = {},
): Promise<AgentAnalytics> {
  return getJson<AgentAnalytics>(`/api/agents/${encodeURIComponent(agentKey)}/analytics`, options);
}

export function agentAnalyticsQueryOptions(agentKey: string) {
  return queryOptions({
    queryKey: agentAnalyticsKeys.detail(agentKey),
    queryFn: ({ signal }) => getAgentAnalytics(agentKey, { signal }),
    // Usage moves with every chat: read it fresh each time the dialog opens instead of keeping the first answer.
    staleTime: 0,
  });
}

export function useAgentAnalytics(agentKey: string) {
  return useQuery(agentAnalyticsQueryOptions(agentKey));
}
