// A signed-in journey: the built product on a fresh database, Chromium, and a page signed up as a new account.
import type { Browser, Page } from "playwright-core";
import { signUp, type TestAccount } from "./accounts";
import { type AppServer, startAppServer } from "./app-server";
import { launchBrowser, newContext } from "./browser";

export type Journey = { server: AppServer; browser: Browser; page: Page; close: () => Promise<void> };

/**
 * Starts the product (`env` adds or overrides its variables), launches Chromium and signs `account` up on a new
 * page; what did start is stopped again when a later step fails.
 */
export async function startJourney(account: TestAccount, env: Record<string, string> = {}): Promise<Journey> {
  const server = await startAppServer(env);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const page = await (await newContext(browser, server.url)).newPage();
    await signUp(page, account);
    const started = browser;
    return {
      server,
      browser: started,
      page,
      close: async () => {
        await started.close();
        await server.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.stop();
    throw error;
  }
}
