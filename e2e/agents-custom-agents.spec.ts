// Journey: on AI Agent Management, deploy the six demo agents (public, each with its endpoint), create a custom
// agent after the spec's validation error, delete it after confirmation; switch an executive agent off and
// configure another, and see both survive a reload; the page fits a 375 px phone without serious axe violations.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import { card, toast } from "./support/locators";
import { focusedLabelledTag, horizontalOverflow, isFocused } from "./support/page-checks";

/** Spec section 9: the six preset demo agents. */
const DEMO_AGENTS = [
  "Executive Leadership Advisor",
  "Market Intelligence",
  "Innovation & Technology",
  "Financial Strategy",
  "Operations Excellence",
  "HR & Talent Strategy",
];

describe("managing agents", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Grace", "Hopper"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it("deploys the six demo agents, each public with its own endpoint", async () => {
    await page.goto("/agents");
    await page.getByRole("heading", { level: 1, name: "AI Agent Management" }).waitFor();
    const agents = card(page, "Custom Agents");
    const presets = agents.getByRole("list", { name: "Demo agents" });
    await presets.waitFor();
    const offered = await presets.getByRole("listitem").allTextContents();
    expect(offered.map((text, index) => text.startsWith(DEMO_AGENTS[index] ?? "?"))).toEqual(
      DEMO_AGENTS.map(() => true),
    );
    await agents.getByRole("button", { name: "Deploy 6 Demo Agents" }).click();
    await toast(page, "Demo Agent Created").waitFor();
    const list = agents.getByRole("list", { name: "Custom Agents" });
    await expect.poll(() => list.getByRole("article").count()).toBe(6);
    for (const name of DEMO_AGENTS) {
      const item = list.getByRole("article", { name, exact: true });
      await item.getByText("Public", { exact: true }).waitFor();
      expect(await item.locator("code").textContent()).toMatch(/^\/api\/v1\/agent-[a-z0-9-]+-\d{13}$/);
      await item.getByText("Untrained").waitFor();
    }
    await screenshot(page, "agents-demo-presets");
  });

  it("refuses a custom agent without a name or prompt, then creates one and deletes it after confirmation", async () => {
    const form = card(page, "Create Custom Agent");
    await form.getByRole("button", { name: "Create Agent" }).click();
    await toast(page, "Validation Error").waitFor();
    await form.getByText("Validation Error: Name and system prompt are required.").waitFor();
    expect(await form.getByLabel("Name", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await isFocused(form.getByLabel("Name", { exact: true }))).toBe(true);

    await form.getByLabel("Name", { exact: true }).fill("Board Pack Assistant");
    await form.getByRole("button", { name: "Create Agent" }).click();
    await toast(page, "Validation Error").waitFor();
    expect(await isFocused(form.getByLabel("System prompt"))).toBe(true);

    await form.getByLabel(/^Description/).fill("Prepares the quarterly board pack");
    await form
      .getByLabel("System prompt")
      .fill("You prepare board packs from the minutes and the financials.");
    await form.getByRole("combobox", { name: "Agent type" }).click();
    await page.getByRole("option", { name: "Fundraising Prep" }).click();
    await form.getByRole("switch", { name: "Make publicly accessible via API" }).click();
    await form.getByRole("button", { name: "Create Agent" }).click();
    await toast(page, "Agent Created").waitFor();
    expect(await form.getByLabel("Name", { exact: true }).inputValue()).toBe("");

    const list = card(page, "Custom Agents").getByRole("list", { name: "Custom Agents" });
    const created = list.getByRole("article", { name: "Board Pack Assistant" });
    await created.waitFor();
    await created.getByText("Fundraising Prep", { exact: true }).waitFor();
    expect(await created.locator("code").textContent()).toMatch(
      /^\/api\/v1\/agent-board-pack-assistant-\d{13}$/,
    );

    await created.getByRole("button", { name: "Delete Board Pack Assistant" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete Board Pack Assistant?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "hidden" });
    await created.waitFor();
    await created.getByRole("button", { name: "Delete Board Pack Assistant" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Agent Deleted").waitFor();
    await created.waitFor({ state: "detached" });
    await confirm.waitFor({ state: "hidden" });
    // Focus stays in the list (on the next agent) instead of falling back to the top of the page.
    await expect.poll(() => focusedLabelledTag(page)).toBe("ARTICLE");
    expect(await list.getByRole("article").count()).toBe(6);
  });

  it("switches an executive agent off and configures another; both are stored", async () => {
    const center = card(page, "Agent Management Center");
    const gtm = center.getByRole("article", { name: "GTM Strategy" });
    await gtm.getByRole("switch", { name: "Deactivate GTM Strategy" }).click();
    await toast(page, "Agent Deactivated").waitFor();
    await gtm.getByText("inactive", { exact: true }).waitFor();

    const legal = center.getByRole("article", { name: "Legal Foundation" });
    await legal.getByRole("button", { name: "Activate Agent Legal Foundation" }).click();
    await toast(page, "Agent Activated").waitFor();
    await legal.getByRole("button", { name: "Configure Legal Foundation" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure Legal Foundation" });
    await dialog.getByText(/Leave empty to use the installation's default/).waitFor();
    await dialog.getByLabel("Temperature").fill("5");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Temperature must be a number from 0 to 2.").waitFor();
    await dialog.getByLabel("Temperature").fill("0.6");
    await dialog.getByLabel("Passages per answer").fill("9");
    await dialog.getByLabel("System prompt").fill("Quote every clause you rely on and flag the risky ones.");
    await dialog.getByRole("button", { name: "Save" }).click();
    await toast(page, "Configuration Saved").waitFor();
    await dialog.waitFor({ state: "hidden" });

    await legal.getByRole("button", { name: "Analytics Legal Foundation" }).click();
    const analytics = page.getByRole("dialog", { name: "Legal Foundation analytics" });
    await analytics.getByText("No conversations yet").waitFor();
    await page.keyboard.press("Escape");
    await analytics.waitFor({ state: "hidden" });

    await page.reload();
    const reloaded = card(page, "Agent Management Center");
    await reloaded
      .getByRole("article", { name: "GTM Strategy" })
      .getByText("inactive", { exact: true })
      .waitFor();
    expect(
      await reloaded.getByRole("switch", { name: "Activate GTM Strategy" }).getAttribute("aria-checked"),
    ).toBe("false");
    const legalAgain = reloaded.getByRole("article", { name: "Legal Foundation" });
    await legalAgain.getByRole("button", { name: "Details of Legal Foundation" }).click();
    const configuration = legalAgain.locator("dl");
    await expect.poll(() => configuration.textContent()).toContain("Temperature0.6");
    expect(await configuration.textContent()).toContain("Passages per answer9");
    expect(await configuration.textContent()).toContain("System promptCustomised");
    await screenshot(page, "agents-configured");
  });

  it("quick-deploys every executive agent", async () => {
    const quick = card(page, "Quick Deploy Executive Agents");
    await quick.getByRole("button", { name: "Deploy All Executive Agents" }).click();
    await toast(page, "Executive Agents Deployed").waitFor();
    await quick.getByRole("button", { name: "All Executive Agents Active" }).waitFor();
    const center = card(page, "Agent Management Center");
    await expect.poll(() => center.getByRole("switch", { checked: true }).count()).toBe(5);
  });

  it("fits a 375 px screen, dialogs included, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/agent-management");
    await page.getByRole("heading", { level: 1, name: "AI Agent Management" }).waitFor();
    await card(page, "Custom Agents").getByRole("article").first().waitFor();
    await page.waitForLoadState("networkidle");
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, "agents-phone");

    await page.getByRole("button", { name: "Configure GTM Strategy" }).click();
    const dialog = page.getByRole("dialog", { name: "Configure GTM Strategy" });
    await dialog.getByLabel("System prompt").waitFor();
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
