// The user's custom agents with their settings (GET /api/custom-agents), read again every few seconds while one of
// them is training so its status moves on screen as the server moves it.
import { customAgentsQueryOptions } from "@acp/client/custom-agents";
import { useQuery } from "@tanstack/react-query";

export function useCustomAgents() {
  return useQuery(customAgentsQueryOptions());
}
