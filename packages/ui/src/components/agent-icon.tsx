// The icon of each built-in executive agent, the same in the sidebar, the landing page and the agent pages.
import type { BuiltInAgentId } from "@acp/contracts/agents";
import { Banknote, Cpu, Eye, type LucideIcon, type LucideProps, Scale, Target } from "lucide-react";

const AGENT_ICONS: Record<BuiltInAgentId, LucideIcon> = {
  gtm: Target,
  legal: Scale,
  vision: Eye,
  technical: Cpu,
  fundraising: Banknote,
};

export type AgentIconProps = LucideProps & { agentId: BuiltInAgentId };

/** Decorative by default (the agent's name is always next to it); pass `aria-hidden={false}` and a label otherwise. */
export function AgentIcon({ agentId, ...props }: AgentIconProps) {
  const Icon = AGENT_ICONS[agentId];
  return <Icon aria-hidden="true" data-slot="agent-icon" {...props} />;
}
