// The five executive agents with the signed-in user's switch and settings (GET /api/agents).

import { getJson } from "@acp/client/request";
import type { BuiltInAgentState } from "@acp/contracts/chat";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const BUILT_IN_AGENTS_URL = "/api/agents";

export const builtInAgentKeys = {
  all: ["agents"] as const,
  list: () => ["agents", {}] as const,
};

export function getBuiltInAgents(options: { signal?: AbortSignal } = {}): Promise<BuiltInAgentState[]> {
  return getJson<BuiltInAgentState[]>(BUILT_IN_AGENTS_URL, options);
}

export function builtInAgentsQueryOptions() {
  return queryOptions({
    queryKey: builtInAgentKeys.list(),
    queryFn: ({ signal }) => getBuiltInAgents({ signal }),
  });
}

export function useBuiltInAgents() {
  return useQuery(builtInAgentsQueryOptions());
}
