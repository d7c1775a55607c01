// "AI Agent Management" (spec section 2): quick deploy of the executive agents, the agent management center, then
// the user's custom agents. The dashboard shows the same center and custom agents through their own exposes.
import { PageHeader } from "@acp/ui/components/page-header";
import { QuickDeployCard } from "../features/built-in-agents/components/quick-deploy-card";
import { AgentCenterSection } from "./agent-center-section";
import { CustomAgentsSection } from "./custom-agents-section";

export function AgentManagementPage() {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeader
        title="AI Agent Management"
        description="Create, configure, and deploy specialized AI agents for your business needs"
      />
      <QuickDeployCard />
      <AgentCenterSection />
      <CustomAgentsSection />
    </div>
  );
}
