// Journey: on API Management, create an API key (after the spec's blank-name message), copy it from the dialog that
// shows it once, ask a public agent from the Test box and get an answer citing its knowledge, call it with the
// copied key from outside the browser, watch the usage figures, the chart and the key's count move, then deactivate
// the key (refused), activate it again and delete it after confirmation (refused for good); the page fits a 375 px
// phone without serious accessibility violations.
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
} from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount, signUp } from "./support/accounts";
import { type AppServer, startAppServer } from "./support/app-server";
import { seriousA11yViolations } from "./support/axe";
import { launchBrowser, newContext, screenshot } from "./support/browser";
import { INGESTION_TIMEOUT_MS } from "./support/knowledge-steps";
import { card, numberIn, statValue, toast } from "./support/locators";
import { focusedLabelledTag, horizontalOverflow, isFocused, settled } from "./support/page-checks";

const AGENT = "Pricing Desk";
const KNOWLEDGE =
  "Pricing 2027. The Team plan costs 49 dollars per seat per month, billed annually. The Enterprise plan starts at 1,200 dollars per month and includes single sign-on.";
const QUESTION = "What does the Team plan cost per seat?";
/** The sum of the requests column of the chart's screen-reader table. */
async function chartRequests(page: Page): Promise<number> {
  const table = card(page, "API Usage").getByRole("table");
  if ((await table.count()) === 0) return 0;
  const cells = await table.locator("tbody tr td:nth-of-type(1)").allTextContents();
  return cells.reduce((sum, cell) => sum + Number(cell), 0);
}

