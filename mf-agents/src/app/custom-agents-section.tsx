// The user's custom agents: the creation form, then the list (presets, train, delete, status) where each agent has
// its test chat, Configure and Analytics. On the AI Agent Management page and, exposed as ./CustomAgents, on the
// dashboard's AI Agents tab.
import { AgentSettingsActions } from "../features/agent-settings/components/agent-settings-actions";
import { TestChatDialog } from "../features/chat/components/test-chat-dialog";
import { CreateCustomAgentCard } from "../features/custom-agents/components/create-custom-agent-card";
import { CustomAgentsCard } from "../features/custom-agents/components/custom-agents-card";

export function CustomAgentsSection() {
  return (
    <>
      <CreateCustomAgentCard />
      <CustomAgentsCard
        agentActions={(agent) => (
          <>
            <TestChatDialog agent={agent} />
            <AgentSettingsActions
              target={{
                kind: "custom",
                id: agent.id,
                name: agent.name,
                settings: agent.settings,
                custom: { description: agent.description, isPublic: agent.isPublic },
              }}
            />
          </>
        )}
      />
    </>
  );
}
