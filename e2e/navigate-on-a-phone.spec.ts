// Journey: below 768 px the sidebar is a slide-in sheet that opens from the top bar and closes after navigating.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, screenshot } from "./support/browser";

describe("navigating on a phone-sized screen", () => {
  let server: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    page = await context.newPage();
    await signUp(page, newAccount("Mary", "Jackson"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("hides the sidebar until the toggle opens it as a sheet", async () => {
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
    await expect(
      page
        .getByRole("link", { name: /Knowledge Base/ })
        .first()
        .isVisible(),
    ).resolves.toBe(false);
    await page.getByRole("button", { name: "Toggle Sidebar" }).first().click();
    const sheet = page.getByRole("dialog");
    await sheet.waitFor();
    // Fully slid in from the left edge once the opening animation ends.
    await page.waitForFunction(
      () => document.querySelector('[role="dialog"]')?.getBoundingClientRect().left === 0,
    );
    const width = await sheet.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBe(18 * 16); // 18rem at the default 16 px root font size
    await screenshot(page, "phone-sidebar-sheet");
    await sheet.getByRole("link", { name: /Knowledge Base/ }).click();
    await page.waitForURL((url) => url.pathname === "/knowledge");
    await page.getByRole("heading", { level: 1, name: "Knowledge Base Management" }).waitFor();
    await sheet.waitFor({ state: "hidden" });
  });
});
