// The Content-Security-Policy of HTML we serve: our origin plus the origins of remotes configured elsewhere.
import type { AppConfig } from "../env";

/** Origins of absolute REMOTES_* manifest URLs: their remoteEntry, chunks and CSS load from there. */
function remoteOrigins(config: Pick<AppConfig, "remotes" | "publicOrigin">): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (URL.canParse(url)) {
      const { origin } = new URL(url);
      if (origin !== "null" && origin !== config.publicOrigin) origins.add(origin);
    }
  }
  return [...origins];
}

export type CspDirectives = Record<string, string[]>;

export function cspDirectives(
  config: Pick<AppConfig, "remotes" | "publicOrigin" | "oidc">,
  extra: { scriptHashes?: string[] } = {},
): CspDirectives {
  const remotes = remoteOrigins(config);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...remotes, ...(extra.scriptHashes ?? [])],
    // React and Radix write style attributes; remotes bring their own CSS files.
    styleSrc: ["'self'", "'unsafe-inline'", ...remotes],
    // Initials avatars are data: URLs; profile pictures come only from the identity provider's origins.
    imgSrc: ["'self'", "data:", "blob:", ...remotes, ...(config.oidc?.pictureOrigins ?? [])],
    fontSrc: ["'self'", "data:", ...remotes],
    connectSrc: ["'self'", ...remotes],
    workerSrc: ["'self'", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(
      ([name, values]) => `${name.replace(/[A-Z]/g, (char) => `-${char.toLowerCase()}`)} ${values.join(" ")}`,
    )
    .join("; ");
}
