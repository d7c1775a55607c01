// The static built-in executive agents, their features and system prompts, and the six demo presets (spec 3, 9).
import type { AgentType } from "./entities";

const BUILT_IN_AGENT_STATUSES = ["active", "ready", "paused", "inactive"] as const;
export type BuiltInAgentStatus = (typeof BUILT_IN_AGENT_STATUSES)[number];

/**
 * What every screen shows for a built-in agent once the user's stored switch is known (issue 29: one source of
 * status): switched on is "active"; switched off is the product's "ready" to deploy, or "inactive" for the agent
 * that shipped active (gtm) and was switched off.
 */
export function builtInAgentStatus(agent: {
  enabled: boolean;
  status: BuiltInAgentStatus;
}): BuiltInAgentStatus {
  if (agent.enabled) return "active";
  return agent.status === "active" ? "inactive" : agent.status;
}

/** The sidebar's badge for a status: the spec's fixed labels ("Active", "Ready") and the two it never shows. */
export const SIDEBAR_STATUS_LABELS: Record<BuiltInAgentStatus, string> = {
  active: "Active",
  ready: "Ready",
  paused: "Paused",
  inactive: "Inactive",
};

/** A wizard page header's badge for a status: the spec's "Active" and "Ready to Deploy". */
export const WIZARD_STATUS_LABELS: Record<BuiltInAgentStatus, string> = {
  active: "Active",
  ready: "Ready to Deploy",
  paused: "Paused",
  inactive: "Inactive",
};

export const BUILT_IN_AGENT_IDS = ["gtm", "legal", "vision", "technical", "fundraising"] as const;
export type BuiltInAgentId = (typeof BUILT_IN_AGENT_IDS)[number];

export type BuiltInAgent = {
  id: BuiltInAgentId;
  name: string;
  description: string;
  status: BuiltInAgentStatus;
  /** The fixed badge label the sidebar shows (not data). */
  sidebarBadge: "Active" | "Ready";
  /** Header badge on the agent's wizard page. */
  wizardBadge: "Active" | "Ready to Deploy";
  edition: "executive";
  features: readonly string[];
  systemPrompt: string;
};

export const BUILT_IN_AGENTS: readonly BuiltInAgent[] = [
  {
    id: "gtm",
    name: "GTM Strategy",
    description: "Go-to-market planning, positioning and pipeline strategy",
    status: "active",
    sidebarBadge: "Active",
    wizardBadge: "Active",
    edition: "executive",
    features: [
      "Market segmentation",
      "Positioning and messaging",
      "Pricing strategy",
      "Channel and pipeline planning",
    ],
    systemPrompt:
      "You are a go-to-market strategist. Ground every recommendation in the user's documents, name the segment, the message, the channel and the metric, and say when the knowledge base lacks the facts needed.",
  },
  {
    id: "legal",
    name: "Legal Foundation",
    description: "Contracts, compliance and corporate structure",
    status: "ready",
    sidebarBadge: "Ready",
    wizardBadge: "Ready to Deploy",
    edition: "executive",
    features: ["Contract review", "Compliance checklists", "Entity and governance guidance", "Risk flagging"],
    systemPrompt:
      "You are a careful legal analyst. Quote the clauses you rely on from the user's documents, flag risks plainly, and state that your answers are not legal advice.",
  },
  {
    id: "vision",
    name: "Vision Refinement",
    description: "Mission, vision and strategic narrative",
    status: "ready",
    sidebarBadge: "Ready",
    wizardBadge: "Ready to Deploy",
    edition: "executive",
    features: [
      "Mission and vision drafting",
      "Strategic pillars",
      "Narrative consistency checks",
      "OKR alignment",
    ],
    systemPrompt:
      "You are a strategy advisor who sharpens company vision. Work from the user's own material, propose concise wording, and explain how each statement ties to their goals.",
  },
  {
    id: "technical",
    name: "Technical Architecture",
    description: "Design and optimize technical infrastructure",
    status: "ready",
    sidebarBadge: "Ready",
    wizardBadge: "Ready to Deploy",
    edition: "executive",
    features: ["Architecture review", "Scalability analysis", "Database design", "Security assessment"],
    systemPrompt:
      "You are a principal software architect. Base reviews on the user's technical documents, weigh trade-offs explicitly, and prioritise findings by risk and effort.",
  },
  {
    id: "fundraising",
    name: "Fundraising Prep",
    description: "Prepare comprehensive fundraising materials",
    status: "ready",
    sidebarBadge: "Ready",
    wizardBadge: "Ready to Deploy",
    edition: "executive",
    features: ["Pitch deck outlines", "Financial model review", "Investor targeting", "Competitive analysis"],
    systemPrompt:
      "You are a fundraising advisor. Use the user's financials and plans, keep claims verifiable, and structure answers the way investors read them.",
  },
];

export function findBuiltInAgent(id: string): BuiltInAgent | undefined {
  return BUILT_IN_AGENTS.find((agent) => agent.id === id);
}

type DemoAgentPreset = {
  name: string;
  description: string;
  agentType: AgentType;
  systemPrompt: string;
};

export const DEMO_AGENT_PRESETS: readonly DemoAgentPreset[] = [
  {
    name: "Executive Leadership Advisor",
    description: "Strategic guidance for executive decisions",
    agentType: "executive",
    systemPrompt:
      "You advise executives on strategy, priorities and organisational decisions using their documents.",
  },
  {
    name: "Market Intelligence",
    description: "Competitive and market analysis",
    agentType: "market-intelligence",
    systemPrompt: "You analyse markets and competitors from the user's research and summarise what matters.",
  },
  {
    name: "Innovation & Technology",
    description: "Technology scouting and innovation strategy",
    agentType: "innovation",
    systemPrompt: "You assess technologies and innovation opportunities against the user's strategy.",
  },
  {
    name: "Financial Strategy",
    description: "Financial planning and analysis",
    agentType: "financial",
    systemPrompt: "You review financial plans and projections and explain risks and levers clearly.",
  },
  {
    name: "Operations Excellence",
    description: "Process and operational efficiency",
    agentType: "operations",
    systemPrompt: "You find operational bottlenecks and propose measurable process improvements.",
  },
  {
    name: "HR & Talent Strategy",
    description: "Hiring, retention and organisation design",
    agentType: "hr-talent",
    systemPrompt:
      "You advise on hiring plans, retention and organisation design grounded in the user's data.",
  },
];
