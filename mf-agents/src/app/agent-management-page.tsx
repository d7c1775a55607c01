// "AI Agent Management" (spec section 2): quick deploy of the executive agents, then the agent management center.
import { AgentCenterCard } from "../features/built-in-agents/components/agent-center-card";
import { QuickDeployCard } from "../features/built-in-agents/components/quick-deploy-card";

export function AgentManagementPage() {
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-1">
        <h1 className="font-bold text-3xl tracking-tight">AI Agent Management</h1>
        <p className="text-muted-foreground">
          Create, configure, and deploy specialized AI agents for your business needs
        </p>
      </header>
      <QuickDeployCard />
      <AgentCenterCard />
    </div>
  );
}
