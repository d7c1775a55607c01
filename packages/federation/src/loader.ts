// Run-time remote registry: reads /remotes.json once, registers the remotes with the federation runtime and loads
// exposed modules with a timeout, so a dead or hung remote rejects instead of leaving a screen waiting forever.
import { loadRemote, registerRemotes } from "@module-federation/runtime";
import { createLoadsInFlight } from "./loads-in-flight";
import type { ExposedModule, RemoteName } from "./remotes";
import { sharedMismatch } from "./shared-compatibility";

/** Served by the API: `{ "<remote name>": "<absolute or root-relative URL of its mf-manifest.json>" }`. */
export const REMOTES_JSON_URL = "/remotes.json";
export const DEFAULT_REMOTE_TIMEOUT_MS = 10_000;

export type RemoteRegistry = Partial<Record<RemoteName, string>>;

export type RemoteRegistration = { name: string; entry: string };

/** The slice of the federation runtime the loader uses; tests pass a fake. */
export type FederationRuntime = {
  registerRemotes: (remotes: RemoteRegistration[], options?: { force?: boolean }) => void;
  loadRemote: (id: string) => Promise<unknown>;
};

export type LoadRemoteOptions = { timeoutMs?: number };

/** Why a remote module could not be shown; `reason` is the sentence the fallback card displays. */
export class RemoteLoadError extends Error {
  override readonly name = "RemoteLoadError";
  constructor(
    readonly remote: string,
    readonly exposed: string,
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${remote}/${exposed.replace(/^\.\//, "")}: ${reason}`, options);
  }
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

const FEDERATION_PREFIX = /^\[ Federation Runtime \]:\s*/;

/**
 * The federation runtime's errors carry a docs link and a JSON dump; the fallback card shows the gist:
 * "Failed to get manifest (https://…/mf-manifest.json): TypeError: Failed to fetch".
 */
export function readableRuntimeError(message: string): string {
  if (!FEDERATION_PREFIX.test(message)) return message;
  const summary = (message.replace(FEDERATION_PREFIX, "").split(/\s#RUNTIME-\d+/)[0] ?? "")
    .trim()
    .replace(/\.$/, "");
  const url = /"(?:manifestUrl|entry|remoteEntryUrl)":"([^"]+)"/.exec(message)?.[1];
  const original = /Original Error Message:\s*([\s\S]*)$/.exec(message)?.[1]?.trim();
  return `${summary}${url ? ` (${url})` : ""}${original ? `: ${original}` : ""}`;
}

/** Parses the registry body; anything but a map of names to non-empty strings is refused. */
export function parseRemoteRegistry(body: unknown): RemoteRegistry {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new Error(`${REMOTES_JSON_URL} must be an object of remote name to manifest URL`);
  }
  const registry: Record<string, string> = {};
  for (const [name, entry] of Object.entries(body)) {
    if (typeof entry !== "string" || entry.length === 0) {
      throw new Error(`${REMOTES_JSON_URL}: the manifest URL of "${name}" must be a non-empty string`);
    }
    registry[name] = entry;
  }
  return registry as RemoteRegistry;
}

async function fetchRemoteRegistry(): Promise<RemoteRegistry> {
  const response = await fetch(REMOTES_JSON_URL, { credentials: "same-origin" });
  if (!response.ok) throw new Error(`${REMOTES_JSON_URL} answered ${response.status} ${response.statusText}`);
  return parseRemoteRegistry(await response.json());
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** A remote built for other shared versions: said in the console for its team, and on the fallback card. */
function incompatible(remote: string, exposed: string, reason: string): RemoteLoadError {
  const error = new RemoteLoadError(remote, exposed, reason);
  console.error(`[federation] ${error.message}`);
  return error;
}

export type RemoteLoader = {
  /** Loads an exposed module; rejects with a RemoteLoadError on error or after `timeoutMs`. Successful loads are cached. */
  loadRemoteModule: <T = unknown, R extends RemoteName = RemoteName>(
    remote: R,
    exposed: ExposedModule<R>,
    options?: LoadRemoteOptions,
  ) => Promise<T>;
  /** Warms a remote (hover, idle) without surfacing errors; the page load reports them. */
  preloadRemote: <R extends RemoteName>(remote: R, exposed: ExposedModule<R>) => void;
  /**
   * Fetches a module's files into the browser cache (its remoteEntry and scripts, as its manifest lists them) without
   * running any of them: warming while a page is still busy, so that opening the module later costs no network and
   * warming costs the page no main-thread time. Errors are dropped; loading the module reports them.
   */
  prefetchRemote: <R extends RemoteName>(remote: R, exposed: ExposedModule<R>) => Promise<void>;
  /**
   * Settles once no module load is in flight (at once when none is): background work (warming, an optional renderer)
   * waits for it, so it never competes with the modules the page is loading.
   */
  remoteLoadsSettled: () => Promise<void>;
};

/** The part of a remote's mf-manifest.json that names its files. */
type ManifestFiles = {
  metaData?: { publicPath?: string; remoteEntry?: { path?: string; name?: string } };
  exposes?: { path?: string; assets?: { js?: { sync?: string[]; async?: string[] } } }[];
};

/**
 * The URLs of `exposed`'s scripts and of the remoteEntry that maps them, resolved against the manifest's own URL
 * (publicPath "auto") or its explicit publicPath; empty when the manifest does not list the module.
 */
export function moduleFileUrls(manifest: unknown, manifestUrl: string, exposed: string): string[] {
  const { metaData, exposes } = (manifest ?? {}) as ManifestFiles;
  const module = exposes?.find((entry) => entry.path === exposed);
  if (!module) return [];
  const publicPath = metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== "auto" ? publicPath : ".", manifestUrl);
  const remoteEntry = metaData?.remoteEntry?.name
    ? [
        `${metaData.remoteEntry.path ? `${metaData.remoteEntry.path.replace(/\/$/, "")}/` : ""}${metaData.remoteEntry.name}`,
      ]
    : [];
  const files = [...remoteEntry, ...(module.assets?.js?.sync ?? [])];
  return [...new Set(files.map((file) => new URL(file, base).href))];
}

/**
 * Asks the browser to fetch `url` at idle priority into its cache, in the mode module scripts are fetched in; a file
 * the page has fetched already (a chunk the open tab's modules share) is not asked for again.
 */
function prefetchLink(url: string): void {
  if (performance.getEntriesByName(url, "resource").length > 0) return;
  const link = document.createElement("link");
  link.rel = "prefetch";
  link.crossOrigin = "anonymous";
  link.href = url;
  document.head.append(link);
}

async function fetchJson(url: string): Promise<unknown> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

export function createRemoteLoader({
  getRegistry = fetchRemoteRegistry,
  runtime = { registerRemotes, loadRemote },
  checkShared = sharedMismatch,
  readManifest = fetchJson,
  prefetch = prefetchLink,
}: {
  getRegistry?: () => Promise<RemoteRegistry>;
  runtime?: FederationRuntime;
  /** Why a remote cannot run on this page's shared singletons (another React major), or undefined when it can. */
  checkShared?: (remote: string, entry: string) => Promise<string | undefined>;
  readManifest?: (url: string) => Promise<unknown>;
  prefetch?: (url: string) => void;
} = {}): RemoteLoader {
  let registry: Promise<RemoteRegistry> | undefined;
  const modules = new Map<string, Promise<unknown>>();
  /** Remotes whose last load failed: the next attempt re-registers them, which clears the runtime's caches. */
  const failedRemotes = new Set<string>();
  /** Each manifest's shared-version verdict, by entry URL. */
  const sharedChecks = new Map<string, Promise<string | undefined>>();
  const loadsInFlight = createLoadsInFlight();

  function ensureRegistry(): Promise<RemoteRegistry> {
    registry ??= getRegistry().then(
      (map) => {
        runtime.registerRemotes(
          Object.entries(map).map(([name, entry]) => ({ name, entry: entry as string })),
        );
        return map;
      },
      (error: unknown) => {
        registry = undefined;
        throw error;
      },
    );
    return registry;
  }

  async function load(remote: RemoteName, exposed: string): Promise<unknown> {
    let map: RemoteRegistry;
    try {
      map = await ensureRegistry();
    } catch (error) {
      throw new RemoteLoadError(
        remote,
        exposed,
        `the remote registry could not be read (${errorText(error)})`,
        {
          cause: error,
        },
      );
    }
    const entry = map[remote];
    if (!entry)
      throw new RemoteLoadError(remote, exposed, `"${remote}" is not listed in ${REMOTES_JSON_URL}`);
    if (failedRemotes.has(remote)) {
      runtime.registerRemotes([{ name: remote, entry }], { force: true });
      failedRemotes.delete(remote);
      sharedChecks.delete(entry);
    }
    // Read once per manifest, beside the runtime's own load, so it adds no round trip in sequence.
    let mismatch = sharedChecks.get(entry);
    if (!mismatch) {
      mismatch = checkShared(remote, entry);
      sharedChecks.set(entry, mismatch);
    }
    let module: unknown;
    try {
      module = await runtime.loadRemote(`${remote}/${exposed.replace(/^\.\//, "")}`);
    } catch (error) {
      const reason = await mismatch;
      if (reason) throw incompatible(remote, exposed, reason);
      throw new RemoteLoadError(remote, exposed, readableRuntimeError(errorText(error)), { cause: error });
    }
    const reason = await mismatch;
    if (reason) throw incompatible(remote, exposed, reason);
    if (module === null || module === undefined) {
      throw new RemoteLoadError(remote, exposed, "the remote answered no module");
    }
    return module;
  }

  function loadRemoteModule<T, R extends RemoteName>(
    remote: R,
    exposed: ExposedModule<R>,
    { timeoutMs = DEFAULT_REMOTE_TIMEOUT_MS }: LoadRemoteOptions = {},
  ): Promise<T> {
    const key = `${remote}/${exposed}`;
    let pending = modules.get(key);
    if (!pending) {
      pending = loadsInFlight.track(
        withTimeout(
          load(remote, exposed),
          timeoutMs,
          () =>
            new RemoteLoadError(remote, exposed, `no answer within ${Math.round(timeoutMs / 100) / 10} s`),
        ).catch((error: unknown) => {
          modules.delete(key);
          failedRemotes.add(remote);
          throw error;
        }),
      );
      modules.set(key, pending);
    }
    return pending as Promise<T>;
  }

  function preloadRemote<R extends RemoteName>(remote: R, exposed: ExposedModule<R>): void {
    loadRemoteModule(remote, exposed).catch(() => {
      // The page that needs the module shows the error with a Retry button.
    });
  }

  /** URLs already handed to the browser to prefetch. */
  const prefetched = new Set<string>();

  async function prefetchRemote<R extends RemoteName>(remote: R, exposed: ExposedModule<R>): Promise<void> {
    if (modules.has(`${remote}/${exposed}`)) return;
    try {
      const map = await ensureRegistry();
      const entry = map[remote];
      if (!entry) return;
      const manifestUrl = new URL(entry, globalThis.location?.href ?? "http://localhost/").href;
      for (const url of moduleFileUrls(await readManifest(manifestUrl), manifestUrl, exposed)) {
        if (prefetched.has(url)) continue;
        prefetched.add(url);
        prefetch(url);
      }
    } catch {
      // Opening the module loads it for real and shows any error with a Retry button.
    }
  }

  return { loadRemoteModule, preloadRemote, prefetchRemote, remoteLoadsSettled: loadsInFlight.settled };
}

/**
 * The page-wide loader, one per page: the shell's copy of this module creates it, and a remote that composes other
 * remotes' widgets (the dashboard bundles its own copy of this file) finds it on globalThis instead of reading
 * /remotes.json again and keeping a module cache of its own. That second registry read sat in the dashboard's
 * critical path, one round trip before any widget could load. Versioned: a remote built against another shape of
 * the loader makes its own.
 */
const PAGE_LOADER = Symbol.for("@acp/federation/loader@3");
const pageScope = globalThis as { [PAGE_LOADER]?: RemoteLoader };
pageScope[PAGE_LOADER] ??= createRemoteLoader();
export const { loadRemoteModule, preloadRemote, prefetchRemote, remoteLoadsSettled } = pageScope[PAGE_LOADER];

/**
 * Whether `error` is a RemoteLoadError of any copy of this module (the page-wide loader may be another bundle's, so
 * `instanceof` is not enough).
 */
export function isRemoteLoadError(error: unknown): error is RemoteLoadError {
  return (
    error instanceof Error &&
    error.name === "RemoteLoadError" &&
    typeof (error as Partial<RemoteLoadError>).reason === "string"
  );
}
