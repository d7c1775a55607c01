// Journey: a new user signs up, sees the shell with their name, visits every screen, collapses the sidebar, signs out and back in.
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickSignOut, newAccount, signIn, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser, newContext, screenshot } from "./support/browser";

const screens = [
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
  { path: "/", heading: "Executive AI Command Center" },
];

describe("signing up and moving around the control panel", () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const account = newAccount("Grace", "Hopper");
  const pageErrors: string[] = [];

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await newContext(browser, server.url);
    page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(error.message));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the landing page with the three sign-in entry points to a visitor", async () => {
    await page.goto("/");
    for (const name of ["Sign In", "Get Started", "Access Control Panel"]) {
      const entry = page.getByRole("link", { name }).first();
      await entry.waitFor();
      expect(new URL((await entry.getAttribute("href")) ?? "", page.url()).pathname).toBe("/api/login");
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "landing");
    await page.getByText("Get Started").first().click();
    await page.waitForURL((url) => url.pathname === "/api/login");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "sign-in-page");
  });

  it("signs up and lands on the dashboard with the user's name in the sidebar", async () => {
    await signUp(page, account);
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
    const sidebar = page.getByRole("navigation").first();
    await expect(page.getByText("Agent Control Panel").first().isVisible()).resolves.toBe(true);
    await page.getByText(account.firstName, { exact: false }).first().waitFor();
    await page.getByText(account.lastName, { exact: false }).first().waitFor();
    expect(await sidebar.count()).toBeGreaterThan(0);
    await screenshot(page, "dashboard");
  });

  it("renders every screen of the spec from its remote, without serious accessibility violations", async () => {
    const violations: Record<string, unknown> = {};
    const failedCalls: string[] = [];
    const recordFailure = (response: { url: () => string; status: () => number }) => {
      if (new URL(response.url()).pathname.startsWith("/api/") && response.status() >= 400) {
        failedCalls.push(`${response.status()} ${response.url()}`);
      }
    };
    page.on("response", recordFailure);
    for (const screen of screens) {
      await page.goto(screen.path);
      await page.getByRole("heading", { level: 1, name: screen.heading }).waitFor({ timeout: 20_000 });
      const found = await seriousA11yViolations(page);
      if (found.length > 0) violations[screen.path] = found;
    }
    await page.waitForLoadState("networkidle");
    page.off("response", recordFailure);
    expect(pageErrors).toEqual([]);
    // Every screen's data comes from endpoints that exist and answer for a signed-in user.
    expect(failedCalls).toEqual([]);
    expect(violations).toEqual({});
  });

  it("navigates with the sidebar and highlights the current route", async () => {
    await page.goto("/");
    await page.getByRole("link", { name: /Knowledge Base/ }).click();
    await page.waitForURL((url) => url.pathname === "/knowledge");
    await page.getByRole("heading", { level: 1, name: "Knowledge Base Management" }).waitFor();
    const current = page.locator('[aria-current="page"]');
    await expect(current.first().textContent()).resolves.toContain("Knowledge Base");
    await page.getByRole("link", { name: /Technical Architecture/ }).click();
    await page.waitForURL((url) => url.pathname === "/agent/technical");
  });

  it("shows a toast raised inside a remote in the shell's one toast layer", async () => {
    await page.goto("/agents");
    await page.getByRole("heading", { level: 1, name: "AI Agent Management" }).waitFor();
    await page.getByRole("switch", { name: "Deactivate GTM Strategy" }).first().click();
    const toast = page.locator("[data-state=open]").filter({ hasText: "Agent Deactivated" });
    await toast.first().waitFor();
    // The spec's toast layer shows one toast at a time.
    await page.getByRole("switch", { name: "Activate Legal Foundation" }).first().click();
    await page
      .locator("[data-state=open]")
      .filter({ hasText: "Agent Requires Training Data" })
      .first()
      .waitFor();
    await toast.first().waitFor({ state: "detached" });
    // F8 moves keyboard focus to the notifications viewport.
    await page.keyboard.press("F8");
    const focusedRegion = await page.evaluate(
      () => document.activeElement?.closest('[role="region"]')?.getAttribute("aria-label") ?? "",
    );
    expect(focusedRegion).toContain("F8");
  });

  it("collapses the sidebar with Ctrl+B and keeps it collapsed after a reload", async () => {
    await page.goto("/training");
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();
    await page.keyboard.press("Control+b");
    await page.waitForFunction(() => document.cookie.includes("sidebar_state=false"));
    const cookie = (await context.cookies()).find((c) => c.name === "sidebar_state");
    expect(cookie?.value).toBe("false");
    // Seven days, as the spec says.
    expect(Math.round((cookie?.expires ?? 0) - Date.now() / 1000)).toBeGreaterThan(604_800 - 60);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();
    await page.locator('[data-state="collapsed"]').first().waitFor();
    await screenshot(page, "sidebar-collapsed");
    await page.keyboard.press("Control+b");
    await page.locator('[data-state="expanded"]').first().waitFor();
  });

  it("signs out, cannot read the user any more, and signs back in", async () => {
    await page.goto("/");
    await clickSignOut(page);
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByText("Access Control Panel").first().waitFor();
    const me = await page.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
    await signIn(page, account);
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
    await page.getByText(account.firstName).first().waitFor();
  });
});
