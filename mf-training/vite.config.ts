// Vite config of the mf-training remote: everything comes from its name (exposes are listed in @acp/federation/remotes).
import { createRemoteViteConfig } from "@acp/federation/vite-remote";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => createRemoteViteConfig({ name: "mf-training", command }));
