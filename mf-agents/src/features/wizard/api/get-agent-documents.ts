// One agent's documents (GET /api/documents?agent={id}): what the agent can answer from, read every 5 s like the
// knowledge lists (the spec's per-agent read treats a failure as an empty list).
import { documentsQueryOptions } from "@acp/client/knowledge/documents";
import { useQuery } from "@tanstack/react-query";

export function useAgentDocuments(agentId: string) {
  return useQuery(documentsQueryOptions({ agentId }));
}
