// Journey: with OpenID Connect configured, Sign In goes through the company's identity provider and back signed in.
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clickSignOut } from "./support/accounts";
import { type AppServer, freePort, startAppServer } from "./support/app-server";
import { launchBrowser, newContext, screenshot } from "./support/browser";
import { type IdentityProvider, startIdentityProvider } from "./support/identity-provider";

describe("signing in through an OpenID Connect provider", () => {
  let provider: IdentityProvider;
  let server: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    // The provider must know the redirect URI before the app starts, so the app's port is chosen first.
    const appPort = await freePort();
    provider = await startIdentityProvider(`http://127.0.0.1:${appPort}/api/callback`, {
      given_name: "Katherine",
      family_name: "Johnson",
      email: "katherine@example.test",
    });
    server = await startAppServer(
      {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
      },
      appPort,
    );
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await provider?.stop();
  });

  it("sends Sign In to the provider and comes back to the dashboard with the provider's names", async () => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.locator('input[name="login"]').fill("katherine");
    await page.locator('input[name="password"]').fill("any password");
    await page.locator('button[type="submit"]').click();
    await page.locator('button[type="submit"]', { hasText: /continue/i }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/");
    await page.getByRole("heading", { level: 1, name: "Executive AI Command Center" }).waitFor();
    await page.getByText("Katherine").first().waitFor();
    await page.getByText("Johnson").first().waitFor();
    await screenshot(page, "signed-in-through-oidc");
  });

  it("no longer offers the built-in account forms", async () => {
    const response = await page.request.post("/api/auth/sign-up", {
      headers: { origin: server.url },
      data: { firstName: "A", lastName: "B", email: "a@example.test", password: "long enough password" },
    });
    expect(response.status()).toBe(404);
  });

  it("signs out of the app and, through the provider's end-session page, of the provider too", async () => {
    await page.goto("/");
    await clickSignOut(page);
    await page.waitForURL((url) => url.origin === provider.issuer);
    await page.getByRole("button", { name: /yes, sign me out/i }).click();
    await page.waitForURL((url) => url.origin === server.url && url.pathname === "/");
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
    // The provider's session is gone too: signing in again asks for the login.
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.locator('input[name="login"]').waitFor();
  });
});
