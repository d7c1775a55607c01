// The federated remotes by name, where each is hosted and the files it publishes: the one spelling the API (which
// serves and registers them) and the front ends (packages/federation, which types their exposed modules) share.

export const REMOTE_NAMES = ["mf-dashboard", "mf-agents", "mf-knowledge", "mf-training", "mf-api"] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The file every remote emits next to its manifest; the name the federation plugin's `filename` takes. */
export const REMOTE_ENTRY_FILENAME = "remoteEntry.js";
const REMOTE_MANIFEST_FILENAME = "mf-manifest.json";

/**
 * Build output of a remote that owns pages: each page's header rendered at build time, for the API to put into the
 * first HTML of that page (see api/src/routes/page-heads.ts). Read by the server, never served.
 */
export const PAGE_HEADS_FILENAME = "page-heads.json";

/** What PAGE_HEADS_FILENAME holds: by page path, the header's markup and the remote's scoped utilities it uses. */
export type PageHeadsFile = { pages: Record<string, { html: string; css: string }> };

/** The path the API serves each built remote under (DESIGN 2, front-end hosting). */
function remoteBasePath(name: RemoteName): string {
  return `/mf/${name}/`;
}

/** Where the shell finds a remote hosted by the API itself (the default of /remotes.json). */
export function defaultManifestUrl(name: RemoteName): string {
  return `${remoteBasePath(name)}${REMOTE_MANIFEST_FILENAME}`;
}

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}
