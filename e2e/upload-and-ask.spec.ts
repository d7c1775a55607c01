// Journey: upload a PDF and a spreadsheet, watch both reach Processed and the totals grow, ask the retrieval lab a
// question the spreadsheet answers and open the sheet and rows it names, delete the PDF and see its vectors go;
// the page fits a 375 px phone and has no serious accessibility violations.
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { repoRoot } from "./support/env";
import { type Journey, startJourney } from "./support/journey";
import {
  askRetrievalLab,
  chooseFiles,
  documentList,
  documentRow,
  INGESTION_TIMEOUT_MS,
  openKnowledgePage,
  uploadsRegion,
  waitUntilProcessed,
} from "./support/knowledge-steps";
import { card, numberIn, statValue, textOf, toast } from "./support/locators";
import { horizontalOverflow } from "./support/page-checks";

const fixtures = path.resolve(repoRoot, "../shared/fixtures/real-world");
const PDF = "hello-world-multiscript.pdf";
const SPREADSHEET = "five-sheets-german.xlsx";
/** MANIFEST.md: a phrase of the spreadsheet's spare-parts sheet. */
const QUESTION = "Bestandsliste Ersatzteile";

describe("uploading documents and asking about them", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Katherine", "Johnson"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    "uploads a PDF and a spreadsheet, processes them, finds the spreadsheet's rows and deletes the PDF",
    async () => {
      await openKnowledgePage(page);
      const stats = card(page, "Knowledge Base Stats");
      const vectors = card(page, "Vector Database");
      await expect.poll(() => textOf(statValue(stats, "Total Documents"))).toBe("0");
      expect(await textOf(statValue(stats, "Vector Embeddings"))).toBe("0");

      await chooseFiles(page, [path.join(fixtures, PDF), path.join(fixtures, SPREADSHEET)]);
      const uploads = uploadsRegion(page);
      await uploads.getByText(PDF, { exact: true }).waitFor();
      await uploads.getByText(SPREADSHEET, { exact: true }).waitFor();
      await toast(page, "Files Uploaded Successfully").waitFor();

      const list = documentList(page);
      const row = (name: string) => documentRow(list, name);
      await waitUntilProcessed(list, [PDF, SPREADSHEET]);
      await expect.poll(() => uploads.getByText("Processed", { exact: true }).count()).toBe(2);

      await expect.poll(() => textOf(statValue(stats, "Total Documents")), { timeout: 10_000 }).toBe("2");
      await expect
        .poll(() => numberIn(statValue(stats, "Vector Embeddings")), { timeout: 10_000 })
        .toBeGreaterThan(0);
      expect(await textOf(statValue(stats, "Storage Used"))).toMatch(/^\d+(\.\d+)? KB$/);
      await expect
        .poll(() => numberIn(statValue(vectors, "Vectors")), { timeout: 10_000 })
        .toBeGreaterThan(0);
      const vectorsWithBoth = await numberIn(statValue(vectors, "Vectors"));
      await screenshot(page, "knowledge-processed");

      const used = await askRetrievalLab(page, QUESTION);
      const top = used.getByRole("listitem").first();
      await top.waitFor();
      expect(await textOf(top)).toContain(SPREADSHEET);
      const where = await textOf(top.getByText(/^Sheet .+, rows? \d+(-\d+)?$/));
      const sheet = where.replace(/^Sheet (.+), rows? .*$/, "$1");
      await top
        // Link texts read as places: "Open sheet Ersatzteilliste, rows 4-9".
        .getByRole("link", { name: new RegExp(`^Open ${where.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "i") })
        .click();
      const detail = page.getByRole("dialog", { name: SPREADSHEET });
      await detail.waitFor();
      // Portalled out of the remote's subtree, the dialog keeps the remote's style scope.
      expect(await detail.getAttribute("data-remote")).toBe("mf-knowledge");
      const shown = detail.locator('[aria-current="location"]');
      expect(await textOf(shown.getByRole("heading", { level: 4 }))).toContain(sheet);
      expect(await textOf(shown)).toContain("Ersatzteile");
      await screenshot(page, "knowledge-retrieval-location");
      await page.keyboard.press("Escape");
      await detail.waitFor({ state: "hidden" });

      await row(PDF)
        .getByRole("button", { name: `Delete ${PDF}` })
        .click();
      const confirm = page.getByRole("dialog", { name: `Delete ${PDF}?` });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await toast(page, "Document Deleted").waitFor();
      await row(PDF).waitFor({ state: "detached" });
      await expect.poll(() => textOf(statValue(stats, "Total Documents")), { timeout: 10_000 }).toBe("1");
      await expect
        .poll(() => numberIn(statValue(vectors, "Vectors")), { timeout: 10_000 })
        .toBeLessThan(vectorsWithBoth);
    },
    INGESTION_TIMEOUT_MS * 2 + 60_000,
  );

  it("fits a 375 px screen, document detail included, without horizontal scrolling or serious accessibility violations", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openKnowledgePage(page);
    await documentList(page).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, "knowledge-phone");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await documentList(page).getByRole("link", { name: SPREADSHEET }).click();
    const detail = page.getByRole("dialog", { name: SPREADSHEET });
    await detail.getByRole("heading", { name: "What was extracted" }).waitFor();
    const box = await detail.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
