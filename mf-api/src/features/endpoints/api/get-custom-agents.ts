// GET /api/custom-agents: the user's custom agents; this remote reads their public endpoints.
import { getQueryFn } from "@acp/client/request";
import type { CustomAgent } from "@acp/contracts/entities";
import { queryOptions, useQuery } from "@tanstack/react-query";

export const CUSTOM_AGENTS_URL = "/api/custom-agents";

export function getCustomAgentsQueryOptions() {
  return queryOptions({
    queryKey: [CUSTOM_AGENTS_URL],
    queryFn: getQueryFn<CustomAgent[]>({ on401: "throw" }),
  });
}

export function useCustomAgents() {
  return useQuery(getCustomAgentsQueryOptions());
}
