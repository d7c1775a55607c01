// Journey: a library of many documents on /knowledge: page through it ("Showing 1–50 of 57"), find a document by
// name, by status, type and agent; give a custom agent a file and a text source through the pickers and find both
// under that agent; on a 375 px phone a very long file name is shown whole, nothing scrolls sideways, and the page
// has no serious accessibility violations.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import {
  chooseFiles,
  documentList,
  documentRow,
  INGESTION_TIMEOUT_MS,
  openKnowledgePage,
  uploadsRegion,
} from "./support/knowledge-steps";
import { card, textOf, toast } from "./support/locators";
import { horizontalOverflow } from "./support/page-checks";

const AGENT = "Pricing Desk";
/** 61 files: 55 memos, a long-named review and 4 ledgers for no agent and for GTM, and a PDF that cannot be read. */
const MEMOS = Array.from({ length: 55 }, (_, i) => `memo-${String(i + 1).padStart(3, "0")}.txt`);
const LEDGERS = ["ledger-north.csv", "ledger-south.csv", "ledger-east.csv", "ledger-west.csv"];
const BROKEN = "broken-scan.pdf";
/** A name with no space to break at, far wider than a phone. */
const LONG_NAME =
  "Quarterly-business-review-for-the-northern-european-region-including-all-subsidiaries-and-joint-ventures-final-approved-version-2026.txt";
const LONG_NAME_CONTENT = "The northern region grew by twelve percent.";

type Part = { name: string; mimeType: string; buffer: Buffer };

function textFile(name: string, content: string): Part {
  return { name, mimeType: name.endsWith(".csv") ? "text/csv" : "text/plain", buffer: Buffer.from(content) };
}

