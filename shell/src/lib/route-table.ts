// The route table of spec section 2: which remote module renders each path, and what a signed-out visitor sees.
// Only types come from the federation runtime here, so the signed-out bundle that classifies paths stays small.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import type { RemoteTarget } from "@acp/federation/remote-component";
import { agentWizardPath, type ExposedModule, PAGE_PATHS, type RemoteName } from "@acp/federation/remotes";

/** Receives a route's remote module with its props, typed for that very module (render it, preload it…). */
export type RemoteTargetVisitor<T> = <R extends RemoteName, M extends ExposedModule<R>>(
  target: RemoteTarget<R, M>,
) => T;

export type RemoteRoute = {
  path: string;
  /** Shown in the top bar next to the sidebar trigger and in the document title. */
  label: string;
  remote: RemoteName;
  /** Hands the route's remote module, checked against its declared props, to `visit`. */
  use: <T>(visit: RemoteTargetVisitor<T>) => T;
};

function route<R extends RemoteName, M extends ExposedModule<R>>(
  path: string,
  label: string,
  target: RemoteTarget<R, M>,
): RemoteRoute {
  return { path, label, remote: target.remote, use: (visit) => visit(target) };
}

export const DASHBOARD_PATH = PAGE_PATHS.dashboard;

export const REMOTE_ROUTES: readonly RemoteRoute[] = [
  route(PAGE_PATHS.dashboard, "Dashboard", { remote: "mf-dashboard", module: "./DashboardPage" }),
  route(PAGE_PATHS.agents, "AI Agent Management", { remote: "mf-agents", module: "./AgentManagementPage" }),
  route(PAGE_PATHS.agentManagement, "AI Agent Management", {
    remote: "mf-agents",
    module: "./AgentManagementPage",
  }),
  route(PAGE_PATHS.knowledge, "Knowledge Base", { remote: "mf-knowledge", module: "./KnowledgePage" }),
  route(PAGE_PATHS.training, "Model Training", { remote: "mf-training", module: "./TrainingPage" }),
  route(PAGE_PATHS.apiManagement, "API Management", { remote: "mf-api", module: "./ApiManagementPage" }),
  ...BUILT_IN_AGENTS.map((agent) =>
    route(agentWizardPath(agent.id), agent.name, {
      remote: "mf-agents",
      module: "./AgentWizardPage",
      props: { agentType: agent.id },
    }),
  ),
];

export { agentWizardPath };

/** "/knowledge/" and "/knowledge" are the same page, as React Router matches them. */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, "") || "/" : pathname;
}

export function findRemoteRoute(pathname: string): RemoteRoute | undefined {
  const path = normalizePath(pathname);
  return REMOTE_ROUTES.find((entry) => entry.path === path);
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
