// The dashboard's five tabs (spec section 2) and the remote widgets each shows, in one table: the page renders a
// tab's widgets from it and preloads the others' from it, so the two never disagree.
import { loadRemoteModule, prefetchRemote } from "@acp/federation/loader";
import type { ExposedModule, RemoteName } from "@acp/federation/remotes";

export const DASHBOARD_TABS = [
  { value: "overview", label: "Overview" },
  { value: "agents", label: "AI Agents" },
  { value: "knowledge", label: "Knowledge" },
  { value: "training", label: "Training" },
  { value: "management", label: "Management" },
] as const;

export type DashboardTab = (typeof DASHBOARD_TABS)[number]["value"];

export const DEFAULT_TAB: DashboardTab = "overview";

/** The URL's search parameter that keeps the tab: "/?tab=knowledge". Overview has none. */
export const TAB_PARAM = "tab";

export function parseTab(value: string | null): DashboardTab {
  return DASHBOARD_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_TAB;
}

type WidgetModule = {
  /** Loads the module (once: the page-wide loader caches it), settling when it has arrived or failed. */
  load: () => Promise<unknown>;
  /** Fetches the module's files into the browser cache without running them. */
  prefetch: () => Promise<void>;
};

/** One remote module of a tab, typed against what the remote declares it exposes. */
function widget<R extends RemoteName>(remote: R, module: ExposedModule<R>): WidgetModule {
  return { load: () => loadRemoteModule(remote, module), prefetch: () => prefetchRemote(remote, module) };
}

/** Every remote module a tab shows, for preloading (the page passes each its props). */
export const TAB_WIDGETS: Record<DashboardTab, readonly WidgetModule[]> = {
  overview: [
    widget("mf-agents", "./AgentManagementCenter"),
    widget("mf-knowledge", "./VectorDatabaseCard"),
    widget("mf-agents", "./ChatCard"),
  ],
  agents: [widget("mf-agents", "./CustomAgents")],
  knowledge: [
    widget("mf-knowledge", "./DocumentUpload"),
    widget("mf-knowledge", "./VectorDatabaseCard"),
    widget("mf-knowledge", "./DataSources"),
  ],
  training: [widget("mf-training", "./TrainingJobs"), widget("mf-knowledge", "./DataSources")],
  management: [widget("mf-api", "./ApiKeys"), widget("mf-api", "./PublicEndpoints")],
};
