// Journey: give the go-to-market agent a document, open its chat in the wizard's testing step, ask a question (the
// first Enter only starts "New GTM Conversation", as spec section 4 says; the second sends), watch the grounded answer
// arrive with a citation, and open the cited passage: document, lines and the excerpt highlighted. The chat fits a
// 375 px phone without serious accessibility violations.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { GTM_PLAYBOOK } from "./support/gtm-playbook";
import { type Journey, startJourney } from "./support/journey";
import { documentList, INGESTION_TIMEOUT_MS, uploadAndWait } from "./support/knowledge-steps";
import { horizontalOverflow, isFocused, settled } from "./support/page-checks";
import { openTestingStep, wizardChat } from "./support/wizard-steps";

const QUESTION = "What is our ideal customer profile?";

const AGENT = "GTM Strategy";

describe("asking the chat and opening the cited passage", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Grace", "Hopper"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    "answers from the document, cites it, and opens the cited lines with the passage highlighted",
    async () => {
      await page.goto("/agent/gtm");
      await uploadAndWait(page, [GTM_PLAYBOOK], documentList(page, "Latest documents of this agent"));
      await openTestingStep(page, AGENT);

      const card = wizardChat(page, AGENT);
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
        .getByRole("button", { name: new RegExp(`^Source \\d+: ${GTM_PLAYBOOK.name}, Lines? `) })
        .first();
      await citation.waitFor({ timeout: 30_000 });
      expect(await box.inputValue()).toBe("");
      expect(await log.getAttribute("aria-busy")).toBe("false");
      expect(await log.textContent()).toContain("mid-market logistics");
      await log.getByRole("region", { name: "Sources" }).getByText(GTM_PLAYBOOK.name).waitFor();
      await log.getByText("Built-in responder (offline)", { exact: true }).waitFor();
      await screenshot(page, "chat-cited-answer");

      const label = (await citation.getAttribute("aria-label")) ?? "";
      await citation.click();
      const dialog = page.getByRole("dialog", { name: GTM_PLAYBOOK.name });
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
      expect(await isFocused(citation)).toBe(true);
    },
    INGESTION_TIMEOUT_MS + 60_000,
  );

  it("fits a 375 px screen, dialog included, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/agent/gtm");
    await openTestingStep(page, AGENT);
    const log = wizardChat(page, AGENT).getByRole("log", { name: "Conversation" });
    await log.getByText(QUESTION, { exact: true }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const card = await wizardChat(page, AGENT).boundingBox();
    expect(card && Math.round(card.height)).toBe(600);
    await screenshot(page, "chat-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await log
      .getByRole("button", { name: /^Source \d+:/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: GTM_PLAYBOOK.name });
    await expect
      .poll(() => dialog.getByRole("region", { name: "Cited passage" }).textContent())
      .toContain("playbook");
    await settled(dialog);
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
