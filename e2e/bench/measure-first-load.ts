// Loads a page in Chromium with an empty cache and sums the JavaScript it downloads before the network settles, as
// gzip bytes (DESIGN 9 compares gzip sizes), whatever encoding the server chose.
import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";

export type FirstLoad = {
  scripts: number;
  /** Sum of the scripts' gzip sizes (level 9, as the build precompresses). */
  bytes: number;
  /** Sum of the scripts' decoded sizes. */
  rawBytes: number;
  /** Each script's path and gzip size, largest first. */
  files: { path: string; bytes: number }[];
};

export async function measureFirstLoad(
  browser: Browser,
  url: string,
  options: { ready: (page: Page) => Promise<void>; cookies?: { name: string; value: string }[] },
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (options.cookies?.length) {
    await context.addCookies(options.cookies.map((cookie) => ({ ...cookie, url })));
  }
  const page = await context.newPage();
  const sizes: Promise<{ path: string; bytes: number; rawBytes: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const isScript = type === "script" || /\.m?js(\?|$)/.test(response.url());
    if (isScript && response.ok())
      sizes.push(
        response.body().then(
          (body) => ({
            path: new URL(response.url()).pathname,
            bytes: gzipSync(body, { level: 9 }).length,
            rawBytes: body.length,
          }),
          () => ({ path: new URL(response.url()).pathname, bytes: 0, rawBytes: 0 }),
        ),
      );
  });
  // Requests still open when the network does not settle name the culprit in the error.
  const open = new Set<string>();
  page.on("request", (request) => open.add(request.url()));
  page.on("requestfinished", (request) => open.delete(request.url()));
  page.on("requestfailed", (request) => open.delete(request.url()));
  try {
    await page.goto(url, { waitUntil: "networkidle" });
    await options.ready(page);
    await page.waitForLoadState("networkidle");
  } catch (error) {
    throw new Error(`${url} did not settle; open requests: ${[...open].join(", ") || "none"}`, {
      cause: error,
    });
  }
  const files = await Promise.all(sizes);
  await context.close();
  return {
    scripts: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    files: files.map(({ path, bytes }) => ({ path, bytes })).sort((a, b) => b.bytes - a.bytes),
  };
}
