// The words a custom agent's type reads as: a built-in agent's name for gtm, legal, ..., else a plain label.

import { findBuiltInAgent } from "@acp/contracts/agents";
import { AGENT_TYPES } from "@acp/contracts/constants";
import type { AgentType } from "@acp/contracts/entities";

const LABELS: Partial<Record<AgentType, string>> = {
  custom: "Custom",
  executive: "Executive",
  "market-intelligence": "Market Intelligence",
  innovation: "Innovation",
  financial: "Financial",
  operations: "Operations",
  "hr-talent": "HR & Talent",
};

export function agentTypeLabel(type: string): string {
  return LABELS[type as AgentType] ?? findBuiltInAgent(type)?.name ?? type;
}

/** The types the creation form offers (spec section 3); the demo presets' own types are not offered. */
export const FORM_AGENT_TYPES = AGENT_TYPES;
