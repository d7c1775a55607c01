// "Executive AI Command Center" (spec section 2): the header and five tabs whose widgets come from the remotes that
// own them, loaded through federation at run time, each in its own boundary. The tab is kept in the URL; the other
// tabs' remotes are preloaded when the browser is idle.

import { Tabs, TabsContent, TabsList, TabsTrigger } from "@acp/ui/components/tabs";
import { Bot, BrainCircuit, Database, KeyRound } from "lucide-react";
import type { ReactNode } from "react";
import { MetricsStrip } from "../features/metrics/components/metrics-strip";
import { DashboardHeader } from "../features/overview/components/dashboard-header";
import { DASHBOARD_TABS, type DashboardTab } from "../features/tabs/dashboard-tabs";
import { useDashboardTab } from "../features/tabs/use-dashboard-tab";
import { usePreloadOnIntent, usePreloadTabsWhenIdle } from "../features/tabs/use-preload-tabs";
import { Widget } from "../features/widgets/widget";

const QUICK_ACTIONS: { label: string; description: string; tab: DashboardTab; icon: typeof Bot }[] = [
  { label: "Manage Agents", description: "Deploy and configure agents", tab: "agents", icon: Bot },
  { label: "Add Knowledge", description: "Upload documents and text", tab: "knowledge", icon: Database },
  { label: "Train Models", description: "Fine-tune on your data", tab: "training", icon: BrainCircuit },
  { label: "API & Settings", description: "Keys and public endpoints", tab: "management", icon: KeyRound },
];

// The two widgets two tabs show (Knowledge and Overview; Knowledge and Training).
const VECTOR_DATABASE = (
  <Widget
    title="Vector database"
    height="16rem"
    target={{ remote: "mf-knowledge", module: "./VectorDatabaseCard" }}
  />
);
const DATA_SOURCES = (
  <Widget
    title="Agent data sources"
    height="20rem"
    target={{ remote: "mf-knowledge", module: "./DataSources" }}
  />
);

/** Two widgets side by side from 1280 px, two thirds and one third; stacked below. */
function WideAndNarrow({ wide, narrow }: { wide: ReactNode; narrow: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-6 xl:grid-cols-3">
      <div className="min-w-0 xl:col-span-2">{wide}</div>
      {narrow}
    </div>
  );
}

function TabTrigger({ value, label }: { value: DashboardTab; label: string }) {
  const intent = usePreloadOnIntent(value);
  return (
    <TabsTrigger value={value} className="h-8 sm:h-full" {...intent}>
      {label}
    </TabsTrigger>
  );
}

function QuickActions({ onSelect }: { onSelect: (tab: DashboardTab) => void }) {
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-3">
      <h2 id="quick-actions-title" className="font-semibold text-lg">
        Quick actions
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {QUICK_ACTIONS.map((action) => (
          <QuickActionTile key={action.tab} action={action} onSelect={onSelect} />
        ))}
      </div>
    </section>
  );
}

function QuickActionTile({
  action,
  onSelect,
}: {
  action: (typeof QUICK_ACTIONS)[number];
  onSelect: (tab: DashboardTab) => void;
}) {
  const intent = usePreloadOnIntent(action.tab);
  return (
    <button
      type="button"
      onClick={() => onSelect(action.tab)}
      {...intent}
      className="group flex items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-sm outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <action.icon aria-hidden="true" className="size-5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="font-medium text-sm">{action.label}</span>
        <span className="text-muted-foreground text-xs">{action.description}</span>
      </span>
    </button>
  );
}

export function DashboardPage() {
  const [tab, setTab] = useDashboardTab();
  usePreloadTabsWhenIdle(tab);
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <DashboardHeader />
      <Tabs value={tab} onValueChange={(value) => setTab(value as DashboardTab)} className="min-w-0 gap-6">
        {/* On a phone the five tabs sit on two rows of a grid, every one in sight; one row from 640 px. */}
        <TabsList className="grid h-auto w-full grid-cols-3 gap-1 overflow-visible sm:inline-flex sm:h-9 sm:w-fit sm:gap-0">
          {DASHBOARD_TABS.map((item) => (
            <TabTrigger key={item.value} value={item.value} label={item.label} />
          ))}
        </TabsList>

        <TabsContent value="overview" className="flex min-w-0 flex-col gap-8">
          <MetricsStrip />
          <QuickActions onSelect={setTab} />
          <WideAndNarrow
            wide={
              <Widget
                title="Agent management center"
                height="28rem"
                target={{ remote: "mf-agents", module: "./AgentManagementCenter" }}
              />
            }
            narrow={VECTOR_DATABASE}
          />
          <Widget
            title="Go-to-market chat"
            height="600px"
            target={{ remote: "mf-agents", module: "./ChatCard", props: { agentType: "gtm" } }}
          />
        </TabsContent>

        <TabsContent value="agents" className="flex min-w-0 flex-col gap-6">
          <Widget
            title="Custom agents"
            height="24rem"
            target={{ remote: "mf-agents", module: "./CustomAgents" }}
          />
        </TabsContent>

        <TabsContent value="knowledge" className="flex min-w-0 flex-col gap-6">
          <WideAndNarrow
            wide={
              <Widget
                title="Document upload"
                height="24rem"
                target={{ remote: "mf-knowledge", module: "./DocumentUpload" }}
              />
            }
            narrow={VECTOR_DATABASE}
          />
          {DATA_SOURCES}
        </TabsContent>

        <TabsContent value="training" className="flex min-w-0 flex-col gap-6">
          <Widget
            title="Training pipeline"
            height="28rem"
            target={{ remote: "mf-training", module: "./TrainingJobs" }}
          />
          {DATA_SOURCES}
        </TabsContent>

        <TabsContent value="management" className="flex min-w-0 flex-col gap-6">
          <Widget title="API keys" height="20rem" target={{ remote: "mf-api", module: "./ApiKeys" }} />
          <Widget
            title="Public endpoints"
            height="10rem"
            target={{ remote: "mf-api", module: "./PublicEndpoints" }}
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
