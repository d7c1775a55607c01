// Journey: with an OpenAI-compatible chat model that writes slowly (a real HTTP server speaking OpenAI's protocol),
// ask the go-to-market agent a sample question, watch the answer stream in, press Stop, and see the partial answer
// kept, marked stopped, the model told to stop, and focus back in the message box; after a reload the stopped answer
// is still there as the server stored it.
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@acp/api/src/test/fake-openai-server";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import { isFocused } from "./support/page-checks";
import { openTestingStep, wizardChat } from "./support/wizard-steps";

const MODEL = "fake-slow-model";
/** Long enough that, at one piece every 150 ms, the answer is still streaming when Stop is pressed. */
const REPLY = Array.from({ length: 120 }, (_, index) => `word${index + 1}`).join(" ");
const SAMPLE = "What is our ideal customer profile?";

const AGENT = "GTM Strategy";

describe("stopping a streaming answer", () => {
  let model: FakeOpenAiServer;
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    model.setChatScript({ reply: REPLY, pieceDelayMs: 150 });
    journey = await startJourney(newAccount("Hedy", "Lamarr"), {
      LLM_PROVIDER: "openai",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: model.apiKey,
      OPENAI_CHAT_MODEL: MODEL,
    });
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
    await model?.close();
  });

  it("keeps the partial answer, marked stopped, and stops the model", async () => {
    await page.goto("/agent/gtm");
    await openTestingStep(page, AGENT);
    const card = wizardChat(page, AGENT);
    await card.getByText(MODEL, { exact: true }).waitFor();
    expect(await card.getByText("Offline mode", { exact: true }).count()).toBe(0);

    // A sample question (the wizard's, above the chat) is an explicit request: with no conversation yet, the card
    // starts one and asks it.
    await page.getByRole("region", { name: "Sample queries" }).getByRole("button", { name: SAMPLE }).click();
    const log = card.getByRole("log", { name: "Conversation" });
    await log.getByText(SAMPLE, { exact: true }).waitFor();
    await log.getByText(/word3\b/).waitFor({ timeout: 30_000 });
    expect(await log.getAttribute("aria-busy")).toBe("true");
    expect(await card.getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
    await screenshot(page, "chat-streaming");

    await card.getByRole("button", { name: "Stop" }).click();
    await log.getByText("Stopped before the answer was finished.").waitFor();
    await card.getByRole("button", { name: "Stop" }).waitFor({ state: "detached" });
    expect(await log.getAttribute("aria-busy")).toBe("false");
    const shown = (await log.textContent()) ?? "";
    expect(shown).toContain("word1");
    expect(shown).not.toContain("word120");
    expect(await isFocused(card.getByRole("textbox", { name: "Message" }))).toBe(true);
    await expect.poll(() => model.chatRequests.at(-1)?.clientAborted, { timeout: 10_000 }).toBe(true);
    await screenshot(page, "chat-stopped");

    // The server stored what was written, marked stopped: a fresh page shows the same.
    await page.goto("/agent/gtm");
    await openTestingStep(page, AGENT);
    const again = wizardChat(page, AGENT).getByRole("log", { name: "Conversation" });
    await again.getByText("Stopped before the answer was finished.").waitFor();
    expect(await again.textContent()).toContain("word1");
    expect(await again.textContent()).not.toContain("word120");
  });
});
