// Journey: give the go-to-market agent a document, open its chat in the wizard's testing step, ask a question (the
// first Enter only starts "New GTM Conversation", as spec section 4 says; the second sends), watch the grounded answer
// arrive with a citation, and open the cited passage: document, lines and the excerpt highlighted. The chat fits a
// 375 px phone without serious accessibility violations.
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser, newContext, screenshot } from "./support/browser";

const INGESTION_TIMEOUT_MS = 120_000;

const PLAYBOOK = {
  name: "gtm-playbook.txt",
  mimeType: "text/plain",
  buffer: Buffer.from(
    [
      "Go-to-market playbook",
      "",
      "Our ideal customer profile is a mid-market logistics company with 200 to 2000 employees and its own fleet.",
      "Enterprise plans are billed yearly and include a dedicated onboarding manager.",
      "The first sales channel is partner resellers in Germany and the Netherlands.",
    ].join("\n"),
  ),
};
const QUESTION = "What is our ideal customer profile?";

function chat(page: Page): Locator {
  return page.getByRole("region", { name: "GTM Strategy Chat" });
}

async function openTestingStep(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Continue to Training" }).click();
  await page.getByRole("button", { name: "Continue to Testing" }).click();
  await chat(page).waitFor();
}

describe("asking the chat and opening the cited passage", () => {
  let server: AppServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    page = await (await newContext(browser, server.url)).newPage();
    await signUp(page, newAccount("Grace", "Hopper"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    "answers from the document, cites it, and opens the cited lines with the passage highlighted",
    async () => {
      await page.goto("/agent/gtm");
      await page.getByLabel("Files to upload").setInputFiles(PLAYBOOK);
      await page
        .getByRole("list", { name: "Latest documents of this agent" })
        .getByRole("listitem")
        .filter({ hasText: PLAYBOOK.name })
        .getByText("Processed", { exact: true })
        .waitFor({ timeout: INGESTION_TIMEOUT_MS });
      await openTestingStep(page);

      const card = chat(page);
      await card.getByText("Offline mode", { exact: true }).waitFor();
      await card.getByText("Start a conversation").waitFor();
      const box = card.getByRole("textbox", { name: "Message" });
      await box.fill(QUESTION);
      await box.press("Enter");
      // Spec section 4: with no conversation, sending creates one and does not send the message.
      const picker = card.getByRole("combobox", { name: "Conversation" });
      await expect.poll(() => picker.textContent()).toContain("New GTM Conversation");
      await card.getByText("No messages yet").waitFor();
      expect(await box.inputValue()).toBe(QUESTION);

      await box.press("Enter");
      const log = card.getByRole("log", { name: "Conversation" });
      await log.getByText(QUESTION, { exact: true }).waitFor();
      const citation = log
        .getByRole("button", { name: new RegExp(`^Source \\d+: ${PLAYBOOK.name}, Lines? `) })
        .first();
      await citation.waitFor({ timeout: 30_000 });
      expect(await box.inputValue()).toBe("");
      expect(await log.getAttribute("aria-busy")).toBe("false");
      expect(await log.textContent()).toContain("mid-market logistics");
      await log.getByRole("region", { name: "Sources" }).getByText(PLAYBOOK.name).waitFor();
      await log.getByText("grounded-responder", { exact: true }).waitFor();
      await screenshot(page, "chat-cited-answer");

      const label = (await citation.getAttribute("aria-label")) ?? "";
      await citation.click();
      const dialog = page.getByRole("dialog", { name: PLAYBOOK.name });
      await dialog.waitFor();
      // Portalled out of the remote's subtree, the dialog keeps the remote's style scope.
      expect(await dialog.getAttribute("data-remote")).toBe("mf-agents");
      const where = label.replace(/^Source (\d+): .+?, /, "Source $1 · ");
      await dialog.getByText(where, { exact: true }).waitFor();
      const passage = dialog.getByRole("region", { name: "Cited passage" });
      await expect
        .poll(() => passage.locator("mark").textContent())
        .toContain("mid-market logistics company");
      // The text around the passage comes from the document itself.
      await expect.poll(() => passage.textContent()).toContain("Go-to-market playbook");
      await screenshot(page, "chat-cited-passage");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      expect(await citation.evaluate((element) => element === document.activeElement)).toBe(true);
    },
    INGESTION_TIMEOUT_MS + 60_000,
  );

  it("fits a 375 px screen, dialog included, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/agent/gtm");
    await openTestingStep(page);
    const log = chat(page).getByRole("log", { name: "Conversation" });
    await log.getByText(QUESTION, { exact: true }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    const card = await chat(page).boundingBox();
    expect(card && Math.round(card.height)).toBe(600);
    await screenshot(page, "chat-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await log
      .getByRole("button", { name: /^Source \d+:/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: PLAYBOOK.name });
    await expect
      .poll(() => dialog.getByRole("region", { name: "Cited passage" }).textContent())
      .toContain("playbook");
    // axe reads colours as drawn: wait for the opening animation's fade to end.
    await expect
      .poll(() => dialog.evaluate((element) => element.getAnimations({ subtree: true }).length))
      .toBe(0);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await overflow()).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