/** Uploads `files` (at most 50) through the API as the upload card would, for `agentId` when given. */
async function upload(page: Page, origin: string, files: Part[], agentId?: string): Promise<void> {
  const form = new FormData();
  if (agentId) form.append("agentId", agentId);
  for (const file of files) {
    form.append("files", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  }
  const response = await page.request.post("/api/documents/upload", { headers: { origin }, multipart: form });
  expect(response.status()).toBe(201);
}

/** Waits until no document of the user is processing (setup only: tests poll the screen instead). */
async function untilProcessed(page: Page): Promise<void> {
  const deadline = Date.now() + INGESTION_TIMEOUT_MS * 2;
  for (;;) {
    const response = await page.request.get("/api/documents?status=processing&limit=1");
    const { total } = (await response.json()) as { total: number };
    if (total === 0) return;
    if (Date.now() > deadline) throw new Error(`${total} documents still processing`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Picks `option` in the select labelled `label` inside `scope`, from the keyboard (its options are portalled). */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const trigger = scope.getByRole("combobox", { name: label, exact: true });
  await trigger.focus();
  await page.keyboard.press("Enter");
  await page.getByRole("option", { name: option, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect.poll(() => textOf(trigger)).toBe(option);
}

function documentsCard(page: Page) {
  return card(page, "Documents");
}

async function listedNames(page: Page): Promise<string[]> {
  return documentList(page)
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.textContent ?? ""));
}

describe("finding documents in a large knowledge base", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Grace", "Hopper"));
    page = journey.page;
    const origin = journey.server.url;
    const created = await page.request.post("/api/custom-agents", {
      headers: { origin },
      data: { name: AGENT, systemPrompt: "You answer pricing questions.", agentType: "custom" },
    });
    expect(created.status()).toBe(201);
    await upload(
      page,
      origin,
      MEMOS.slice(0, 50).map((name) => textFile(name, `Memo ${name}: the board met and agreed.`)),
    );
    await upload(page, origin, [
      ...MEMOS.slice(50).map((name) => textFile(name, `Memo ${name}: nothing to add.`)),
      textFile(LEDGERS[0] as string, "region,revenue\nNorth,100\n"),
      textFile(LEDGERS[1] as string, "region,revenue\nSouth,200\n"),
      textFile(LONG_NAME, LONG_NAME_CONTENT),
      {
        name: BROKEN,
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\nnot really a PDF\n%%EOF\n"),
      },
    ]);
    await upload(
      page,
      origin,
      LEDGERS.slice(2).map((name) => textFile(name, `region,revenue\n${name},300\n`)),
      "gtm",
    );
    await untilProcessed(page);
  }, INGESTION_TIMEOUT_MS * 3);

  afterAll(async () => {
    await journey?.close();
  });

  it("pages through 61 documents and finds them by name, status, type and agent", async () => {
    await openKnowledgePage(page);
    const documents = documentsCard(page);
    await documents.getByText("Showing 1–50 of 61", { exact: true }).waitFor();
    expect(await documentList(page).getByRole("listitem").count()).toBe(50);
    await documents.getByRole("button", { name: "Next" }).click();
    await documents.getByText("Showing 51–61 of 61", { exact: true }).waitFor();
    expect(await documentList(page).getByRole("listitem").count()).toBe(11);
    await documents.getByRole("button", { name: "Previous" }).click();
    await documents.getByText("Showing 1–50 of 61", { exact: true }).waitFor();

    await documents.getByRole("searchbox", { name: "Search by name" }).fill("LEDGER");
    await documents.getByText("Showing 1–4 of 4", { exact: true }).waitFor();
    expect((await listedNames(page)).sort()).toEqual([...LEDGERS].sort());
    await choose(page, documents, "Agent", "GTM Strategy");
    await documents.getByText("Showing 1–2 of 2", { exact: true }).waitFor();
    expect((await listedNames(page)).sort()).toEqual(LEDGERS.slice(2).sort());
    await choose(page, documents, "Agent", "All agents");
    await documents.getByText("Showing 1–2 of 2", { exact: true }).waitFor();
    expect((await listedNames(page)).sort()).toEqual(LEDGERS.slice(0, 2).sort());

    await documents.getByRole("button", { name: "Clear filters" }).click();
    await documents.getByText("Showing 1–50 of 61", { exact: true }).waitFor();
    await choose(page, documents, "Status", "Failed");
    await documents.getByText("Showing 1–1 of 1", { exact: true }).waitFor();
    expect(await listedNames(page)).toEqual([BROKEN]);
    await choose(page, documents, "Status", "Any status");
    await choose(page, documents, "Type", "CSV");
    await documents.getByText("Showing 1–4 of 4", { exact: true }).waitFor();
    await choose(page, documents, "Type", "Text");
    await documents.getByText("Showing 1–50 of 56", { exact: true }).waitFor();

    await documents.getByRole("searchbox", { name: "Search by name" }).fill("no such memo");
    await documents.getByText("No documents match", { exact: true }).waitFor();
    await documents.getByRole("button", { name: "Clear filters" }).last().click();
    await documents.getByText("Showing 1–50 of 61", { exact: true }).waitFor();
    await screenshot(page, "knowledge-find-documents");
  });

  it(
    "gives a custom agent a file and a text source through the pickers, and finds both under that agent",
    async () => {
      await openKnowledgePage(page);
      const uploadCard = card(page, "Upload Documents");
      await choose(page, uploadCard, "Agent (optional)", AGENT);
      await chooseFiles(uploadCard, [textFile("tiers.txt", "Quasar tier costs 99 euros a month.")]);
      await toast(page, "Files Uploaded Successfully").waitFor();

      const sources = card(page, "Agent Data Sources");
      await choose(page, sources, "Agent", AGENT);
      await sources.getByLabel("Name").fill("Price list");
      await sources.getByLabel("Content").fill("Zephyr plans cost 42 euros.");
      await sources.getByRole("button", { name: "Add Data Source" }).click();
      await toast(page, "Data Source Added").waitFor();

      const documents = documentsCard(page);
      await choose(page, documents, "Agent", AGENT);
      await documents.getByText("Showing 1–2 of 2", { exact: true }).waitFor();
      expect((await listedNames(page)).sort()).toEqual(["Price list", "tiers.txt"]);
      for (const name of ["Price list", "tiers.txt"]) {
        await documentRow(documentList(page), name)
          .getByText("Processed", { exact: true })
          .waitFor({ timeout: INGESTION_TIMEOUT_MS });
      }
    },
    INGESTION_TIMEOUT_MS + 60_000,
  );

  it("shows a very long file name whole on a 375 px phone, without sideways scrolling or serious violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openKnowledgePage(page);
    const documents = documentsCard(page);
    await documents.getByRole("searchbox", { name: "Search by name" }).fill("Quarterly-business");
    await documents.getByText("Showing 1–1 of 1", { exact: true }).waitFor();
    // The same file again: the upload's own list names it too (as already in the knowledge base).
    await chooseFiles(card(page, "Upload Documents"), [textFile(LONG_NAME, LONG_NAME_CONTENT)]);
    await toast(page, "Files Uploaded Successfully").waitFor();
    for (const name of [
      documentList(page).getByRole("link", { name: LONG_NAME }),
      uploadsRegion(page).getByText(LONG_NAME, { exact: true }),
    ]) {
      // Nothing of it is hidden: not cut to a line or two with an ellipsis, not pushed off the screen.
      const shape = await name.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return {
          hidden:
            element.scrollHeight > element.clientHeight + 1 || element.scrollWidth > element.clientWidth + 1,
          text: element.textContent?.trim(),
          onScreen: box.left >= 0 && box.right <= 375,
        };
      });
      expect(shape).toEqual({ hidden: false, text: LONG_NAME, onScreen: true });
    }
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "knowledge-find-documents-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
