// Baseline for the first-load benchmark: the shell and every remote built as ONE Vite app without module federation.
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { benchOutDir, repoRoot } from "../support/env";

const here = path.dirname(new URL(import.meta.url).pathname);
const realLoader = path.join(repoRoot, "packages/federation/src/loader.ts");
const monolithLoader = path.join(here, "monolith-loader.ts");

/** Every import of the run-time federation loader gets the direct-import stand-in. */
function replaceFederationLoader(): Plugin {
  return {
    name: "acp-bench-monolith-loader",
    enforce: "pre",
    async resolveId(source, importer, options) {
      if (source === "@acp/federation/loader" && importer !== monolithLoader) return monolithLoader;
      if (source.startsWith(".") && importer) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (resolved?.id === realLoader) return monolithLoader;
      }
      return null;
    },
  };
}

export default defineConfig({
  root: path.join(repoRoot, "shell"),
  base: "/",
  logLevel: "warn",
  plugins: [replaceFederationLoader(), react(), tailwindcss()],
  build: {
    outDir: benchOutDir ?? path.join(repoRoot, "e2e/artifacts/baseline/shell/dist"),
    emptyOutDir: true,
    target: "es2022",
  },
});
