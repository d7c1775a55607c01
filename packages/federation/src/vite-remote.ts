// The Vite config every remote builds with: React, Tailwind, and module federation with a manifest, a relocatable
// base and the shared singletons; the remote only names itself and its exposed modules.

import { type ExposedModule, REMOTE_ENTRY_FILENAME, REMOTES, type RemoteName } from "@acp/federation/remotes";
import { sharedSingletons } from "@acp/federation/shared";
import { federation } from "@module-federation/vite";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import type { UserConfig } from "vite";

// Node loads this file straight from TypeScript source when Vite reads a config, so siblings are imported through
// the package name above: extensionless relative imports do not resolve in Node ESM.

const API_ORIGIN = "http://localhost:3000";

export type RemoteViteOptions<R extends RemoteName> = {
  name: R;
  /** Every module REMOTES lists for this remote, mapped to the file that default-exports it. */
  exposes: Record<ExposedModule<R>, string>;
  /** Vite's command: a build runs only inside the shell; `vite dev` also serves the standalone harness. */
  command: "build" | "serve";
};

export function remoteViteConfig<R extends RemoteName>({
  name,
  exposes,
  command,
}: RemoteViteOptions<R>): UserConfig {
  const { devPort } = REMOTES[name];
  const origin = `http://localhost:${devPort}`;
  // A built remote only ever runs inside the shell, which provides the singletons and the federation runtime, so
  // the build bundles neither; the standalone `vite dev` harness has no shell around it and keeps both.
  const inShellOnly = command === "build";
  return {
    // Relative, so the built remote works wherever it is served (the API serves it at /mf/<name>/).
    base: "./",
    plugins: [
      react(),
      tailwindcss(),
      federation({
        name,
        filename: REMOTE_ENTRY_FILENAME,
        manifest: true,
        exposes,
        shared: sharedSingletons({ providedByHost: inShellOnly }),
        dts: false,
        dev: { remoteHmr: true },
        experiments: { externalRuntime: inShellOnly },
      }),
    ],
    build: { outDir: "dist", target: "es2022" },
    server: {
      port: devPort,
      strictPort: true,
      // Absolute asset URLs in dev, so the shell's page can load this remote's modules from another port.
      origin,
      cors: true,
      // Keeps the browser's Host (no changeOrigin) so the API's same-origin CSRF check passes in the harness.
      proxy: { "/api": { target: API_ORIGIN, changeOrigin: false } },
    },
    preview: { port: devPort, strictPort: true, cors: true },
  };
}
