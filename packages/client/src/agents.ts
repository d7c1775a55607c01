// Built-in agents with the signed-in user's switch and settings (GET, PATCH /api/agents) and any agent's usage
// analytics (GET /api/agents/{agentKey}/analytics: a built-in agent's id or a custom agent's id).
import type { AgentAnalytics, BuiltInAgentState, UpdateBuiltInAgent } from "@acp/contracts/chat";
import { mutationOptions, queryOptions } from "@tanstack/react-query";
import { getJson, requestJson } from "./request";

export const BUILT_IN_AGENTS_URL = "/api/agents";

export const builtInAgentKeys = {
  all: ["agents"] as const,
  list: () => ["agents", {}] as const,
};

/** Analytics live under their own root: refetching the agent list does not refetch every agent's usage. */
export const agentAnalyticsKeys = {
  all: ["agent-analytics"] as const,
  detail: (agentKey: string) => ["agent-analytics", agentKey] as const,
};

function agentUrl(id: string): string {
  return `${BUILT_IN_AGENTS_URL}/${encodeURIComponent(id)}`;
}

export function builtInAgentsQueryOptions() {
  return queryOptions({
    queryKey: builtInAgentKeys.list(),
    queryFn: ({ signal }) => getJson<BuiltInAgentState[]>(BUILT_IN_AGENTS_URL, { signal }),
  });
}

/** The agent's id and the fields to change; `systemPrompt: null` restores the agent's default prompt. */
export type UpdateBuiltInAgentInput = { id: string } & Omit<UpdateBuiltInAgent, "systemPrompt"> & {
    systemPrompt?: string | null;
  };

/** PATCH /api/agents/{id}: switches the agent on or off or changes its settings; the list refetches. */
export function updateBuiltInAgentMutationOptions() {
  return mutationOptions({
    mutationKey: [...builtInAgentKeys.all, "update"],
    mutationFn: ({ id, ...patch }: UpdateBuiltInAgentInput) =>
      requestJson<BuiltInAgentState>("PATCH", agentUrl(id), patch),
    onSuccess: (_agent, _input, _result, { client }) =>
      client.invalidateQueries({ queryKey: builtInAgentKeys.list() }),
  });
}

export function agentAnalyticsQueryOptions(agentKey: string) {
  return queryOptions({
    queryKey: agentAnalyticsKeys.detail(agentKey),
    queryFn: ({ signal }) => getJson<AgentAnalytics>(`${agentUrl(agentKey)}/analytics`, { signal }),
    // Usage moves with every chat: read it again whenever it is shown instead of keeping the first answer.
    staleTime: 0,
  });
}
