// The five executive agents with the signed-in user's switch and settings (GET /api/agents).
import { builtInAgentsQueryOptions } from "@acp/client/agents";
import { useQuery } from "@tanstack/react-query";

export function useBuiltInAgents() {
  return useQuery(builtInAgentsQueryOptions());
}
