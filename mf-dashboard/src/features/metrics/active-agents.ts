// The "Active Agents" figure: the agents that are really on for the user (GET /api/dashboard/metrics counts the
// built-in agents switched on and the public custom agents), out of the spec's displayed maximum of 7.
import { ACTIVE_AGENTS_MAXIMUM_DISPLAYED } from "@acp/contracts/constants";

/** A missing count shows as 0 (spec section 3); more than 7 agents on shows as 7/7, the strip's scale. */
export function activeAgentsLabel(activeAgents: number | undefined): string {
  const shown = Math.min(activeAgents ?? 0, ACTIVE_AGENTS_MAXIMUM_DISPLAYED);
  return `${shown}/${ACTIVE_AGENTS_MAXIMUM_DISPLAYED}`;
}
