// Journey: on Model Training, upload the GTM Strategy agent's knowledge through the Training Data Sources card, see the
// dataset check, start a 5-epoch job, watch its bar and "Epoch N of 5" advance to completed, open its metrics (the
// per-epoch chart and the before/after figures), and find the measured accuracy as the dashboard's GTM Accuracy. The
// page fits a 375 px phone without serious accessibility violations.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import { type FileContent, uploadAndWait, uploadsRegion } from "./support/knowledge-steps";
import { card, toast } from "./support/locators";
import { horizontalOverflow } from "./support/page-checks";

const TRAINING_TIMEOUT_MS = 180_000;

/** Go-to-market notes: each file one topic, many distinct sentences (enough to hold some out for validation). */
const TOPICS = [
  ["pricing", "discount", "seat", "annual", "tier", "renewal", "invoice", "upsell"],
  ["pipeline", "prospect", "qualified", "stage", "forecast", "champion", "demo", "close"],
  ["channel", "partner", "reseller", "margin", "referral", "marketplace", "co-selling", "enablement"],
  ["launch", "announcement", "press", "webinar", "campaign", "landing", "signup", "waitlist"],
  ["segment", "enterprise", "midmarket", "startup", "vertical", "persona", "buyer", "budget"],
  ["retention", "churn", "onboarding", "adoption", "health", "expansion", "support", "survey"],
];
const SHARED = ["team", "quarter", "region", "report", "review", "target", "customer", "plan"];

function notes(topic: readonly string[], index: number): FileContent {
  const sentences: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    const a = topic[i % topic.length];
    const b = topic[(i * 3 + 1) % topic.length];
    const c = topic[(i * 5 + 2) % topic.length];
    const s = SHARED[(i * 7 + index) % SHARED.length];
    sentences.push(
      `Rule ${i + 1}: the ${a} ${s} checks the ${b} before every ${c} review in week ${(i % 12) + 1}.`,
    );
  }
  const paragraphs = [];
  for (let i = 0; i < sentences.length; i += 6) paragraphs.push(sentences.slice(i, i + 6).join(" "));
  return {
    name: `gtm-${topic[0]}.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(`${topic[0]} playbook\n\n${paragraphs.join("\n\n")}`),
  };
}

describe("training a GTM job", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Katherine", "Johnson"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it("uploads the agent's knowledge, trains for 5 epochs with a live bar, shows the metrics and the accuracy", async () => {
    await page.goto("/training");
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();

    // Training Data Sources: the knowledge remote's upload, for the GTM Strategy agent.
    const sources = card(page, "Training Data Sources");
    await sources.getByRole("combobox", { name: "Agent (optional)" }).click();
    await page.getByRole("option", { name: "GTM Strategy", exact: true }).click();
    const uploads = uploadsRegion(sources);
    await uploadAndWait(
      sources,
      TOPICS.map((topic, index) => notes(topic, index)),
      uploads,
    );
    expect(await uploads.getByText("Processed", { exact: true }).count()).toBe(TOPICS.length);

    // The dataset check alone: what a job would train on, nothing refused.
    const jobs = card(page, "Active Training Jobs");
    await jobs.getByRole("button", { name: "Validate Data" }).click();
    const check = page.getByRole("dialog");
    await check.getByText("This data can be trained on.").waitFor();
    expect(await check.getByRole("heading", { name: "Problems" }).count()).toBe(0);
    await page.keyboard.press("Escape");
    await check.waitFor({ state: "hidden" });

    // Start a 5-epoch job; the form refuses a blank name first.
    await jobs.getByRole("button", { name: "Start Training" }).click();
    await page.getByText("Please enter a job name").first().waitFor();
    await jobs.getByLabel("Job name").fill("Q4 pipeline playbook");
    await jobs.getByRole("combobox", { name: "Epochs" }).click();
    await page.getByRole("option", { name: "5 epochs", exact: true }).click();
    await jobs.getByRole("button", { name: "Start Training" }).click();
    await toast(page, "Training Job Created").waitFor();

    // The running job's bar and epoch move on with the worker (polled every 10 s), then it completes.
    const seenEpochs = new Set<string>();
    let sawActive = false;
    const deadline = Date.now() + TRAINING_TIMEOUT_MS;
    const item = jobs.getByRole("listitem").filter({ hasText: "Q4 pipeline playbook" });
    for (;;) {
      const text = (await jobs.textContent()) ?? "";
      for (const match of text.matchAll(/Epoch (\d) of 5/g)) seenEpochs.add(match[1] ?? "");
      if ((await jobs.getByRole("progressbar", { name: "Q4 pipeline playbook progress" }).count()) > 0)
        sawActive = true;
      if (/completed/i.test((await item.first().textContent()) ?? "")) break;
      if (/failed/i.test((await item.first().textContent()) ?? "")) {
        throw new Error(`the job failed: ${await item.first().textContent()}`);
      }
      if (Date.now() > deadline) throw new Error(`the job did not complete: ${text}`);
      await page.waitForTimeout(250);
    }
    // The bar showed while the job was queued or running; any epoch seen on the way was one of the five.
    expect(sawActive).toBe(true);
    expect([...seenEpochs].every((epoch) => ["0", "1", "2", "3", "4", "5"].includes(epoch))).toBe(true);
    await screenshot(page, "training-completed");

    // Its metrics: one chart point per epoch against the untrained baseline, and before/after figures.
    await item
      .first()
      .getByRole("button", { name: /^View Training Metrics/ })
      .click();
    const metrics = page.getByRole("dialog");
    const perEpoch = metrics.getByRole("table", { name: "Training metrics per epoch" });
    await perEpoch.waitFor({ state: "attached" });
    expect(await perEpoch.getByRole("rowheader", { name: /^[1-5]$/ }).count()).toBe(5);
    await perEpoch.getByRole("rowheader", { name: "Untrained baseline" }).waitFor({ state: "attached" });
    await metrics
      .getByText(/nDCG@10/)
      .first()
      .waitFor();
    await screenshot(page, "training-metrics");
    await page.keyboard.press("Escape");

    // The dashboard's GTM Accuracy is what the job measured, as a percentage.
    await page.goto("/");
    const accuracy = card(page, "GTM Accuracy", 3);
    await expect
      .poll(async () => (await accuracy.textContent()) ?? "", { timeout: 40_000 })
      .toMatch(/\d+(\.\d)?%/);
  });

  it("fits a 375 px phone without serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/training");
    await page.getByRole("heading", { level: 1, name: "Model Training & Fine-tuning" }).waitFor();
    await card(page, "Active Training Jobs").getByText("Q4 pipeline playbook").first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
