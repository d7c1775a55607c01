// Journey: when one remote's server is down its page shows a fallback with Retry while every other page works.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, freePort, startAppServer } from "./support/app-server";
import { launchBrowser, newContext, screenshot } from "./support/browser";

describe("a remote that is down", () => {
  let server: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // Nothing listens on this port: the knowledge remote's manifest cannot be fetched.
    const deadPort = await freePort();
    server = await startAppServer({ REMOTES_MF_KNOWLEDGE: `http://127.0.0.1:${deadPort}/mf-manifest.json` });
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
    await signUp(page, newAccount("Alan", "Turing"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the fallback with a Retry button instead of the knowledge page", async () => {
    await page.goto("/knowledge");
    await page.getByRole("button", { name: /retry/i }).waitFor({ timeout: 30_000 });
    await screenshot(page, "remote-down-fallback");
    // The shell itself is intact around the fallback.
    await expect(page.getByText("Agent Control Panel").first().isVisible()).resolves.toBe(true);
  });

  it("keeps the other pages working", async () => {
    await page.getByRole("link", { name: /Model Training/ }).click();
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();
    await page
      .getByRole("link", { name: /Dashboard/ })
      .first()
      .click();
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
  });
});
