// Vite config of the mf-knowledge remote: its name and exposed modules; the rest is the shared remote config.
import { remoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) =>
  remoteViteConfig({
    command,
    name: "mf-knowledge",
    exposes: {
      "./KnowledgePage": "./src/exposes/knowledge-page.tsx",
    },
  }),
);
