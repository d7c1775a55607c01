// Proves the accessibility check the journeys rely on reports real violations (a check that cannot fail proves nothing).
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser } from "./support/browser";

describe("the accessibility check", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  it("reports a nameless button and an unlabelled input", async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><body><main><button></button><input type="text"></main></body></html>',
    );
    const ids = (await seriousA11yViolations(page)).map((violation) => violation.id).sort();
    expect(ids).toEqual(expect.arrayContaining(["button-name", "label"]));
    await page.close();
  });

  it("passes an accessible page", async () => {
    const page = await browser.newPage();
    await page.setContent(
      '<html lang="en"><head><title>ok</title></head><body><main><h1>Fine</h1><button>Save</button></main></body></html>',
    );
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  });
});
