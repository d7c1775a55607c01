// GET /api/documents/{id} on both engines: a table's parts say each preview line's row number; other and older parts say null.
import { documentDetailSchema } from "@acp/contracts/knowledge";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documentParts } from "../../db/schema";
import { PART_PREVIEW_CHARS } from "../../jobs/ingest-document";
import { createTestApp, engines, signUp, type TestApp } from "../../test/test-app";
import { uploadOk, waitForDocument } from "../../test/uploads";

/** A sheet with a title, blank rows between groups, a vertical merge and a long tail that passes the preview length. */
async function budgetWorkbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Budget");
  sheet.getCell("A1").value = "Budget 2026";
  sheet.mergeCells("A1:C1");
  sheet.getRow(3).values = ["Item", "Owner", "Amount"];
  sheet.getRow(4).values = ["Rent", "Ada", 1000];
  sheet.getCell("A8").value = "Travel";
  sheet.mergeCells("A8:A9");
  sheet.getRow(8).getCell(2).value = "Cy";
  for (let r = 40; r <= 45; r++) sheet.getRow(r).values = [`Linked row ${r}`, "Eve", r];
  const notes = book.addWorksheet("Notes");
  for (let i = 0; i < 400; i++)
    notes.getRow(2 + 2 * i).values = [`note ${i}`, "written down to fill the preview"];
  return new Uint8Array(await book.xlsx.writeBuffer());
}

describe.each(engines)("GET /api/documents/{id} line numbers on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers each preview line's row number for an uploaded xlsx, cut with the preview; null for a text file and for parts stored without", async () => {
    const { cookie } = await signUp(t);
    const [xlsx, txt] = await uploadOk(t, cookie, [
      { name: "budget.xlsx", content: await budgetWorkbook() },
      { name: "notes.txt", content: "Plain text has lines, not rows." },
    ]);
    const detail = documentDetailSchema.parse(await waitForDocument(t, cookie, xlsx?.id ?? ""));
    expect(detail.document.status).toBe("completed");
    const [budget, notes] = detail.parts;
    expect(budget).toMatchObject({
      label: "Sheet Budget",
      location: { kind: "rows", sheet: "Budget", rowStart: 1, rowEnd: 45 },
      lineNumbers: [1, 3, 4, 8, 9, 40, 41, 42, 43, 44, 45],
    });
    expect(budget?.text.split("\n")[5]).toMatch(/^Linked row 40\t/);
    // The stored preview is cut to PART_PREVIEW_CHARS: the numbers stop at the lines it kept.
    expect(notes?.truncated).toBe(true);
    expect(notes?.text.length).toBe(PART_PREVIEW_CHARS);
    const kept = notes?.text.split("\n") ?? [];
    expect(notes?.lineNumbers).toEqual(kept.map((_, i) => 2 + 2 * i));

    const text = documentDetailSchema.parse(await waitForDocument(t, cookie, txt?.id ?? ""));
    expect(text.parts.map((part) => part.lineNumbers)).toEqual([null]);

    // Parts stored before row numbers were kept read back as null.
    await t.database.db
      .update(documentParts)
      .set({ lineNumbers: null })
      .where(eq(documentParts.documentId, xlsx?.id ?? ""));
    const response = await t.request(`/api/documents/${xlsx?.id}`, { cookie });
    const old = documentDetailSchema.parse(await response.json());
    expect(old.parts.map((part) => part.lineNumbers)).toEqual([null, null]);
  }, 60_000);
});
