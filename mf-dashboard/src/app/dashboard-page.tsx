// "Executive AI Command Center" (spec section 2): header, and five tabs; Overview holds the metrics strip and the
// quick actions. Sections that later work fills in point to the page that does the job today.

import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from "@acp/ui/components/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@acp/ui/components/tabs";
import { ArrowRight, Bot, BrainCircuit, Database, KeyRound } from "lucide-react";
import { useState } from "react";
import { MetricsStrip } from "../features/metrics/components/metrics-strip";
import { DashboardHeader } from "../features/overview/components/dashboard-header";

const TABS = [
  { value: "overview", label: "Overview" },
  { value: "agents", label: "AI Agents" },
  { value: "knowledge", label: "Knowledge" },
  { value: "training", label: "Training" },
  { value: "management", label: "Management" },
] as const;

type TabValue = (typeof TABS)[number]["value"];

const QUICK_ACTIONS: { label: string; description: string; tab: TabValue; icon: typeof Bot }[] = [
  { label: "Manage Agents", description: "Deploy and configure agents", tab: "agents", icon: Bot },
  { label: "Add Knowledge", description: "Upload documents and text", tab: "knowledge", icon: Database },
  { label: "Train Models", description: "Fine-tune on your data", tab: "training", icon: BrainCircuit },
  { label: "API & Settings", description: "Keys and public endpoints", tab: "management", icon: KeyRound },
];

const SECTIONS: Record<
  Exclude<TabValue, "overview">,
  { title: string; description: string; to: string; cta: string }
> = {
  agents: {
    title: "Custom agents",
    description: "Create agents with their own instructions and publish them through the API.",
    to: PAGE_PATHS.agentManagement,
    cta: "Open AI Agent Management",
  },
  knowledge: {
    title: "Knowledge",
    description: "Upload documents and add text knowledge that your agents answer from.",
    to: PAGE_PATHS.knowledge,
    cta: "Open Knowledge Base",
  },
  training: {
    title: "Training pipeline",
    description: "Start training jobs on each agent's documents and follow their progress.",
    to: PAGE_PATHS.training,
    cta: "Open Model Training",
  },
  management: {
    title: "API keys and endpoints",
    description: "Create API keys and see which of your agents are publicly reachable.",
    to: PAGE_PATHS.apiManagement,
    cta: "Open API Management",
  },
};

export function DashboardPage() {
  const [tab, setTab] = useState<TabValue>("overview");
  return (
    <div className="flex flex-col gap-8">
      <DashboardHeader />
      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)} className="gap-6">
        <TabsList>
          {TABS.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="overview" className="flex flex-col gap-8">
          <MetricsStrip />
          <section aria-labelledby="quick-actions-title" className="flex flex-col gap-3">
            <h2 id="quick-actions-title" className="font-semibold text-lg">
              Quick actions
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {QUICK_ACTIONS.map((action) => (
                <button
                  key={action.tab}
                  type="button"
                  onClick={() => setTab(action.tab)}
                  className="group flex items-center gap-3 rounded-xl border bg-card p-4 text-left shadow-sm outline-none transition-colors hover:border-primary/40 hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <action.icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="flex flex-col">
                    <span className="font-medium text-sm">{action.label}</span>
                    <span className="text-muted-foreground text-xs">{action.description}</span>
                  </span>
                </button>
              ))}
            </div>
          </section>
        </TabsContent>

        {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((key) => {
          const section = SECTIONS[key];
          return (
            <TabsContent key={key} value={key}>
              <Card>
                <CardHeader>
                  <CardTitle asChild>
                    <h2>{section.title}</h2>
                  </CardTitle>
                  <CardDescription>{section.description}</CardDescription>
                </CardHeader>
                <CardFooter>
                  <Button asChild variant="outline">
                    <Link to={section.to}>
                      {section.cta}
                      <ArrowRight aria-hidden="true" />
                    </Link>
                  </Button>
                </CardFooter>
              </Card>
            </TabsContent>
          );
        })}
      </Tabs>
    </div>
  );
}
