// Journey: the Executive AI Command Center composed at run time from every team's widgets. Each tab shows the
// widgets of the remote that owns them and they work there: upload on Knowledge, ask the go-to-market chat on
// Overview and get a cited answer, start a job on Training, create a key on Management, deploy the demo agents on
// AI Agents. The metrics follow every change without a reload, the tab lives in the URL (Back and reload keep it),
// agent status agrees between the center, the strip and the sidebar, and every tab fits 375 px with no axe violation.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { a11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { repoRoot } from "./support/env";
import { GTM_PLAYBOOK } from "./support/gtm-playbook";
import { type Journey, startJourney } from "./support/journey";
import { type FileContent, INGESTION_TIMEOUT_MS, uploadsRegion } from "./support/knowledge-steps";
import { card, textOf, toast } from "./support/locators";
import { horizontalOverflow, settled } from "./support/page-checks";

/** A whole page load (shell, then the remotes of the open tab) on a busy CI machine. */
const PAGE_LOAD_TIMEOUT_MS = 15_000;

/** Notes with enough distinct sentences for a training job to hold some out for validation. */
function notes(topic: string, words: readonly string[]): FileContent {
  const sentences = Array.from({ length: 60 }, (_, i) => {
    const [a, b, c] = [
      words[i % words.length],
      words[(i * 3 + 1) % words.length],
      words[(i * 5 + 2) % words.length],
    ];
    return `Rule ${i + 1}: the ${a} team checks the ${b} before every ${c} review in week ${(i % 12) + 1}.`;
  });
  return {
    name: `${topic}-notes.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(`${topic}\n\n${sentences.join(" ")}`),
  };
}

const NOTES = [
  notes("pricing", ["discount", "seat", "annual", "tier", "renewal", "invoice"]),
  notes("pipeline", ["prospect", "qualified", "stage", "forecast", "champion", "demo"]),
  notes("channel", ["partner", "reseller", "margin", "referral", "marketplace", "enablement"]),
];

const TAB_NAMES = ["Overview", "AI Agents", "Knowledge", "Training", "Management"] as const;

function tab(page: Page, name: (typeof TAB_NAMES)[number]) {
  return page.getByRole("tab", { name, exact: true });
}

function metric(page: Page, title: string) {
  return card(page, title, 3).locator("[data-slot=card-content] p").first();
}

async function openTab(page: Page, name: (typeof TAB_NAMES)[number]): Promise<void> {
  await tab(page, name).click();
  await expect.poll(() => tab(page, name).getAttribute("aria-selected")).toBe("true");
}

describe("the composed dashboard", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Mary", "Jackson"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it("shows the overview from three remotes: metrics, agent center with its quick actions, vector database, chat", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
    await expect.poll(() => textOf(metric(page, "Active Agents"))).toBe("1/7");
    const center = card(page, "Agent Management Center");
    await center.getByRole("article", { name: "GTM Strategy" }).waitFor();
    expect(await center.getByRole("link", { name: "Manage all agents" }).getAttribute("href")).toBe(
      "/agent-management",
    );
    expect(await center.getByRole("link", { name: "API management" }).getAttribute("href")).toBe(
      "/api-management",
    );
    await card(page, "Vector Database").waitFor();
    await page.getByRole("region", { name: "GTM Strategy Chat" }).waitFor();
    await screenshot(page, "dashboard-overview");

    // Once Overview is whole, the other tabs' remotes are fetched into the cache but not run: no stylesheet of
    // theirs is applied (running them kept the page's main thread busy while it settled).
    const links = (rel: string, remote: string) =>
      page.evaluate(
        ([rel, remote]) => document.querySelectorAll(`link[rel="${rel}"][href*="/mf/${remote}/"]`).length,
        [rel, remote] as const,
      );
    for (const remote of ["mf-training", "mf-api"]) {
      await expect.poll(() => links("prefetch", remote)).toBeGreaterThan(1);
      expect(await links("stylesheet", remote)).toBe(0);
    }
  });

  it("runs the shell's design system and loader in every remote: none bundles them, and they keep each remote's styles", async () => {
    // Strings only the kits' code holds: Radix's DOM attributes, the toast store's and portal scope's registry keys,
    // the page-wide loader's key. No remote's build may carry them; the shell's kits do.
    const markers = ["data-radix-", "acp.toast-store", "@acp/ui/portal-scope", "@acp/federation/loader@"];
    const scripts = async (dist: string) => {
      const folder = path.join(repoRoot, dist, "assets");
      const files = (await readdir(folder)).filter((file) => file.endsWith(".js"));
      return Promise.all(files.map((file) => readFile(path.join(folder, file), "utf8")));
    };
    const shell = (await scripts("shell/dist")).join("\n");
    for (const marker of markers) expect(shell, marker).toContain(marker);
    for (const remote of ["mf-dashboard", "mf-agents", "mf-knowledge", "mf-training", "mf-api"]) {
      const code = (await scripts(`${remote}/dist`)).join("\n");
      expect(
        markers.filter((marker) => code.includes(marker)),
        remote,
      ).toEqual([]);
    }

    // The kit's components rendered by a remote are styled inside its scope: the agents remote's outline buttons,
    // the knowledge remote's card, the dashboard remote's selected tab.
    await page.goto("/");
    const style = (locator: Locator, property: "backgroundColor" | "borderTopWidth" | "height") =>
      locator.evaluate((element, name) => getComputedStyle(element)[name], property);
    const manage = card(page, "Agent Management Center").getByRole("link", { name: "Manage all agents" });
    await manage.waitFor();
    expect(await style(manage, "borderTopWidth")).toBe("1px");
    expect(await style(manage, "height")).toBe("32px");
    const vectors = card(page, "Vector Database");
    await vectors.waitFor();
    expect(await style(vectors, "borderTopWidth")).toBe("1px");
    const transparent = ["rgba(0, 0, 0, 0)", "transparent"];
    expect(transparent).not.toContain(await style(tab(page, "Overview"), "backgroundColor"));
  });

  it("paints the dashboard's header with the first HTML, before any script, exactly where the page keeps it", async () => {
    const browser = page.context().browser();
    if (!browser) throw new Error("the journey's page has no browser");
    const origin = new URL(page.url()).origin;
    const viewport = page.viewportSize();
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 375, height: 800 },
    });
    try {
      await noScript.addCookies(await page.context().cookies());
      const first = await noScript.newPage();
      await first.goto(`${origin}/`);
      // The server composed the dashboard remote's header into the loading frame; the skeleton's title gave way.
      const title = first.locator("h1", { hasText: "Executive AI Command Center" });
      expect(await title.isVisible()).toBe(true);
      expect(await first.getByText("Complete suite with no restrictions").isVisible()).toBe(true);
      expect(await first.locator("[data-slot=page-skeleton-title]").isVisible()).toBe(false);
      const painted = await title.boundingBox();

      await page.setViewportSize({ width: 375, height: 800 });
      await page.goto("/");
      const heading = page.getByRole("heading", { level: 1, name: "Executive AI Command Center" });
      await heading.waitFor();
      expect(await heading.boundingBox()).toEqual(painted);
      expect(await page.locator("h1").count()).toBe(1);
    } finally {
      await noScript.close();
      if (viewport) await page.setViewportSize(viewport);
    }
  });

  it("renders a widget far below a phone's first screen only once scrolling brings it near", async () => {
    const browser = page.context().browser();
    if (!browser) throw new Error("the journey's page has no browser");
    const phone = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      await phone.addCookies(await page.context().cookies());
      const fresh = await phone.newPage();
      await fresh.goto(`${new URL(page.url()).origin}/`);
      await fresh.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
      await expect.poll(() => textOf(metric(fresh, "Active Agents"))).toBe("1/7");
      const chat = fresh.locator('[data-widget="mf-agents/ChatCard"]');
      // Its code has loaded with the tab, but it has not rendered: its placeholder holds its place.
      expect(await chat.getByRole("status").textContent()).toBe("Loading go-to-market chat…");
      expect(await fresh.getByRole("region", { name: "GTM Strategy Chat" }).count()).toBe(0);
      await chat.scrollIntoViewIfNeeded();
      await fresh
        .getByRole("region", { name: "GTM Strategy Chat" })
        .waitFor({ timeout: PAGE_LOAD_TIMEOUT_MS });
    } finally {
      await phone.close();
    }
  });

  it(
    "uploads from the Knowledge tab, keeps the tab in the URL, and the Documents figure follows without a reload",
    async () => {
      await page.getByRole("button", { name: /Add Knowledge/ }).click();
      await expect.poll(() => tab(page, "Knowledge").getAttribute("aria-selected")).toBe("true");
      expect(new URL(page.url()).searchParams.get("tab")).toBe("knowledge");
      const upload = page.getByRole("region", { name: "Document upload" });
      await upload.getByLabel("Files to upload").setInputFiles([GTM_PLAYBOOK, ...NOTES]);
      await toast(page, "Files Uploaded Successfully").waitFor();
      const uploads = uploadsRegion(upload);
      for (const file of [GTM_PLAYBOOK, ...NOTES]) {
        await uploads
          .getByRole("listitem")
          .filter({ hasText: file.name })
          .getByText("Processed", { exact: true })
          .waitFor({ timeout: INGESTION_TIMEOUT_MS });
      }
      await card(page, "Vector Database").waitFor();
      await page.getByRole("region", { name: "Agent data sources" }).waitFor();
      await screenshot(page, "dashboard-knowledge");

      // Back returns to Overview, where the strip has read the new count without a reload.
      await page.goBack();
      await expect.poll(() => tab(page, "Overview").getAttribute("aria-selected")).toBe("true");
      await expect.poll(() => textOf(metric(page, "Documents"))).toBe(String(1 + NOTES.length));
      await page.goForward();
      await expect.poll(() => tab(page, "Knowledge").getAttribute("aria-selected")).toBe("true");
      await page.reload();
      // A reload loads the shell and the dashboard remote again: seconds on a busy machine, not expect.poll's 1 s.
      await expect
        .poll(() => tab(page, "Knowledge").getAttribute("aria-selected"), { timeout: PAGE_LOAD_TIMEOUT_MS })
        .toBe("true");
    },
    INGESTION_TIMEOUT_MS * 4,
  );

  it("asks the go-to-market chat on Overview and gets an answer citing the document", async () => {
    await openTab(page, "Overview");
    const chat = page.getByRole("region", { name: "GTM Strategy Chat" });
    const box = chat.getByRole("textbox", { name: "Message" });
    await box.fill("What is our ideal customer profile?");
    await box.press("Enter");
    await chat.getByText("No messages yet").waitFor();
    await box.press("Enter");
    const log = chat.getByRole("log", { name: "Conversation" });
    await log
      .getByRole("button", { name: new RegExp(`^Source \\d+: ${GTM_PLAYBOOK.name}`) })
      .first()
      .waitFor({
        timeout: 30_000,
      });
    await log
      .getByText(/mid-market logistics company/)
      .first()
      .waitFor();
  });

  it("starts a training job from the Training tab", async () => {
    await openTab(page, "Training");
    const jobs = card(page, "Active Training Jobs");
    await jobs.getByLabel("Job name").fill("Dashboard pipeline job");
    await jobs.getByRole("button", { name: "Start Training" }).click();
    await toast(page, "Training Job Created").waitFor();
    await jobs.getByRole("listitem").filter({ hasText: "Dashboard pipeline job" }).first().waitFor();
  });

  it("creates an API key from the Management tab", async () => {
    await openTab(page, "Management");
    const keys = card(page, "API Keys");
    await keys.getByLabel("Key name").fill("Dashboard key");
    await keys.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog", { name: "API key Dashboard key" });
    expect(await dialog.getByLabel("Your new API key").inputValue()).toMatch(/\S{20,}/);
    await dialog.getByRole("button", { name: "Done" }).click();
    await keys.getByRole("article", { name: "Dashboard key" }).waitFor();
    await card(page, "Public Endpoints").waitFor();
  });

  it("deploys the demo agents from AI Agents, and the strip, center and sidebar agree on what is on", async () => {
    await openTab(page, "AI Agents");
    await page.getByRole("button", { name: "Deploy 6 Demo Agents" }).click();
    const list = page.getByRole("list", { name: "Custom Agents" });
    await expect.poll(() => list.getByRole("article").count(), { timeout: 30_000 }).toBe(6);

    await openTab(page, "Overview");
    // gtm plus six public demo agents.
    await expect.poll(() => textOf(metric(page, "Active Agents"))).toBe("7/7");
    const sidebar = page
      .getByRole("navigation", { name: "Main" })
      .or(page.locator("[data-sidebar=sidebar]"))
      .first();
    const legalBadge = sidebar.getByRole("listitem").filter({ hasText: "Legal Foundation" });
    await legalBadge.getByText("Ready", { exact: true }).waitFor();

    // Switching the legal agent on in the center moves the sidebar badge; switching gtm off moves the strip.
    const center = card(page, "Agent Management Center");
    await center.getByRole("switch", { name: /Legal Foundation/ }).click();
    await legalBadge.getByText("Active", { exact: true }).waitFor();
    await center.getByRole("switch", { name: /GTM Strategy/ }).click();
    const gtmBadge = sidebar.getByRole("listitem").filter({ hasText: "GTM Strategy" });
    await gtmBadge.getByText("Inactive", { exact: true }).waitFor();
  });

  it("fits every tab at 375 px with no axe violation", async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    // The tab strip wraps: every tab is in sight, none scrolled out of the strip.
    for (const name of TAB_NAMES) {
      const box = await tab(page, name).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375, name).toBe(true);
    }
    for (const name of TAB_NAMES) {
      await openTab(page, name);
      const panel = page.getByRole("tabpanel");
      await settled(panel);
      // Widgets render once they come near the viewport: scroll through them (a fresh page at 375 px would hold
      // the lower ones as placeholders).
      for (const widget of await panel.locator("[data-widget]").all()) await widget.scrollIntoViewIfNeeded();
      // Widgets finished loading: no skeleton of a remote is left in the panel.
      await expect.poll(() => panel.locator("[aria-busy=true]").count(), { timeout: 20_000 }).toBe(0);
      expect(await horizontalOverflow(page), name).toBeLessThanOrEqual(0);
      expect(await a11yViolations(page), name).toEqual([]);
      await screenshot(page, `dashboard-375-${name.toLowerCase().replace(/\s+/g, "-")}`);
    }
  });
});
