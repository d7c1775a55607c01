// Vite config of the mf-agents remote: its name and exposed modules; the rest is the shared remote config.
import { remoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) =>
  remoteViteConfig({
    command,
    name: "mf-agents",
    exposes: {
      "./AgentManagementPage": "./src/exposes/agent-management-page.tsx",
      "./AgentWizardPage": "./src/exposes/agent-wizard-page.tsx",
    },
  }),
);
