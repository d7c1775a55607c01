// Journey: upload a 15-page PDF and a workbook, follow the retrieval lab's links into them at 1280 and 375 px: the
// detail dialog stays inside the viewport with its title and Close in sight, its body scrolls (the wheel too), and
// the linked page or rows are scrolled into view and marked; then delete by keyboard and keep focus in the list.
import path from "node:path";
import type { Locator, Page } from "playwright-core";
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
  INGESTION_TIMEOUT_MS,
  openKnowledgePage,
  sheetRowNumbers,
  uploadsRegion,
  waitUntilProcessed,
} from "./support/knowledge-steps";
import { boxOf, horizontalOverflow, inside, overlaps } from "./support/page-checks";

const fixtures = path.resolve(repoRoot, "../shared/fixtures/real-world");
/** MANIFEST.md: 15 pages of a dense three-column Federal Register notice. */
const PDF = "federal-register-2020-17221.pdf";
const PDF_PHRASE = "Airworthiness Directives; The Boeing Company Airplanes";
/** MANIFEST.md: Sheet2 holds a small monitor size/brand table; "Lenove" is in it. */
const WORKBOOK = "two-sheets-book1.xlsx";
const WORKBOOK_PHRASE = "Lenove";

/** Asks the retrieval lab and follows the first used passage's link; returns the link's text. */
async function openFromLab(page: Page, question: string, document: string): Promise<string> {
  const top = (await askRetrievalLab(page, question))
    .getByRole("listitem")
    .filter({ hasText: document })
    .first();
  await top.waitFor();
  const link = top.getByRole("link", { name: /^Open / });
  const name = ((await link.textContent()) ?? "").replace(` in ${document}`, "").trim();
  await link.click();
  return name;
}

/** The dialog fits the viewport with its title and Close in sight, its body scrolls, and `target` is in view. */
async function expectReadable(page: Page, dialog: Locator, target: Locator): Promise<void> {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  const screen = { x: 0, y: 0, width: viewport.width, height: viewport.height };
  const box = await boxOf(dialog);
  expect(inside(box, screen), `dialog ${JSON.stringify(box)} inside ${JSON.stringify(screen)}`).toBe(true);
  const title = await boxOf(dialog.getByRole("heading", { level: 2 }));
  expect(inside(title, screen), `title ${JSON.stringify(title)} in ${JSON.stringify(box)}`).toBe(true);
  const close = await boxOf(dialog.getByRole("button", { name: "Close" }));
  expect(inside(close, screen), `Close ${JSON.stringify(close)}`).toBe(true);

  // The linked part is scrolled into the dialog's visible body, not left above the viewport.
  await expect
    .poll(async () => overlaps(await boxOf(target), box) && overlaps(await boxOf(target), screen))
    .toBe(true);

  const body = dialog.locator("[data-slot=dialog-body]");
  const scroll = await body.evaluate((element) => ({
    height: element.scrollHeight,
    visible: element.clientHeight,
    top: element.scrollTop,
  }));
  expect(scroll.height).toBeGreaterThan(scroll.visible);
  // The wheel scrolls the body (it did nothing while the dialog outgrew the screen): over the body's own padding,
  // towards whichever end it is not at.
  const bodyBox = await boxOf(body);
  await page.mouse.move(bodyBox.x + 6, bodyBox.y + bodyBox.height / 2);
  await page.mouse.wheel(0, scroll.top + scroll.visible >= scroll.height - 1 ? -300 : 300);
  await expect.poll(() => body.evaluate((element) => element.scrollTop)).not.toBe(scroll.top);
}

describe("reading a long document from the retrieval lab", () => {
  let journey: Journey | undefined;
  let page: Page;

  beforeAll(async () => {
    journey = await startJourney(newAccount("Mary", "Jackson"));
    page = journey.page;
  });

  afterAll(async () => {
    await journey?.close();
  });

  it(
    "uploads the documents and shows each processing step",
    async () => {
      await openKnowledgePage(page);
      await chooseFiles(page, [path.join(fixtures, PDF), path.join(fixtures, WORKBOOK)]);
      // The 15-page PDF takes a while: its steps show with the current one marked.
      await uploadsRegion(page)
        .getByRole("list", { name: `Processing steps of ${PDF}` })
        .locator('[aria-current="step"]')
        .waitFor({ timeout: INGESTION_TIMEOUT_MS });
      await waitUntilProcessed(documentList(page), [PDF, WORKBOOK]);
    },
    INGESTION_TIMEOUT_MS * 2,
  );

  for (const width of [1280, 375]) {
    it(`opens page links of the long PDF inside the viewport at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openKnowledgePage(page);
      const place = await openFromLab(page, PDF_PHRASE, PDF);
      expect(place).toMatch(/^Open page \d+$/);
      const dialog = page.getByRole("dialog", { name: PDF });
      await dialog.getByRole("heading", { name: "What was extracted" }).waitFor();
      const shown = dialog.locator('li[aria-current="location"]');
      expect(await shown.getByRole("heading", { level: 4 }).textContent()).toBe(
        place.replace(/^Open p/, "P"),
      );
      await expectReadable(page, dialog, shown.getByRole("heading", { level: 4 }));
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `long-document-${width}`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });

    it(`opens a workbook's rows numbered, scrolled to and marked at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
      await openKnowledgePage(page);
      const place = await openFromLab(page, WORKBOOK_PHRASE, WORKBOOK);
      const match = /^Open sheet (.+), rows? (\d+)(?:-(\d+))?$/.exec(place);
      expect(match, place).not.toBeNull();
      const [, sheet, start, end = start] = match as unknown as [string, string, string, string];
      const dialog = page.getByRole("dialog", { name: WORKBOOK });
      await dialog.getByRole("heading", { name: "What was extracted" }).waitFor();
      const part = dialog.locator('li[aria-current="location"]');
      expect(await part.getByRole("heading", { level: 4 }).textContent()).toBe(`Sheet ${sheet}`);
      const linked = part.locator("tr[data-linked]");
      const numbers = await sheetRowNumbers(linked);
      expect(numbers[0]).toBe(Number(start));
      expect(numbers.at(-1)).toBe(Number(end));
      expect((await linked.allTextContents()).join(" ")).toContain(WORKBOOK_PHRASE);
      await expectReadable(page, dialog, linked.first());
      await screenshot(page, `workbook-rows-${width}`);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    });
  }

  it("deletes a document by keyboard and leaves focus on the next row", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/knowledge");
    const list = documentList(page);
    await list.waitFor();
    const first = list.getByRole("listitem").first();
    const [name] = await first.getByRole("link").allTextContents();
    const remaining = (await list.getByRole("link").allTextContents()).filter((text) => text !== name);
    await first.getByRole("button", { name: `Delete ${name}` }).focus();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: `Delete ${name}?` });
    await confirm.getByRole("button", { name: "Delete" }).focus();
    await page.keyboard.press("Enter");
    await list.getByRole("link", { name }).waitFor({ state: "detached" });
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim()))
      .toBe(remaining[0]);
  });
});
