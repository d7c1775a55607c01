// The sidebar's entries exactly as spec section 2 lists them. The agent badges start as the spec's fixed labels and
// show the user's stored status once it is read (issue 29: one source of status on every screen).
import {
  BUILT_IN_AGENTS,
  type BuiltInAgentId,
  type BuiltInAgentStatus,
  builtInAgentStatus,
  SIDEBAR_STATUS_LABELS,
} from "@acp/contracts/agents";
import { AgentIcon } from "@acp/ui/components/agent-icon";
import { BrainCircuit, Database, KeyRound, LayoutDashboard, type LucideProps } from "lucide-react";
import type { ComponentType } from "react";
import { agentWizardPath, DASHBOARD_PATH, normalizePath } from "../../lib/route-table";

export type NavItem = {
  label: string;
  to: string;
  icon: ComponentType<LucideProps>;
  badge?: string;
  /** The built-in agent the entry opens, whose stored status replaces the fixed badge. */
  agentId?: BuiltInAgentId;
};
export type NavGroup = { label: string; items: readonly NavItem[] };

export const SIDEBAR_TITLE = "Agent Control Panel";

export const DASHBOARD_ITEM: NavItem = { label: "Dashboard", to: DASHBOARD_PATH, icon: LayoutDashboard };

export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: "AI Agents",
    items: BUILT_IN_AGENTS.map((agent) => ({
      label: agent.name,
      to: agentWizardPath(agent.id),
      icon: (props: LucideProps) => <AgentIcon agentId={agent.id} {...props} />,
      badge: agent.sidebarBadge,
      agentId: agent.id,
    })),
  },
  {
    label: "Management",
    items: [
      { label: "Knowledge Base", to: "/knowledge", icon: Database },
      { label: "Model Training", to: "/training", icon: BrainCircuit },
      { label: "API Management", to: "/api-management", icon: KeyRound },
    ],
  },
];

export function isCurrentPath(item: NavItem, pathname: string): boolean {
  return normalizePath(pathname) === item.to;
}

/** The name the sidebar footer shows: first name (default "User") and last name. */
export function displayName(user: { firstName: string | null; lastName: string | null } | null): string {
  const first = user?.firstName?.trim() || "User";
  const last = user?.lastName?.trim() ?? "";
  return last ? `${first} ${last}` : first;
}

/** The badge an entry shows: the agent's stored status when it is known, the fixed label otherwise. */
export function navBadge(
  item: NavItem,
  states: readonly { id: string; enabled: boolean; status: BuiltInAgentStatus }[] | undefined,
): string | undefined {
  const state = item.agentId ? states?.find((agent) => agent.id === item.agentId) : undefined;
  return state ? SIDEBAR_STATUS_LABELS[builtInAgentStatus(state)] : item.badge;
}
