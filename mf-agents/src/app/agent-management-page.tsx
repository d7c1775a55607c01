// "AI Agent Management" (spec section 2): quick deploy of the executive agents, the agent management center, then
// the user's custom agents; Configure and Analytics come from the agent-settings feature for both kinds of agent.
import { PageHeader } from "@acp/ui/components/page-header";
import { AgentSettingsActions } from "../features/agent-settings/components/agent-settings-actions";
import { AgentCenterCard } from "../features/built-in-agents/components/agent-center-card";
import { QuickDeployCard } from "../features/built-in-agents/components/quick-deploy-card";
import { CreateCustomAgentCard } from "../features/custom-agents/components/create-custom-agent-card";
import { CustomAgentsCard } from "../features/custom-agents/components/custom-agents-card";

export function AgentManagementPage() {
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <PageHeader
        title="AI Agent Management"
        description="Create, configure, and deploy specialized AI agents for your business needs"
      />
      <QuickDeployCard />
      <AgentCenterCard
        settingsActions={(agent) => (
          <AgentSettingsActions
            target={{
              kind: "built-in",
              id: agent.id,
              name: agent.name,
              settings: agent.settings,
              defaultSystemPrompt: agent.defaultSystemPrompt,
            }}
          />
        )}
      />
      <CreateCustomAgentCard />
      <CustomAgentsCard
        settingsActions={(agent) => (
          <AgentSettingsActions
            target={{
              kind: "custom",
              id: agent.id,
              name: agent.name,
              settings: agent.settings,
              custom: { description: agent.description, isPublic: agent.isPublic },
            }}
          />
        )}
      />
    </div>
  );
}
