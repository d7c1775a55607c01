// "AI Agent Management" (spec section 2): quick deploy of the executive agents, then the agent management center.
import { PageHeader } from "@acp/ui/components/page-header";
import { AgentCenterCard } from "../features/built-in-agents/components/agent-center-card";
import { QuickDeployCard } from "../features/built-in-agents/components/quick-deploy-card";

export function AgentManagementPage() {
  return (
    <div className="flex flex-col gap-8">
      <PageHeader
        title="AI Agent Management"
        description="Create, configure, and deploy specialized AI agents for your business needs"
      />
      <QuickDeployCard />
      <AgentCenterCard />
    </div>
  );
}
