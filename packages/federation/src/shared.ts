// The shared singletons of the shell and every remote (DESIGN 2b), with requiredVersion read from the installed packages.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);

/** The shared modules that hold what every app has in common (see vite-shared-kits.ts). */
export const SHARED_KITS = ["@acp/ui/kit", "@acp/federation/kit"] as const;

/**
 * Routing is shared through @acp/router, the few React Router exports the apps use: one router context for the shell
 * and every remote, and a shared chunk a quarter of react-router's (a shared package is not tree-shaken). Nothing
 * imports react-router directly (biome.json). The QueryClient is the shell's for the same reason. tailwind-merge is
 * the design system's class merger (@acp/ui's cn): the shell loads it anyway, and each remote bundled a whole copy
 * (about 9 KiB gzip; it cannot be tree-shaken, its default config is the library). The kits are the code every app
 * has in common, one module each (vite-shared-kits.ts): the design system with its Radix primitives, and the loader
 * with RemoteComponent; each remote bundled its own copy of them before.
 */
export const SHARED_SINGLETON_PACKAGES = [
  "react",
  "react-dom",
  "@acp/router",
  "@tanstack/react-query",
  "tailwind-merge",
  ...SHARED_KITS,
] as const;

export type SharedSingletonPackage = (typeof SHARED_SINGLETON_PACKAGES)[number];

export type SharedSingletonConfig = {
  singleton: true;
  requiredVersion: string;
  version: string;
  /**
   * `false`: no fallback copy is bundled; the host must provide the package. A path: the module provided under the
   * package's name (the subset of it the apps use).
   */
  import?: false | string;
};

/** Shared packages provided as the subset of their exports the apps use: the package's name -> that module. */
export const PROVIDED_SUBSETS: Partial<Record<SharedSingletonPackage, string>> = {
  "@tanstack/react-query": "@acp/client/react-query",
};

/** The version installed for the repository: read from the package's own package.json, found from its entry. */
function installedVersion(name: SharedSingletonPackage): string {
  // "@acp/ui/kit" is a module of the package "@acp/ui".
  const packageName = name
    .split("/")
    .slice(0, name.startsWith("@") ? 2 : 1)
    .join("/");
  // Not `require("<name>/package.json")`: packages whose "exports" leave it out (tailwind-merge) refuse that.
  let dir = path.dirname(require.resolve(name));
  for (;;) {
    const file = path.join(dir, "package.json");
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (manifest.name === packageName && manifest.version) return manifest.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json of ${name} above its entry`);
    dir = parent;
  }
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
      const subset = PROVIDED_SUBSETS[name];
      if (providedByHost) config.import = false;
      else if (subset) config.import = require.resolve(subset);
      return [name, config];
    }),
  ) as Record<SharedSingletonPackage, SharedSingletonConfig>;
}
