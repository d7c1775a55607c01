// Journey: upload a workbook whose sheet skips blank rows, follow the retrieval lab's link to "sheet Budget, rows
// 40-45" at 1280 and 375 px: the sheet's preview lines carry their spreadsheet row numbers (blank rows skipped), and
// the linked rows are scrolled into view and highlighted.
import ExcelJS from "exceljs";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAccount } from "./support/accounts";
import { seriousA11yViolations } from "./support/axe";
import { screenshot } from "./support/browser";
import { type Journey, startJourney } from "./support/journey";
import {
  askRetrievalLab,
  documentList,
  INGESTION_TIMEOUT_MS,
  openKnowledgePage,
  sheetRowNumbers,
  uploadAndWait,
} from "./support/knowledge-steps";
import { boxOf, overlaps } from "./support/page-checks";

const WORKBOOK = "office-budget.xlsx";
const PHRASE = "Zephyrine lamp refurbishment";
/** The rows the sheet fills: a title, a blank row, the header, 12 supply rows, blank rows 16-39, then 40-45. */
const FILLED_ROWS = [1, 3, ...Array.from({ length: 12 }, (_, i) => 4 + i), 40, 41, 42, 43, 44, 45];

/**
 * The workbook. Each supply row is dense enough (codes count as many tokens) that rows 4-15 fill one chunk and rows
 * 40-45 make the next: the phrase's passage links to exactly rows 40-45.
 */
async function budgetWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Budget");
  sheet.getCell("A1").value = "Office budget 2026";
  sheet.mergeCells("A1:D1");
  sheet.getRow(3).values = ["Item", "Owner", "Amount", "Codes"];
  const codes = (count: number, from: number) =>
    Array.from({ length: count }, (_, i) => `${String.fromCharCode(65 + ((from + i) % 26))}-${i}`).join(", ");
  for (let r = 4; r <= 15; r++) sheet.getRow(r).values = [`Supplies ${r}`, "Ada", r * 10, codes(13, r)];
  for (let r = 40; r <= 45; r++) {
    sheet.getRow(r).values = [r === 42 ? PHRASE : `Furniture ${r}`, "Eve", r * 100, codes(16, r)];
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe("opening a sheet's rows from the retrieval lab", () => {
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
    "uploads a workbook with blank rows",
    async () => {
      await openKnowledgePage(page);
      const workbook = {
        name: WORKBOOK,
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: await budgetWorkbook(),
      };
      await uploadAndWait(page, [workbook], documentList(page));
    },
    INGESTION_TIMEOUT_MS * 2,
  );

  for (const width of [1280, 375]) {
    it(`opens "sheet Budget, rows 40-45" numbered, scrolled to and highlighted at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openKnowledgePage(page);
      const passage = (await askRetrievalLab(page, PHRASE))
        .getByRole("listitem")
        .filter({ hasText: PHRASE })
        .first();
      const link = passage.getByRole("link", { name: /^Open / });
      await link.waitFor();
      expect((await link.textContent())?.replace(` in ${WORKBOOK}`, "").trim()).toBe(
        "Open sheet Budget, rows 40-45",
      );
      await link.click();

      const dialog = page.getByRole("dialog", { name: WORKBOOK });
      await dialog.getByText("Showing Sheet Budget, rows 40-45.").waitFor();
      const part = dialog.locator('li[aria-current="location"]');
      expect(await part.getByRole("heading", { level: 4 }).textContent()).toBe("Sheet Budget");
      // Every line carries its spreadsheet row: the blank rows 2 and 16-39 are skipped, not counted.
      const rows = part.locator("tbody tr");
      expect(await sheetRowNumbers(rows)).toEqual(FILLED_ROWS);
      const linked = part.locator("tr[data-linked]");
      expect(await sheetRowNumbers(linked)).toEqual([40, 41, 42, 43, 44, 45]);
      const phraseRow = rows.filter({ hasText: PHRASE });
      expect(await phraseRow.locator("th").textContent()).toBe("42 (linked)");

      // The first linked row is scrolled into the sheet's box and the dialog's visible body.
      const viewport = page.viewportSize();
      if (!viewport) throw new Error("no viewport");
      const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
      const box = part.locator("[data-part-text]");
      await expect
        .poll(async () => {
          const row = await boxOf(linked.first());
          return (
            overlaps(row, await boxOf(box)) && overlaps(row, await boxOf(dialog)) && overlaps(row, screen)
          );
        })
        .toBe(true);
      // Highlighted: the linked rows have a background, the others none.
      const background = (row: Locator) =>
        row.evaluate((element) => getComputedStyle(element).backgroundColor);
      const transparent = ["rgba(0, 0, 0, 0)", "transparent"];
      expect(transparent).not.toContain(await background(phraseRow));
      expect(transparent).toContain(await background(rows.filter({ hasText: "Supplies 4" })));

      await screenshot(page, `sheet-row-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });
  }
});
