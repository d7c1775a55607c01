// Journey: a signed-out visitor reads the landing page with JavaScript off (it is prerendered HTML); the server
// sends it small and compressed; after the "Unauthorized" redirect, signing in returns to the page asked for; a
// failed sign-in shows the form again with the error.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser, newContext } from "./support/browser";

describe("the landing page and coming back after sign-in", () => {
  let server: AppServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("serves the landing page as readable HTML with no script, compressed and uncached", async () => {
    const response = await fetch(`${server.url}/`, { headers: { "accept-encoding": "br" } });
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Your executive team of AI agents");
    expect(html).not.toMatch(/<script/i);

    const context = await browser.newContext({ baseURL: server.url, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Your executive team of AI agents" }).waitFor();
    for (const name of ["Sign In", "Get Started", "Access Control Panel"]) {
      expect(await page.getByRole("link", { name }).getAttribute("href")).toBe("/api/login");
    }
    expect(await page.title()).toBe("Agent Control Panel");
    await context.close();
  });

  it("gives the signed-out pages landmarks, titles and no serious accessibility violations", async () => {
    const page = await (await newContext(browser, server.url)).newPage();
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: "Your executive team of AI agents" }).waitFor();
    expect(await page.locator("main").count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.goto("/no/such/page");
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    expect(await page.locator("main").count()).toBe(1);
    expect(await page.title()).toBe("404 Page Not Found · Agent Control Panel");
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("takes a signed-out visitor of /training back to /training after signing in", async () => {
    const account = newAccount("Dorothy", "Vaughan");
    const setup = await (await newContext(browser, server.url)).newPage();
    await signUp(setup, account);
    await setup.context().close();

    const page: Page = await (await newContext(browser, server.url)).newPage();
    await page.goto("/training");
    await page.waitForURL((url) => url.pathname === "/api/login", { timeout: 10_000 });
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/training");

    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Sign in" }) });
    await form.getByLabel("Email").fill(account.email);
    await form.getByLabel("Password").fill("not the password");
    await form.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").waitFor();
    // Post/Redirect/Get: the form shows again on GET /api/login, never on the POST URL, still returning to /training.
    expect(new URL(page.url()).pathname).toBe("/api/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/training");
    expect(await page.getByRole("alert").textContent()).toBe("Invalid email or password");
    await form.getByLabel("Password").fill(account.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/training");
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();
    await page.context().close();
  });
});
