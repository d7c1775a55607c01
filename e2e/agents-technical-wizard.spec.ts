// Journey: walk the Technical Architecture wizard. Step 1 uploads an architecture note through the knowledge
// remote's upload component (loaded by mf-agents through federation) and sees it processed; step 2 shows what the
// agent now knows; step 3 offers the spec's sample queries beside the chat; Deploy Agent leads to step 4's
// operations; Back returns in order. The wizard fits a 375 px phone without serious accessibility violations.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import {
  chooseFiles,
  documentList,
  INGESTION_TIMEOUT_MS,
  waitUntilProcessed,
} from "./support/knowledge-steps";
import { toast } from "./support/locators";
import { horizontalOverflow } from "./support/page-checks";
import { wizardChat } from "./support/wizard-steps";

/** A small architecture note the technical agent learns from (and that its answers can cite). */
const ARCHITECTURE_NOTE = {
  name: "payments-architecture.txt",
  mimeType: "text/plain",
  buffer: Buffer.from(
    [
      "Payments platform architecture",
      "",
      "The public API gateway terminates TLS and routes requests to three services: orders, ledger and payouts.",
      "The ledger service writes every transaction to a PostgreSQL primary with two streaming replicas.",
      "Payout batches run every fifteen minutes from a queue; a failed batch is retried three times.",
      "Known risk: the orders service calls the ledger synchronously, so a slow ledger stalls checkout.",
    ].join("\n"),
  ),
};

/** Answered by the note's second sentence. */
const QUESTION = "Which services does the public API gateway route requests to?";

const SAMPLE_QUERIES = [
  "Review this API architecture for scalability",
  "Suggest improvements for database design",
  "Analyze security vulnerabilities in this system",
];

function stepLine(page: Page, step: number, title: string): Locator {
  return page.getByText(`Step ${step} of 4: ${title}`, { exact: true });
}

async function progress(page: Page): Promise<string | null> {
  return page.getByRole("progressbar").first().getAttribute("aria-valuenow");
}

async function tabStates(page: Page): Promise<{ name: string; disabled: boolean }[]> {
  const tabs = page.getByRole("tablist", { name: "Technical Architecture wizard steps" }).getByRole("tab");
  const states: { name: string; disabled: boolean }[] = [];
  for (let index = 0; index < (await tabs.count()); index += 1) {
    const tab = tabs.nth(index);
    states.push({ name: ((await tab.textContent()) ?? "").trim(), disabled: await tab.isDisabled() });
  }
  return states;
}

