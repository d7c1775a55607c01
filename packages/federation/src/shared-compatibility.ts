// Whether a remote was built for the shared singletons this page provides: its manifest names the range of each
// (react ^19.3.1, …) and the page's share scope holds the versions the shell provides. A remote built against another
// major version is refused with a reason instead of being run on a React it was not built for.
import { getInstance, satisfy } from "@module-federation/runtime";

/** What a remote's mf-manifest.json says about one shared package. */
export type ManifestShared = { name: string; singleton?: boolean; requiredVersion?: string | false };

/** "react ^20.0.0 (this page provides 19.3.1)" for each singleton the page cannot satisfy; empty when all fit. */
export function incompatibleSingletons(
  shared: readonly ManifestShared[],
  providedVersions: (name: string) => readonly string[],
  satisfies: (version: string, range: string) => boolean = satisfy,
): string[] {
  const problems: string[] = [];
  for (const entry of shared) {
    const range = entry.requiredVersion;
    if (!entry.singleton || !range) continue;
    const provided = providedVersions(entry.name);
    // Nothing provided yet (a package the page loads on first use): the runtime reports it if it is missing.
    if (provided.length === 0) continue;
    if (!provided.some((version) => satisfies(version, range))) {
      problems.push(`${entry.name} ${range} (this page provides ${provided.join(", ")})`);
    }
  }
  return problems;
}

/**
 * The versions of `name` the shell provides: entries of the page's share scope registered by the host instance
 * itself, not the ranges remotes declared for themselves while loading.
 */
export function providedVersions(name: string): string[] {
  // The page's host is the first federation instance created on it (the shell's). getInstance() alone is not: a
  // remote's bundle answers with the remote's own instance, which provides none of the singletons.
  const host = getInstance(() => true);
  if (!host) return [];
  const scope = host.shareScopeMap.default?.[name] ?? {};
  return Object.entries(scope)
    .filter(([, shared]) => shared.from === host.name)
    .map(([version]) => version);
}

function isManifestShared(value: unknown): value is ManifestShared {
  return (
    typeof value === "object" && value !== null && typeof (value as { name?: unknown }).name === "string"
  );
}

/** The shared packages a manifest declares; undefined when the entry is not a manifest or cannot be read. */
export async function readManifestShared(entry: string): Promise<ManifestShared[] | undefined> {
  if (!/\.json(\?|$)/.test(entry)) return undefined;
  try {
    const response = await fetch(entry);
    if (!response.ok) return undefined;
    const manifest = (await response.json()) as { shared?: unknown };
    return Array.isArray(manifest.shared) ? manifest.shared.filter(isManifestShared) : undefined;
  } catch {
    // Unreachable: the runtime's own load reports why.
    return undefined;
  }
}

/** The sentence a fallback card shows for an incompatible remote, or undefined when it fits the page. */
export async function sharedMismatch(remote: string, entry: string): Promise<string | undefined> {
  const shared = await readManifestShared(entry);
  if (!shared) return undefined;
  const problems = incompatibleSingletons(shared, providedVersions);
  if (problems.length === 0) return undefined;
  return `${remote} was built for ${problems.join("; ")}: rebuild it against the shell's shared versions`;
}
