// Vite config of the mf-training remote: its name and exposed modules; the rest is the shared remote config.
import { remoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) =>
  remoteViteConfig({
    command,
    name: "mf-training",
    exposes: {
      "./TrainingPage": "./src/exposes/training-page.tsx",
    },
  }),
);