describe("API keys and a public endpoint", () => {
  let server: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** An outside caller: no session cookie, only what it is given. */
  let outside: APIRequestContext;
  let endpoint = "";
  let fullKey = "";

  const callAgent = (headers: Record<string, string> = {}) =>
    outside.post(`/api/v1/${endpoint}`, { headers, data: { message: QUESTION } });

  beforeAll(async () => {
    server = await startAppServer();
    browser = await launchBrowser();
    context = await newContext(browser, server.url);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    page = await context.newPage();
    outside = await request.newContext({ baseURL: server.url });
    await signUp(page, newAccount("Katherine", "Johnson"));

    // A public custom agent with a note to answer from, made through the API as the agents page would.
    const headers = { origin: server.url };
    endpoint = `agent-pricing-desk-${Date.now()}`;
    const created = await page.request.post("/api/custom-agents", {
      headers,
      data: {
        name: AGENT,
        description: "Answers pricing questions",
        systemPrompt: "You answer pricing questions from the price list.",
        agentType: "custom",
        isPublic: true,
        apiEndpoint: endpoint,
      },
    });
    expect(created.status()).toBe(201);
    const agentId = ((await created.json()) as { id: string }).id;
    const note = await page.request.post("/api/data-sources", {
      headers,
      data: { name: "price-list", type: "text", content: KNOWLEDGE, agentId },
    });
    expect(note.ok()).toBe(true);
    // expect.poll is only for tests: the note is processed before any of them starts.
    const deadline = Date.now() + INGESTION_TIMEOUT_MS;
    for (;;) {
      const response = await page.request.get(`/api/documents?agent=${agentId}`);
      const statuses = ((await response.json()) as { status: string }[]).map((document) => document.status);
      if (statuses.join() === "completed") break;
      if (statuses.includes("failed") || Date.now() > deadline)
        throw new Error(`The agent's note was not processed: ${statuses.join() || "no document"}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  });

  afterAll(async () => {
    await outside?.dispose();
    await browser?.close();
    await server?.stop();
  });

  it("shows no usage yet, then creates a key after the blank-name message, copies it and never shows it again", async () => {
    await page.goto("/api-management");
    await page.getByRole("heading", { level: 1, name: "API Management" }).waitFor();
    await page.getByText("Manage API keys and external access to your AI agents").waitFor();
    const usage = card(page, "API Usage");
    await usage.getByText("No API calls in the last 24 hours.").waitFor();
    expect(await statValue(usage, "Total Requests").textContent()).toBe("0");
    expect(await statValue(usage, "Active Keys").textContent()).toBe("0");
    expect(await statValue(usage, "Success Rate").textContent()).toBe("100%");

    const keys = card(page, "API Keys");
    await keys.getByText("No API keys yet").waitFor();
    await keys.getByRole("button", { name: "Create API Key" }).click();
    await keys.getByText("Please enter a name for the API key").waitFor();
    expect(await keys.getByLabel("Key name").getAttribute("aria-invalid")).toBe("true");

    await keys.getByLabel("Key name").fill("Website chatbot");
    await keys.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog", { name: "API key Website chatbot" });
    await dialog.waitFor();
    await toast(page, "API Key Created").waitFor();
    fullKey = await dialog.getByLabel("Your new API key").inputValue();
    expect(fullKey).toMatch(/^acp_live_[A-Za-z0-9_-]{20,}$/);
    await dialog.getByRole("button", { name: "Copy API key" }).click();
    await toast(page, "Copied").waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fullKey);
    await screenshot(page, "api-key-shown-once");

    // A click beside the dialog does not lose the key; Done does, for good.
    await page.mouse.click(5, 5);
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Done" }).click();
    await dialog.waitFor({ state: "hidden" });
    const row = keys.getByRole("article", { name: "Website chatbot" });
    await expect.poll(() => focusedLabelledTag(page)).toBe("ARTICLE");
    expect(await page.content()).not.toContain(fullKey);
    expect(await row.locator("code").textContent()).toMatch(/^acp_live_/);
    await row.getByText("active", { exact: true }).waitFor();
    await row.getByText("0 requests today · rate limit 1000/hr").waitFor();
    await expect.poll(() => statValue(usage, "Active Keys").textContent()).toBe("1");
    await page.reload();
    await card(page, "API Keys").getByRole("article", { name: "Website chatbot" }).waitFor();
    expect(await page.content()).not.toContain(fullKey);
  });

  it("asks the public agent from the Test box: the blank message first, then an answer citing its note", async () => {
    const endpoints = card(page, "Public Endpoints");
    const item = endpoints.getByRole("article", { name: AGENT });
    await item.getByText(`/api/v1/${endpoint}`, { exact: true }).waitFor();
    await item.getByRole("button", { name: `Test ${AGENT}` }).click();
    await item.getByRole("button", { name: "Send" }).click();
    await item.getByText("Please enter a test message").waitFor();

    await item.getByLabel("Test message").fill(QUESTION);
    await item.getByRole("button", { name: "Send" }).click();
    const reply = item.getByRole("region", { name: `Reply from ${AGENT}` });
    await reply.waitFor({ timeout: 30_000 });
    expect(await reply.locator("p").first().textContent()).toMatch(/49/);
    await reply.getByText(/\[1\] price-list/).waitFor();
    await screenshot(page, "api-public-endpoint-test");
  });

  it("moves the usage figures and the chart after the Test box's call, and the key's count after a call with it", async () => {
    const usage = card(page, "API Usage");
    // The Test box's call was just made: the card reads its figures again by itself.
    await expect.poll(() => numberIn(statValue(usage, "Total Requests"))).toBe(1);
    await usage
      .getByRole("table", { name: "Requests and errors per hour, last 24 hours" })
      .waitFor({ state: "attached" });
    expect(await chartRequests(page)).toBe(1);
    await usage.getByText(/^Last 24 hours: 1 request, 0 errors/).waitFor();
    expect(await statValue(usage, "Success Rate").textContent()).toBe("100%");

    // From outside the browser with the copied key: it works, and it counts for the key.
    const keyed = await callAgent({ authorization: `Bearer ${fullKey}` });
    expect(keyed.status()).toBe(200);
    expect(keyed.headers()["ratelimit-limit"]).toBe("1000");
    await page.reload();
    await expect.poll(() => numberIn(statValue(card(page, "API Usage"), "Total Requests"))).toBe(2);
    await card(page, "API Usage").getByRole("table").waitFor({ state: "attached" });
    expect(await chartRequests(page)).toBe(2);
    await card(page, "API Keys")
      .getByRole("article", { name: "Website chatbot" })
      .getByText("1 request today · rate limit 1000/hr")
      .waitFor();
    await screenshot(page, "api-usage-moved");
  });

  it("limits the key to an agent and a lower hourly limit, which the API then enforces", async () => {
    const row = card(page, "API Keys").getByRole("article", { name: "Website chatbot" });
    await row.getByRole("button", { name: "Edit Website chatbot" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Website chatbot" });
    await edit.getByLabel("Requests per hour").fill("0");
    await edit.getByRole("button", { name: "Save" }).click();
    await edit.getByText(/^Enter a whole number of requests from 1/).waitFor();
    await edit.getByLabel("Requests per hour").fill("5");
    await edit.getByRole("checkbox", { name: "GTM Strategy" }).check();
    await edit.getByRole("checkbox", { name: AGENT }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await toast(page, "API Key Updated").waitFor();
    await edit.waitFor({ state: "hidden" });
    // Focus goes back to the button that opened the dialog.
    expect(await isFocused(row.getByRole("button", { name: "Edit Website chatbot" }))).toBe(true);
    await row.getByText(`Only GTM Strategy, ${AGENT}`).waitFor();
    await row.getByText(/rate limit 5\/hr$/).waitFor();
    const limited = await callAgent({ authorization: `Bearer ${fullKey}` });
    expect(limited.status()).toBe(200);
    expect(limited.headers()["ratelimit-limit"]).toBe("5");
  });

  it("deactivates the key (refused), activates it again, then deletes it after confirmation (refused for good)", async () => {
    const keys = card(page, "API Keys");
    const row = keys.getByRole("article", { name: "Website chatbot" });
    await row.getByRole("button", { name: "Deactivate Website chatbot" }).click();
    await toast(page, "API Key Deactivated").waitFor();
    await row.getByText("inactive", { exact: true }).waitFor();
    await expect.poll(() => statValue(card(page, "API Usage"), "Active Keys").textContent()).toBe("0");
    expect((await callAgent({ authorization: `Bearer ${fullKey}` })).status()).toBe(401);

    await row.getByRole("button", { name: "Activate Website chatbot" }).click();
    await toast(page, "API Key Activated").waitFor();
    await row.getByText("active", { exact: true }).waitFor();
    expect((await callAgent({ authorization: `Bearer ${fullKey}` })).status()).toBe(200);

    await row.getByRole("button", { name: "Delete Website chatbot" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Website chatbot?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    expect(await isFocused(row.getByRole("button", { name: "Delete Website chatbot" }))).toBe(true);
    await row.getByRole("button", { name: "Delete Website chatbot" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "API Key Deleted").waitFor();
    await row.waitFor({ state: "detached" });
    await keys.getByText("No API keys yet").waitFor();
    // Its row is gone: focus waits on the card's heading instead of falling back to the top of the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("API Keys");
    expect((await callAgent({ authorization: `Bearer ${fullKey}` })).status()).toBe(401);
    // The public agent still answers without a key.
    expect((await callAgent()).status()).toBe(200);
  });

  it("fits a 375 px screen, dialogs included, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/api-management");
    await card(page, "Public Endpoints").getByRole("article", { name: AGENT }).waitFor();
    await card(page, "API Usage").getByRole("table").waitFor({ state: "attached" });
    await page.waitForLoadState("networkidle");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "api-management-phone");

    const keys = card(page, "API Keys");
    await keys.getByLabel("Key name").fill("Phone key");
    await keys.getByRole("button", { name: "Create API Key" }).click();
    const dialog = page.getByRole("dialog", { name: "API key Phone key" });
    await dialog.waitFor();
    await settled(dialog);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });

    await keys
      .getByRole("article", { name: "Phone key" })
      .getByRole("button", { name: "Edit Phone key" })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Phone key" });
    await edit.getByRole("checkbox", { name: AGENT }).waitFor();
    await settled(edit);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "api-key-edit-phone");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "hidden" });
  });
});
