// The shared singletons of the shell and every remote (DESIGN 2b), with requiredVersion read from the installed packages.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * React Router is shared as BOTH react-router and react-router-dom: sharing only one gives a remote its own
 * router context and `useNavigate` throws outside a <Router>. The QueryClient is the shell's for the same reason.
 */
export const SHARED_SINGLETON_PACKAGES = [
  "react",
  "react-dom",
  "react-router",
  "react-router-dom",
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
