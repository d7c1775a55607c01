// What the screens show for a built-in agent: the user's switch decides "active"; a switched-off agent is "ready"
// to deploy, or "inactive" when it is the one that started active (gtm) and was switched off.
import type { BuiltInAgentStatus } from "@acp/contracts/agents";
import type { BuiltInAgentState } from "@acp/contracts/chat";

export function displayStatus(agent: Pick<BuiltInAgentState, "enabled" | "status">): BuiltInAgentStatus {
  if (agent.enabled) return "active";
  return agent.status === "active" ? "inactive" : agent.status;
}
