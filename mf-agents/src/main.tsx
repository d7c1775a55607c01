// Standalone entry for `vite dev` in mf-agents: its pages inside the provider harness the shell would give them.
import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { renderStandalone } from "@acp/federation/standalone";
import { AgentManagementPage } from "./app/agent-management-page";
import { AgentWizardPage } from "./app/agent-wizard-page";

renderStandalone({
  routes: [
    { path: "/", label: "AI Agent Management", element: <AgentManagementPage /> },
    ...BUILT_IN_AGENTS.map((agent) => ({
      path: `/agent/${agent.id}`,
      label: agent.name,
      element: <AgentWizardPage agentType={agent.id} />,
    })),
  ],
});
