// Launches Debian's Chromium headless with the flags this sandboxed, offline machine needs.
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { artifactsDir, chromiumPath } from "./env";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export async function newContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
}

/** Saves a screenshot under e2e/artifacts for a person to look at (and for failing runs). */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: path.join(artifactsDir, `${name}.png`), fullPage: true });
}
