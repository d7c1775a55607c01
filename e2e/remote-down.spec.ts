// Journey: when one remote's server is down its page shows a fallback with Retry while every other page works.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { freePort } from "./support/app-server";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";

describe("a remote that is down", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    // Nothing listens on this port: the knowledge remote's manifest cannot be fetched.
    const deadPort = await freePort();
    journey = await startJourney(newAccount("Alan", "Turing"), {
      REMOTES_MF_KNOWLEDGE: `http://127.0.0.1:${deadPort}/mf-manifest.json`,
    });
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
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
