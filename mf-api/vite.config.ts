// Vite config of the mf-api remote: its name and exposed modules; the rest is the shared remote config.
import { remoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) =>
  remoteViteConfig({
    command,
    name: "mf-api",
    exposes: {
      "./ApiManagementPage": "./src/exposes/api-management-page.tsx",
    },
  }),
);
