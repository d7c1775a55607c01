// Journey: unknown paths show the 404 page; a signed-out visit to a management page is sent to sign-in.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server";
import { launchBrowser, newContext, screenshot } from "./support/browser";

describe("unknown paths and signed-out visitors", () => {
  let server: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows the 404 page on an unknown path", async () => {
    await page.goto("/no/such/page");
    await page.getByText("404 Page Not Found").waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await screenshot(page, "not-found");
  });

  it("answers an unknown API path with a JSON 404, not the single-page app", async () => {
    const response = await page.request.get("/api/no-such-endpoint");
    expect(response.status()).toBe(404);
    expect(await response.json()).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  });

  it("tells a signed-out visitor of /knowledge they are logged out and takes them to sign in", async () => {
    // The toast lives for the 500 ms before the redirect, so start watching before navigating.
    const toastSeen = page.waitForFunction(
      () => {
        const text = document.body?.textContent ?? "";
        return text.includes("Unauthorized") && text.includes("You are logged out. Logging in again...");
      },
      undefined,
      { polling: 20, timeout: 15_000 },
    );
    await page.goto("/knowledge");
    await toastSeen;
    await page.waitForURL((url) => url.pathname === "/api/login", { timeout: 10_000 });
    await page.getByRole("button", { name: "Sign in" }).waitFor();
  });
});
