// The user's custom agents with their settings (GET /api/custom-agents), read again every few seconds while one of
// them is training so its status moves on screen as the server moves it.
import { CUSTOM_AGENTS_URL, customAgentKeys } from "@acp/client/custom-agents";
import { getJson } from "@acp/client/request";
import type { CustomAgentDetail } from "@acp/contracts/chat";
import { queryOptions, useQuery } from "@tanstack/react-query";

/** How often the list is read while an agent trains. */
export const TRAINING_POLL_MS = 2_000;

export function getCustomAgents(options: { signal?: AbortSignal } = {}): Promise<CustomAgentDetail[]> {
  return getJson<CustomAgentDetail[]>(CUSTOM_AGENTS_URL, options);
}

export function customAgentsQueryOptions() {
  return queryOptions({
    queryKey: customAgentKeys.list(),
    queryFn: ({ signal }) => getCustomAgents({ signal }),
    refetchInterval: (query) =>
      query.state.data?.some((agent) => agent.trainingStatus === "training") ? TRAINING_POLL_MS : false,
  });
}

export function useCustomAgents() {
  return useQuery(customAgentsQueryOptions());
}
