// The route table of spec section 2: which remote module renders each path, and what a signed-out visitor sees.
import { BUILT_IN_AGENT_IDS, type BuiltInAgentId } from "@acp/contracts/agents";
import type { ExposedModule, RemoteName } from "@acp/federation/remotes";

type RouteOf<R extends RemoteName> = {
  path: string;
  /** Shown in the top bar next to the sidebar trigger. */
  label: string;
  remote: R;
  module: ExposedModule<R>;
  props?: { agentType: BuiltInAgentId };
};

export type RemoteRoute = { [R in RemoteName]: RouteOf<R> }[RemoteName];

export const DASHBOARD_PATH = "/";

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  { path: DASHBOARD_PATH, label: "Dashboard", remote: "mf-dashboard", module: "./DashboardPage" },
  { path: "/agents", label: "AI Agent Management", remote: "mf-agents", module: "./AgentManagementPage" },
  {
    path: "/agent-management",
    label: "AI Agent Management",
    remote: "mf-agents",
    module: "./AgentManagementPage",
  },
  { path: "/knowledge", label: "Knowledge Base", remote: "mf-knowledge", module: "./KnowledgePage" },
  { path: "/training", label: "Model Training", remote: "mf-training", module: "./TrainingPage" },
  { path: "/api-management", label: "API Management", remote: "mf-api", module: "./ApiManagementPage" },
  ...BUILT_IN_AGENT_IDS.map(
    (agentType): RemoteRoute => ({
      path: agentWizardPath(agentType),
      label: "Agent Wizard",
      remote: "mf-agents",
      module: "./AgentWizardPage",
      props: { agentType },
    }),
  ),
];

export function agentWizardPath(agentType: BuiltInAgentId): string {
  return `/agent/${agentType}`;
}

/** "/knowledge/" and "/knowledge" are the same page, as React Router matches them. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

export function findRemoteRoute(pathname: string): RemoteRoute | undefined {
  const path = normalizePath(pathname);
  return REMOTE_ROUTES.find((route) => route.path === path);
}

export type SignedOutView = "landing" | "unauthorized" | "not-found";

/**
 * Spec section 2: signed out, only "/" (landing) and the 404 page exist; a management page tells the visitor they
 * are logged out and sends them to sign in.
 */
export function signedOutView(pathname: string): SignedOutView {
  const path = normalizePath(pathname);
  if (path === DASHBOARD_PATH) return "landing";
  return findRemoteRoute(path) ? "unauthorized" : "not-found";
}
