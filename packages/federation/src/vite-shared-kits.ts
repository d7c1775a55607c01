// The code every app of the page has in common reaches it as a few shared modules, "kits", which the shell provides
// (they are in SHARED_SINGLETON_PACKAGES): the design system (`@acp/ui/kit`) and the composition of remotes
// (`@acp/federation/kit`: the loader and RemoteComponent). A kit is a file of `export * from "./<module>"` lines; the
// build points each import of a module a kit holds at the kit, so the shell and every remote run one copy of it (and
// of the Radix primitives under it) instead of one each. Source keeps importing `@acp/ui/components/button` and
// friends, so tests, stories and editors resolve them as they are.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PROVIDED_SUBSETS, SHARED_KITS } from "@acp/federation/shared";
import type { Plugin } from "vite";

const require = createRequire(import.meta.url);

/** "@acp/ui/kit" -> "@acp/ui". */
const packageOf = (kit: string) => kit.slice(0, kit.lastIndexOf("/"));

/** The specifiers a kit holds ("@acp/ui/components/button", ...), read from its `export * from "./<module>"` lines. */
export function kitSpecifiers(kit: string, kitSource: string): Set<string> {
  return new Set(
    [...kitSource.matchAll(/^export \* from "\.\/([\w/-]+)";$/gm)].map(
      (match) => `${packageOf(kit)}/${match[1]}`,
    ),
  );
}

/**
 * `code` with every `from "<specifier>"` of a module some kit holds turned into `from "<that kit>"`, but for `ownKit`:
 * a file of a kit's own package is part of that kit.
 */
export function importFromKits(code: string, kitOf: ReadonlyMap<string, string>, ownKit?: string): string {
  return code.replace(
    /(\bfrom\s*)(["'])(@acp\/[\w/-]+)\2/g,
    (whole, from: string, quote: string, specifier: string) => {
      const kit = kitOf.get(specifier);
      return kit && kit !== ownKit ? `${from}${quote}${kit}${quote}` : whole;
    },
  );
}

const SCRIPT = /\.[cm]?[jt]sx?$/;

/** Used by the shell's and every remote's Vite config. */
export function sharedKits(): Plugin {
  const kitOf = new Map<string, string>();
  const kitFolders = new Map<string, string>();
  for (const kit of SHARED_KITS) {
    const file = require.resolve(kit);
    kitFolders.set(path.dirname(file) + path.sep, kit);
    for (const specifier of kitSpecifiers(kit, readFileSync(file, "utf8"))) kitOf.set(specifier, kit);
  }
  // A subset module re-exports its package: that import must reach the package itself, not the share it provides.
  const subsetPackages = new Map(
    Object.entries(PROVIDED_SUBSETS).map(([name, subset]) => [
      require.resolve(subset),
      { name, entry: fileURLToPath(import.meta.resolve(name)) },
    ]),
  );
  return {
    name: "acp-shared-kits",
    enforce: "pre",
    resolveId(source, importer) {
      const subset = importer ? subsetPackages.get(importer.replace(/\?.*$/, "")) : undefined;
      return subset && source === subset.name ? subset.entry : null;
    },
    transform(code, id) {
      const file = id.replace(/\?.*$/, "");
      if (!SCRIPT.test(file) || file.includes("/node_modules/") || !code.includes("@acp/")) return null;
      const ownKit = [...kitFolders].find(([folder]) => file.startsWith(folder))?.[1];
      const rewritten = importFromKits(code, kitOf, ownKit);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
