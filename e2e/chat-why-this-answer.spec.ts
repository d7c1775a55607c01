// Journey (issue 28): ask the go-to-market agent a question in its chat, open "Why this answer?" under the answer and
// see the quoted evidence with its passage, and the kind of answer looked for; the open trace fits a 375 px phone
// without serious accessibility violations; the retrieval lab asks the same agent the same question and shows the
// same quote in its own open trace.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { GTM_PLAYBOOK } from "./support/gtm-playbook";
import { type Journey, startJourney } from "./support/journey";
import {
  documentList,
  INGESTION_TIMEOUT_MS,
  openKnowledgePage,
  uploadAndWait,
} from "./support/knowledge-steps";
import { card } from "./support/locators";
import { horizontalOverflow } from "./support/page-checks";
import { openTestingStep, wizardChat } from "./support/wizard-steps";

const QUESTION = "What is our ideal customer profile?";
const EVIDENCE = "mid-market logistics company";
const AGENT = "GTM Strategy";

describe("why this answer", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Karen", "Spärck Jones"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    "opens under the chat's answer and shows the quoted evidence with its passage",
    async () => {
      await page.goto("/agent/gtm");
      await uploadAndWait(page, [GTM_PLAYBOOK], documentList(page, "Latest documents of this agent"));
      await openTestingStep(page, AGENT);
      const chat = wizardChat(page, AGENT);
      const box = chat.getByRole("textbox", { name: "Message" });
      await box.fill(QUESTION);
      // The first Enter starts "New GTM Conversation" (spec section 4), the second sends.
      await box.press("Enter");
      await chat.getByText("No messages yet").waitFor();
      await box.press("Enter");
      const log = chat.getByRole("log", { name: "Conversation" });
      const why = log.getByRole("button", { name: "Why this answer?" });
      await why.waitFor({ timeout: 30_000 });
      expect(await why.getAttribute("aria-expanded")).toBe("false");
      await why.click();
      expect(await why.getAttribute("aria-expanded")).toBe("true");
      const panel = page.locator(`[id="${await why.getAttribute("aria-controls")}"]`);
      await panel.locator("q", { hasText: EVIDENCE }).first().waitFor();
      await panel
        .getByRole("button", { name: /^Open passage \[\d+\]$/ })
        .first()
        .waitFor();
      await panel
        .getByRole("list", { name: "Passages considered" })
        .getByText(GTM_PLAYBOOK.name)
        .first()
        .waitFor();
      await screenshot(page, "chat-why-this-answer");

      // The same answer's passage opens from the trace as from its marker.
      await panel
        .getByRole("button", { name: /^Open passage \[\d+\]$/ })
        .first()
        .click();
      const dialog = page.getByRole("dialog", { name: GTM_PLAYBOOK.name });
      await dialog.waitFor();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    },
    INGESTION_TIMEOUT_MS + 60_000,
  );

  it("fits a 375 px screen open, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/agent/gtm");
    await openTestingStep(page, AGENT);
    const log = wizardChat(page, AGENT).getByRole("log", { name: "Conversation" });
    const why = log.getByRole("button", { name: "Why this answer?" });
    await why.click();
    await log.locator("q", { hasText: EVIDENCE }).first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "chat-why-this-answer-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it("opens in the retrieval lab for the same question asked of the same agent", async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await openKnowledgePage(page);
    const lab = card(page, "Retrieval Lab");
    await lab.getByLabel("Question").fill(QUESTION);
    await lab.getByRole("combobox", { name: "Agent" }).click();
    await page.getByRole("option", { name: AGENT, exact: true }).click();
    await lab.getByRole("button", { name: "Ask the agent" }).click();
    const answer = lab.getByRole("region", { name: `${AGENT}'s answer` });
    await answer.waitFor({ timeout: 30_000 });
    expect(await answer.getByRole("button", { name: "Why this answer?" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
    await answer.locator("q", { hasText: EVIDENCE }).first().waitFor();
    await screenshot(page, "retrieval-lab-why-this-answer");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
