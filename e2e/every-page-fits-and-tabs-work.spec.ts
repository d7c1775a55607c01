// Journey: every page of the product at a phone width (375 px) and a laptop width (1280 px) fits without
// horizontal scrolling, every tab on it can really be clicked (nothing covers it) and selects its panel, and the
// page is structured for assistive technology: its own title, one main landmark, headings without jumps, no serious
// axe violations.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser, screenshot } from "./support/browser";
import { horizontalOverflow } from "./support/page-checks";

const PAGES = [
  { path: "/", heading: "Executive AI Command Center" },
  { path: "/agents", heading: "AI Agent Management" },
  { path: "/agent-management", heading: "AI Agent Management" },
  { path: "/knowledge", heading: "Knowledge Base Management" },
  { path: "/training", heading: "Model Training & Fine-tuning" },
  { path: "/api-management", heading: "API Management" },
  { path: "/agent/gtm", heading: "GTM Strategy" },
  { path: "/agent/legal", heading: "Legal Foundation" },
  { path: "/agent/vision", heading: "Vision Refinement" },
  { path: "/agent/technical", heading: "Technical Architecture" },
  { path: "/agent/fundraising", heading: "Fundraising Prep" },
  { path: "/no/such/page", heading: "404 Page Not Found" },
] as const;

const WIDTHS = [375, 1280] as const;

/** Heading levels in document order: each may go deeper by one level at most (h1 -> h3 is a jump). */
function headingJumps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const levels = Array.from(document.querySelectorAll("h1, h2, h3, h4, h5, h6")).map((h) => ({
      level: Number(h.tagName.slice(1)),
      text: (h.textContent ?? "").trim(),
    }));
    const jumps: string[] = [];
    if (levels[0]?.level !== 1) jumps.push(`first heading is h${levels[0]?.level}: ${levels[0]?.text}`);
    levels.forEach((heading, index) => {
      const previous = levels[index - 1];
      if (previous && heading.level > previous.level + 1) {
        jumps.push(`h${previous.level} "${previous.text}" -> h${heading.level} "${heading.text}"`);
      }
    });
    return jumps;
  });
}

/** Badges that spill out of their card or sit on top of a chevron. */
function misplacedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const inside = (inner: DOMRect, outer: DOMRect) =>
      inner.left >= outer.left - 0.5 &&
      inner.right <= outer.right + 0.5 &&
      inner.top >= outer.top - 0.5 &&
      inner.bottom <= outer.bottom + 0.5;
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const chevrons = Array.from(document.querySelectorAll("svg.lucide-chevron-right")).map((svg) =>
      svg.getBoundingClientRect(),
    );
    const problems: string[] = [];
    for (const badge of Array.from(document.querySelectorAll<HTMLElement>('[data-slot="badge"]'))) {
      const rect = badge.getBoundingClientRect();
      if (rect.width === 0) continue;
      const card = badge.closest('[data-slot="card"]');
      if (card && !inside(rect, card.getBoundingClientRect()))
        problems.push(`${badge.textContent} spills out`);
      if (chevrons.some((chevron) => overlaps(rect, chevron)))
        problems.push(`${badge.textContent} covers a chevron`);
    }
    return problems;
  });
}

describe.each(WIDTHS)("every page at %i px", (width) => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
    page = await context.newPage();
    await signUp(page, newAccount("Katherine", "Johnson"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it.each(PAGES)("$path fits the screen and every enabled tab can be clicked", async ({ path, heading }) => {
    await page.goto(path);
    await page.getByRole("heading", { level: 1, name: heading }).waitFor();
    // Let late layout settle (fonts, data that arrives after the first paint).
    await page.waitForLoadState("networkidle");
    expect(await horizontalOverflow(page), `${path} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    expect(await page.title()).toMatch(/^.+ · Agent Control Panel$/);
    expect(await page.locator("main").count(), `${path} main landmarks`).toBe(1);
    expect(await headingJumps(page), `${path} heading order`).toEqual([]);
    expect(await misplacedBadges(page), `${path} badges`).toEqual([]);
    expect(await seriousA11yViolations(page), `${path} axe`).toEqual([]);

    const tabs = page.getByRole("tab");
    const count = await tabs.count();
    for (let index = 0; index < count; index += 1) {
      const tab = tabs.nth(index);
      if (await tab.isDisabled()) continue;
      const name = (await tab.textContent()) ?? "";
      // A real click: Playwright refuses it when another element (a card below a wrapped tab bar) covers the tab.
      await tab.click({ timeout: 5_000 });
      await expect(tab.getAttribute("aria-selected"), `tab ${name} on ${path}`).resolves.toBe("true");
      expect(await horizontalOverflow(page), `${path} after tab ${name}`).toBeLessThanOrEqual(0);
    }
    if (path === "/" || path === "/agent/technical")
      await screenshot(page, `fits-${width}${path.replaceAll("/", "-")}`);
  });

  it("keeps the metrics strip the same height while its numbers load (no layout shift)", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/dashboard/metrics", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/");
    const strip = page.locator('section[aria-labelledby="metrics-title"]');
    await page.getByTestId("metric-skeleton").first().waitFor();
    const loading = await strip.boundingBox();
    release();
    await page.getByTestId("metric-skeleton").first().waitFor({ state: "detached" });
    const loaded = await strip.boundingBox();
    await page.unroute("**/api/dashboard/metrics");
    expect(loading?.height).toBeGreaterThan(0);
    expect(loaded?.height).toBe(loading?.height);
  });
});
