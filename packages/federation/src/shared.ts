// The shared singletons of the shell and every remote (DESIGN 2b), with requiredVersion read from the installed packages.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * Routing is shared through @acp/router, the few React Router exports the apps use: one router context for the shell
 * and every remote, and a shared chunk a quarter of react-router's (a shared package is not tree-shaken). Nothing
 * imports react-router directly (biome.json). The QueryClient is the shell's for the same reason.
 */
export const SHARED_SINGLETON_PACKAGES = [
  "react",
  "react-dom",
  "@acp/router",
  "@tanstack/react-query",
] as const;

export type SharedSingletonPackage = (typeof SHARED_SINGLETON_PACKAGES)[number];

export type SharedSingletonConfig = {
  singleton: true;
  requiredVersion: string;
  version: string;
  /** `false`: no fallback copy is bundled; the host must provide the package. */
  import?: false;
};

function installedVersion(name: SharedSingletonPackage): string {
  const manifest = require(`${name}/package.json`) as { version: string };
  return manifest.version;
}

/**
 * The `shared` option for `federation()` in every vite config of the repo. `providedByHost` leaves the fallback
 * copies out of a remote's build: a built remote runs only inside the shell, which provides every singleton.
 */
export function sharedSingletons({
  providedByHost = false,
}: {
  providedByHost?: boolean;
} = {}): Record<SharedSingletonPackage, SharedSingletonConfig> {
  return Object.fromEntries(
    SHARED_SINGLETON_PACKAGES.map((name) => {
      const version = installedVersion(name);
      const config: SharedSingletonConfig = { singleton: true, requiredVersion: `^${version}`, version };
      if (providedByHost) config.import = false;
      return [name, config];
    }),
  ) as Record<SharedSingletonPackage, SharedSingletonConfig>;
}
