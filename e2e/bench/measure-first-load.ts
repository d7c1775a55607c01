// Loads a page in Chromium with an empty cache and sums the JavaScript it asks for until it is ready (what the user
// waits for), as gzip bytes (DESIGN 9 compares gzip sizes), whatever encoding the server chose. Scripts asked for
// after that, until the network settles (the dashboard warming its other tabs when idle), are counted apart.
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";

export type FirstLoad = {
  scripts: number;
  /** Sum of the scripts' gzip sizes (level 9, as the build precompresses). */
  bytes: number;
  /** Sum of the scripts' decoded sizes. */
  rawBytes: number;
  /** Each script's path and gzip size, largest first; `plumbing` marks the federation plugin's own files. */
  files: { path: string; bytes: number; plumbing: boolean }[];
  /** Scripts requested after the page was ready, until the network settled: background warming. */
  afterReady: { scripts: number; bytes: number };
};

/**
 * Files `@module-federation/vite` generates whatever the application: the runtime (and each remote's shim of it, both
 * read `_FEDERATION_RUNTIME_CORE`), the remote entries, the host's init glue, each build's shared-import map and
 * preload helper, and a remote's proxies of the shared modules the shell provides (the shared code itself is the
 * shell's, and counts as application code).
 */
export function isFederationPlumbing(path: string, body: Buffer): boolean {
  if (/\/remoteEntry(-[\w-]+)?\.js$/.test(path)) return true;
  if (
    /(vite-preload-helper|localSharedImportMap|pendingShares|mf-entry-bootstrap|hostInit)[^/]*\.js$/.test(
      path,
    )
  ) {
    return true;
  }
  if (/__loadShare__shared-[\w-]+\.js$/.test(path)) return true;
  if (/^\/mf\/[^/]+\/assets\/_virtual_mf_.*__loadShare__/.test(path)) return true;
  return body.includes("_FEDERATION_RUNTIME_CORE") || body.includes("FEDERATION_DEBUG");
}

export async function measureFirstLoad(
  browser: Browser,
  url: string,
  options: {
    ready: (page: Page) => Promise<void>;
    cookies?: { name: string; value: string }[];
    /** A User Timing mark the page sets when its first screen's code has arrived: scripts fetched after it count apart. */
    readyMark?: string;
  },
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (options.cookies?.length) {
    await context.addCookies(options.cookies.map((cookie) => ({ ...cookie, url })));
  }
  const page = await context.newPage();
  const sizes: Promise<{
    path: string;
    bytes: number;
    rawBytes: number;
    late: boolean;
    plumbing: boolean;
  }>[] = [];
  let ready = false;
  const requestedLate = new Set<unknown>();
  page.on("request", (request) => {
    if (ready) requestedLate.add(request);
  });
  page.on("response", (response) => {
    const late = requestedLate.has(response.request());
    const type = response.request().resourceType();
    const isScript = type === "script" || /\.m?js(\?|$)/.test(response.url());
    if (isScript && response.ok())
      sizes.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            bytes: gzipSync(body, { level: 9 }).length,
            rawBytes: body.length,
            plumbing: isFederationPlumbing(new URL(response.url()).pathname, body),
            late,
          }),
          () => ({ path: new URL(response.url()).pathname, bytes: 0, rawBytes: 0, late, plumbing: false }),
        ),
      );
  });
  // Requests still open when the network does not settle name the culprit in the error.
  const open = new Set<string>();
  page.on("request", (request) => open.add(request.url()));
  page.on("requestfinished", (request) => open.delete(request.url()));
  page.on("requestfailed", (request) => open.delete(request.url()));
  try {
    await page.goto(url, { waitUntil: "load" });
    await options.ready(page);
    ready = true;
    await page.waitForLoadState("networkidle");
  } catch (error) {
    throw new Error(`${url} did not settle; open requests: ${[...open].join(", ") || "none"}`, {
      cause: error,
    });
  }
  const marked = options.readyMark ? await fetchedAfterMark(page, options.readyMark) : undefined;
  const all = (await Promise.all(sizes)).map((file) =>
    marked ? { ...file, late: marked.has(file.path) } : file,
  );
  await context.close();
  const files = all.filter((file) => !file.late);
  const late = all.filter((file) => file.late);
  return {
    afterReady: { scripts: late.length, bytes: late.reduce((sum, file) => sum + file.bytes, 0) },
    scripts: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    files: files
      .map(({ path, bytes, plumbing }) => ({ path, bytes, plumbing }))
      .sort((a, b) => b.bytes - a.bytes),
  };
}

/**
 * Paths of the scripts first fetched after the page set `mark` (Resource Timing against User Timing). A file fetched
 * before it and asked for again later (a prefetch of a file the page already has) counts as fetched before.
 */
async function fetchedAfterMark(page: Page, mark: string): Promise<Set<string>> {
  const paths = await page.evaluate((name) => {
    const at = performance.getEntriesByName(name, "mark")[0]?.startTime;
    if (at === undefined) throw new Error(`the page never set the mark ${name}`);
    const first = new Map<string, number>();
    for (const entry of performance.getEntriesByType("resource")) {
      const path = new URL(entry.name).pathname;
      first.set(path, Math.min(first.get(path) ?? Number.POSITIVE_INFINITY, entry.startTime));
    }
    return [...first].filter(([, startTime]) => startTime >= at).map(([path]) => path);
  }, mark);
  return new Set(paths);
}
