// One icon per built-in agent, as the shell's sidebar shows them.
import type { BuiltInAgentId } from "@acp/contracts/agents";
import { Banknote, Cpu, Eye, type LucideIcon, Scale, Target } from "lucide-react";

export const AGENT_ICONS: Record<BuiltInAgentId, LucideIcon> = {
  gtm: Target,
  legal: Scale,
  vision: Eye,
  technical: Cpu,
  fundraising: Banknote,
};
