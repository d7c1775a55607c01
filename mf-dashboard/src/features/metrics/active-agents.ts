// The "Active Agents" figure: built-in agents whose status is active, out of the spec's displayed maximum of 7.
import { BUILT_IN_AGENTS, type BuiltInAgent } from "@acp/contracts/agents";
import { ACTIVE_AGENTS_MAXIMUM_DISPLAYED } from "@acp/contracts/constants";

export function activeAgentsLabel(agents: readonly BuiltInAgent[] = BUILT_IN_AGENTS): string {
  const active = agents.filter((agent) => agent.status === "active").length;
  return `${active}/${ACTIVE_AGENTS_MAXIMUM_DISPLAYED}`;
}