describe("the technical architecture wizard", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Margaret", "Hamilton"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    "uploads a document in step 1, shows it learned in step 2, and walks steps 3 and 4 in order",
    async () => {
      await page.goto("/agent/technical");
      await page.getByRole("heading", { level: 1, name: "Technical Architecture" }).waitFor();
      await page.getByText("Ready to Deploy", { exact: true }).waitFor();
      await stepLine(page, 1, "Upload Technical Docs").waitFor();
      expect(await progress(page)).toBe("25");
      expect(await tabStates(page)).toEqual([
        { name: "Tech Docs", disabled: false },
        { name: "Training", disabled: true },
        { name: "Testing", disabled: true },
        { name: "Operations", disabled: true },
      ]);
      await page.getByText("API documentation and specs", { exact: true }).waitFor();

      // Step 1: the knowledge remote's upload component, rendered inside mf-agents' page through federation.
      const input = page.getByLabel("Files to upload");
      await input.waitFor({ state: "attached" });
      expect(
        await input.evaluate((element) => element.closest("[data-remote]")?.getAttribute("data-remote")),
      ).toBe("mf-knowledge");
      await chooseFiles(page, [ARCHITECTURE_NOTE]);
      await toast(page, "Files Uploaded Successfully").waitFor();
      await waitUntilProcessed(documentList(page, "Latest documents of this agent"), [
        ARCHITECTURE_NOTE.name,
      ]);
      await screenshot(page, "wizard-technical-step-1");

      // Step 2: what the agent knows now.
      await page.getByRole("button", { name: "Continue to Training" }).click();
      await stepLine(page, 2, "Train Technical Agent").waitFor();
      expect(await progress(page)).toBe("50");
      expect(
        await page.evaluate(() => document.activeElement?.textContent),
        "focus moves to the new step's title",
      ).toBe("Train Technical Agent");
      const knowledge = page.getByLabel("Knowledge of Technical Architecture");
      await expect.poll(() => knowledge.textContent()).toContain("Documents ready1");
      expect(
        Number(/Passages indexed(\d+)/.exec((await knowledge.textContent()) ?? "")?.[1]),
      ).toBeGreaterThan(0);
      await page.getByText(ARCHITECTURE_NOTE.name, { exact: true }).waitFor();
      expect((await tabStates(page))[0]).toEqual({ name: "Tech Docs, completed", disabled: false });

      // Step 3: the spec's sample queries beside the chat with the technical agent.
      await page.getByRole("button", { name: "Continue to Testing" }).click();
      await stepLine(page, 3, "Test & Validate").waitFor();
      expect(await progress(page)).toBe("75");
      const samples = page.getByRole("region", { name: "Sample queries" });
      for (const query of SAMPLE_QUERIES) await samples.getByRole("button", { name: query }).waitFor();

      // The chat with the technical agent answers from the uploaded note, cites it, and opens the cited passage.
      const card = wizardChat(page, "Technical Architecture");
      const box = card.getByRole("textbox", { name: "Message" });
      await box.fill(QUESTION);
      await box.press("Enter");
      // Spec section 4: with no conversation, the first send only creates one.
      await expect
        .poll(() => card.getByRole("combobox", { name: "Conversation" }).textContent())
        .toContain("New Technical Conversation");
      await box.press("Enter");
      const log = card.getByRole("log", { name: "Conversation" });
      const citation = log
        .getByRole("button", { name: new RegExp(`^Source \\d+: ${ARCHITECTURE_NOTE.name}`) })
        .first();
      await citation.waitFor({ timeout: 30_000 });
      expect(await log.textContent()).toContain("orders, ledger and payouts");
      await citation.click();
      const dialog = page.getByRole("dialog", { name: ARCHITECTURE_NOTE.name });
      await expect
        .poll(() => dialog.getByRole("region", { name: "Cited passage" }).locator("mark").textContent())
        .toContain("public API gateway");
      await screenshot(page, "wizard-technical-step-3-cited");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      // Deploy Agent moves on without a call.
      const requests: string[] = [];
      const record = (request: { url: () => string; method: () => string }) => {
        if (request.method() !== "GET") requests.push(`${request.method()} ${request.url()}`);
      };
      page.on("request", record);
      await page.getByRole("button", { name: "Deploy Agent" }).click();
      await stepLine(page, 4, "Tech Operations").waitFor();
      page.off("request", record);
      expect(requests).toEqual([]);
      expect(await progress(page)).toBe("100");
      await page.getByRole("heading", { level: 3, name: "Architecture Review" }).waitFor();
      await page.getByRole("button", { name: "Review Architecture" }).waitFor();
      await page.getByRole("heading", { level: 3, name: "System Design" }).waitFor();
      await page.getByRole("button", { name: "Optimize System" }).waitFor();
      expect((await tabStates(page)).map((tab) => tab.disabled)).toEqual([false, false, false, false]);
      await screenshot(page, "wizard-technical-step-4");

      // Back, in order, and a tab back to step 1 disables the steps after it again.
      await page.getByRole("button", { name: "Back to Testing" }).click();
      await stepLine(page, 3, "Test & Validate").waitFor();
      await page.getByRole("tab", { name: /^Tech Docs/ }).click();
      await stepLine(page, 1, "Upload Technical Docs").waitFor();
      expect((await tabStates(page)).map((tab) => tab.disabled)).toEqual([false, true, true, true]);
    },
    INGESTION_TIMEOUT_MS + 60_000,
  );

  it("fits a 375 px screen at every step without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/agent/technical");
    await stepLine(page, 1, "Upload Technical Docs").waitFor();
    await page.getByLabel("Files to upload").waitFor({ state: "attached" });
    for (const [button, step, title] of [
      [null, 1, "Upload Technical Docs"],
      ["Continue to Training", 2, "Train Technical Agent"],
      ["Continue to Testing", 3, "Test & Validate"],
      ["Deploy Agent", 4, "Tech Operations"],
    ] as const) {
      if (button) await page.getByRole("button", { name: button }).click();
      await stepLine(page, step, title).waitFor();
      await page.waitForLoadState("networkidle");
      expect(await horizontalOverflow(page), `step ${step} scrolls sideways`).toBeLessThanOrEqual(0);
      expect(await seriousA11yViolations(page), `step ${step} axe`).toEqual([]);
    }
    await screenshot(page, "wizard-technical-phone");
  });
});
