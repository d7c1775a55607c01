// The agent management center with each built-in agent's Configure and Analytics: on the AI Agent Management page
// and, exposed as ./AgentManagementCenter, on the dashboard's Overview with the spec's quick actions to
// /agent-management and /api-management.
import { PAGE_PATHS } from "@acp/federation/remotes";
import { Link } from "@acp/router";
import { Button } from "@acp/ui/components/button";
import { Bot, KeyRound } from "lucide-react";
import { AgentSettingsActions } from "../features/agent-settings/components/agent-settings-actions";
import { AgentCenterCard } from "../features/built-in-agents/components/agent-center-card";

export function AgentCenterSection({ withQuickActions = false }: { withQuickActions?: boolean }) {
  return (
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
      footer={
        withQuickActions ? (
          <>
            <Button asChild variant="outline" size="sm">
              <Link to={PAGE_PATHS.agentManagement}>
                <Bot aria-hidden="true" />
                Manage all agents
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={PAGE_PATHS.apiManagement}>
                <KeyRound aria-hidden="true" />
                API management
              </Link>
            </Button>
          </>
        ) : undefined
      }
    />
  );
}

/** The dashboard's center: the same card with its quick actions. */
export function DashboardAgentCenter() {
  return <AgentCenterSection withQuickActions />;
}
