// The agents a key can be limited to: the five built-in agents (by type) and the user's custom agents (by id, from
// GET /api/custom-agents), with a name for each id so a key's scope reads as names.
import { customAgentsQueryOptions } from "@acp/client/custom-agents";
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

export type AgentChoice = { id: string; name: string; kind: "built-in" | "custom" };

export function useAgentChoices() {
  const customAgents = useQuery(customAgentsQueryOptions());
  const choices = useMemo<AgentChoice[]>(
    () => [
      ...BUILT_IN_AGENTS.map((agent): AgentChoice => ({ id: agent.id, name: agent.name, kind: "built-in" })),
      ...(customAgents.data ?? []).map(
        (agent): AgentChoice => ({ id: agent.id, name: agent.name, kind: "custom" }),
      ),
    ],
    [customAgents.data],
  );
  const names = useMemo(() => new Map(choices.map((choice) => [choice.id, choice.name])), [choices]);
  return { choices, names, customAgents };
}
