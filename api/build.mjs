// Bundles src/server.ts and src/worker.ts into dist/: our code and the @acp/* workspace packages inlined, npm packages left external.
import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const apiRoot = path.dirname(fileURLToPath(import.meta.url));

/** Workspace packages export TypeScript source, so they must be bundled; everything else resolves from node_modules. */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@acp/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await rm(path.join(apiRoot, "dist"), { recursive: true, force: true });
await build({
  // server.js serves HTTP (and runs ingestion workers); worker.js runs extra ingestion workers (npm run worker).
  // extraction-worker.js is the child-process entry that src/ingestion/extract-in-isolation.ts forks beside the bundle;
  // local-embedder-worker.js is the embedding thread's entry (src/providers/embedder/local-embedder-thread.ts);
  // trainer-worker.js is the training thread's entry (src/services/training/trainer-thread.ts).
  entryPoints: [
    path.join(apiRoot, "src/server.ts"),
    path.join(apiRoot, "src/worker.ts"),
    { in: path.join(apiRoot, "src/ingestion/extraction-worker.ts"), out: "extraction-worker" },
    {
      in: path.join(apiRoot, "src/providers/embedder/local-embedder-worker.ts"),
      out: "local-embedder-worker",
    },
    { in: path.join(apiRoot, "src/services/training/trainer-worker.ts"), out: "trainer-worker" },
  ],
  outdir: path.join(apiRoot, "dist"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  sourcemap: true,
  // Migrations are read at run time from api/drizzle, found by walking up from dist/ (src/paths.ts).
  plugins: [externalNpmPackages],
  logLevel: "info",
});
