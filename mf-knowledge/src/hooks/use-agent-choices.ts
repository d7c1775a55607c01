// The agents knowledge can be given to, as every picker of this remote offers them: the built-in agents (with QA and
// Compliance) and then the user's custom agents (GET /api/custom-agents), each with its recommended categories.
import { customAgentsQueryOptions } from "@acp/client/custom-agents";
import { DATA_SOURCE_AGENTS } from "@acp/contracts/knowledge-constants";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";

export type AgentChoice = {
  id: string;
  label: string;
  /** Recommended categories: a built-in agent's own, a custom agent's those of its agent type (none for `custom`). */
  categories: readonly string[];
  kind: "built-in" | "custom";
};

const BUILT_IN: readonly AgentChoice[] = DATA_SOURCE_AGENTS.map((agent) => ({
  id: agent.id,
  label: agent.label,
  categories: agent.categories,
  kind: "built-in",
}));

function categoriesOf(agentType: string): readonly string[] {
  return DATA_SOURCE_AGENTS.find((agent) => agent.id === agentType)?.categories ?? [];
}

/** Built-in agents at once; custom agents once they are read (a failed read leaves only the built-in ones). */
export function useAgentChoices() {
  const customAgents = useQuery(customAgentsQueryOptions());
  return useMemo(() => {
    const custom = (customAgents.data ?? []).map(
      (agent): AgentChoice => ({
        id: agent.id,
        label: agent.name,
        categories: categoriesOf(agent.agentType),
        kind: "custom",
      }),
    );
    const all = [...BUILT_IN, ...custom];
    return {
      builtIn: BUILT_IN,
      custom,
      find: (id: string | undefined) => (id === undefined ? undefined : all.find((agent) => agent.id === id)),
    };
  }, [customAgents.data]);
}
