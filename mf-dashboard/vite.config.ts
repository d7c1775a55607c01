// Vite config of the mf-dashboard remote: everything comes from its name (exposes are listed in @acp/federation/remotes),
// plus the page head of "/" the server puts into the first HTML.
import { createRemoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) =>
  createRemoteViteConfig({ name: "mf-dashboard", command, pageHeads: "/src/page-heads.tsx" }),
);
