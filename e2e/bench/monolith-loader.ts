// Stand-in for @acp/federation/loader in the baseline build: the same exports, but every exposed module is a plain
// lazy import of the remote's source, so the bundler tree-shakes one application as if federation did not exist.
import { createLoadsInFlight } from "@acp/federation/loads-in-flight";
import type { ExposedModule, RemoteName } from "@acp/federation/remotes";

export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;

export class RemoteLoadError extends Error {
  override readonly name = "RemoteLoadError";
  constructor(
    readonly remote: string,
    readonly exposed: string,
    readonly reason: string,
  ) {
    super(`${remote}/${exposed}: ${reason}`);
  }
}

export function isRemoteLoadError(error: unknown): error is RemoteLoadError {
  return error instanceof RemoteLoadError;
}

// Each remote exposes "./SomePage" from src/exposes/some-page.tsx (the convention of every remote's vite config).
const sources = import.meta.glob<unknown>("../../mf-*/src/exposes/*.tsx");

function sourceKey(remote: string, exposed: string): string {
  const file = exposed
    .replace(/^\.\//, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
  return `../../${remote}/src/exposes/${file}.tsx`;
}

const loadsInFlight = createLoadsInFlight();

/** As the real loader's: settles once no module load is in flight, so both builds start idle work at the same point. */
export const remoteLoadsSettled = loadsInFlight.settled;

export function loadRemoteModule<T = unknown, R extends RemoteName = RemoteName>(
  remote: R,
  exposed: ExposedModule<R>,
): Promise<T> {
  const load = sources[sourceKey(remote, exposed)];
  if (!load) return Promise.reject(new RemoteLoadError(remote, exposed, "no such source module"));
  return loadsInFlight.track(load() as Promise<T>);
}

export function preloadRemote<R extends RemoteName>(remote: R, exposed: ExposedModule<R>): void {
  loadRemoteModule(remote, exposed).catch(() => {});
}

/**
 * The baseline warms nothing while idle: a bundled lazy import cannot be fetched without running it, and loading it
 * would cost the baseline main-thread time the federated build no longer spends. Its other tabs load on intent or
 * when opened, which favours the baseline in the comparison.
 */
export async function prefetchRemote<R extends RemoteName>(
  _remote: R,
  _exposed: ExposedModule<R>,
): Promise<void> {}
