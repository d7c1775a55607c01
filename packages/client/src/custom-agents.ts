// Custom agents (spec section 3 and 7): the list. Creating, deleting and training agents come back with their API
// routes (the contract test refuses calls the API does not document).
import type { CustomAgent } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getJson } from "./request";

export const CUSTOM_AGENTS_URL = "/api/custom-agents";

export const customAgentKeys = {
  all: ["custom-agents"] as const,
  list: () => ["custom-agents", {}] as const,
};

export function customAgentsQueryOptions() {
  return queryOptions({
    queryKey: customAgentKeys.list(),
    queryFn: ({ signal }) => getJson<CustomAgent[]>(CUSTOM_AGENTS_URL, { signal }),
  });
}

export function useCustomAgents() {
  return useQuery(customAgentsQueryOptions());
}
