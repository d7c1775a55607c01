// Loads a page in Chromium with an empty cache and sums the JavaScript bytes it downloads before the network settles.
import type { Browser, Page } from "playwright-core";

export type FirstLoad = { scripts: number; bytes: number };

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
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    const isScript = type === "script" || /\.m?js(\?|$)/.test(response.url());
    if (isScript && response.ok())
      sizes.push(
        response.body().then(
          (body) => body.length,
          () => 0,
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
  const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await context.close();
  return { scripts: sizes.length, bytes };
}
