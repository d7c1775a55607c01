// A table part's preview lines carry their source row numbers (XLSX, XLS, CSV; whole and streamed), as chunks count rows.
import { readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realWorldFixturesDir } from "../test/files";
import { extractDocument } from "./extract-document";
import { extractChunksInIsolation, extractInIsolation, toExtractedParts } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { type Chunk, type ExtractedDocumentPart, PART_TEXT_LIMIT } from "./types";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();
afterAll(() => pool.close());

let work = "";
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "part-line-numbers-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Each preview line with its row number; fails when the counts differ. */
function numbered(part: ExtractedDocumentPart | undefined): Map<number, string> {
  const lines = part?.text.split("\n") ?? [];
  expect(part?.lineNumbers).toHaveLength(lines.length);
  return new Map(lines.map((line, i) => [part?.lineNumbers?.[i] as number, line]));
}

/** Every rows chunk starts and ends at a numbered preview line whose cells it holds (within the preview kept). */
function expectChunksAgree(part: ExtractedDocumentPart | undefined, chunks: Chunk[], sheet?: string) {
  const lines = numbered(part);
  const lastShown = part?.lineNumbers?.at(-1) ?? 0;
  const own = chunks.filter((c) => c.location.kind === "rows" && c.location.sheet === sheet);
  expect(own.length).toBeGreaterThan(0);
  for (const chunk of own) {
    if (chunk.location.kind !== "rows") continue;
    for (const row of [chunk.location.rowStart, chunk.location.rowEnd]) {
      if (row >= lastShown && part?.truncated) continue;
      const line = lines.get(row);
      expect(line, `row ${row} of ${chunk.text}`).toBeDefined();
      for (const cell of (line ?? "").split("\t")) if (cell) expect(chunk.text).toContain(cell);
    }
  }
}

async function streamed(filePath: string, ext: UploadExtension) {
  const chunks: Chunk[] = [];
  const summary = await extractChunksInIsolation({
    pool,
    filePath,
    fileName: path.basename(filePath),
    ext,
    onChunks: (batch) => {
      chunks.push(...batch);
    },
  });
  return { parts: summary.parts, chunks };
}

/** A budget sheet as people keep them: a merged title, a blank row, blank runs between groups, a vertical merge. */
async function budgetWorkbook(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Budget");
  sheet.getCell("A1").value = "Budget 2026";
  sheet.mergeCells("A1:D1");
  sheet.getRow(3).values = ["Item", "Owner", "Q1", "Q2"];
  sheet.getRow(4).values = ["Rent", "Ada", 1000, 1000];
  sheet.getRow(5).values = ["Power", "Ben", 200, 210];
  sheet.getCell("A10").value = "Travel";
  sheet.mergeCells("A10:A12");
  sheet.getRow(10).getCell(2).value = "Cy";
  sheet.getRow(11).getCell(2).value = "Dee";
  for (let r = 40; r <= 45; r++) sheet.getRow(r).values = [`Line ${r}`, "Eve", r, r * 2];
  book.addWorksheet("Empty");
  return new Uint8Array(await book.xlsx.writeBuffer());
}

const BUDGET_ROWS = [1, 3, 4, 5, 10, 11, 12, 40, 41, 42, 43, 44, 45];

describe("line numbers of a sheet's preview", () => {
  it("XLSX with blank rows and merged cells: each line's row, read whole, in a child and streamed", async () => {
    const bytes = await budgetWorkbook();
    const file = path.join(work, "budget.xlsx");
    await writeFile(file, bytes);
    const whole = await extractDocument(bytes, { fileName: "budget.xlsx", format: "xlsx" });
    const child = await extractInIsolation({ pool, bytes, fileName: "budget.xlsx", ext: "xlsx" });
    const stream = await streamed(file, "xlsx");
    for (const parts of [whole.parts, child.parts, stream.parts]) {
      expect(parts[0]?.lineNumbers).toEqual(BUDGET_ROWS);
      const lines = numbered(parts[0]);
      expect(lines.get(1)).toBe("Budget 2026");
      expect(lines.get(3)).toMatch(/^Item\tOwner\tQ1\tQ2/);
      // Row 12 holds nothing but the merged range's value.
      expect(lines.get(12)).toBe("Travel");
      expect(lines.get(40)).toMatch(/^Line 40\tEve\t40\t80/);
      expect(parts[1]).toMatchObject({ label: "Sheet Empty", hasText: false });
      expect(parts[1]?.lineNumbers).toBeUndefined();
      expect(toExtractedParts({ ...whole, parts }).map((p) => p.lineNumbers)).toEqual([BUDGET_ROWS, null]);
    }
    expectChunksAgree(stream.parts[0], stream.chunks, "Budget");
  });

  it("CSV: each line's record number (blank records counted, a multi-line record one line), read whole and streamed", async () => {
    const text = 'Item,Amount\n\nRent,"1 000"\n"Multi\nline",5\n\n\nPower,3\n';
    const file = path.join(work, "budget.csv");
    await writeFile(file, text);
    const whole = await extractDocument(new TextEncoder().encode(text), {
      fileName: "budget.csv",
      format: "csv",
    });
    const stream = await streamed(file, "csv");
    for (const parts of [whole.parts, stream.parts]) {
      expect(parts).toHaveLength(1);
      expect(parts[0]?.location).toEqual({ kind: "rows", rowStart: 1, rowEnd: 7 });
      expect(parts[0]?.lineNumbers).toEqual([1, 3, 4, 7]);
      expect(numbered(parts[0]).get(4)).toBe("Multi line\t5");
    }
    expect(stream.chunks.map((c) => c.location)).toEqual([{ kind: "rows", rowStart: 3, rowEnd: 7 }]);
    expectChunksAgree(stream.parts[0], stream.chunks);
  });

  it("XLS with blank rows and a merged range: each line's row, read whole and through the child's chunking", async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet([
      ["Inventory"],
      [],
      ["Part", "Count", "Shelf"],
      ["Bolt", 10, "A"],
      [],
      [],
      ["Nut", 20, "B"],
      ["Spanned", null, null],
    ]);
    sheet["!merges"] = [
      { s: { r: 0, c: 0 }, e: { r: 0, c: 2 } },
      { s: { r: 6, c: 2 }, e: { r: 8, c: 2 } },
    ];
    XLSX.utils.book_append_sheet(book, sheet, "Stock");
    const bytes = new Uint8Array(XLSX.write(book, { bookType: "biff8", type: "array" }) as ArrayBuffer);
    const file = path.join(work, "stock.xls");
    await writeFile(file, bytes);
    const whole = await extractDocument(bytes, { fileName: "stock.xls", format: "xls" });
    const stream = await streamed(file, "xls");
    for (const parts of [whole.parts, stream.parts]) {
      // Row 9 is filled by the merge over C7:C9 alone.
      expect(parts[0]?.lineNumbers).toEqual([1, 3, 4, 7, 8, 9]);
      const lines = numbered(parts[0]);
      expect(lines.get(7)).toBe("Nut\t20\tB");
      expect(lines.get(9)).toBe("\t\tB");
    }
    expectChunksAgree(stream.parts[0], stream.chunks, "Stock");
  });

  it("a cut preview numbers the lines it kept, the last one even when cut inside, whole and streamed", async () => {
    // Records of ~60 characters with a blank line after every 7th: 5,000 of them pass PART_TEXT_LIMIT.
    let text = "id,name,note\n";
    const expected: number[] = [1];
    let record = 1;
    for (let i = 0; i < 5000; i++) {
      record++;
      expected.push(record);
      text += `${i},name ${i},a note long enough to make the row about sixty chars\n`;
      if (i % 7 === 6) {
        text += "\n";
        record++;
      }
    }
    const file = path.join(work, "long.csv");
    await writeFile(file, text);
    const whole = await extractDocument(new TextEncoder().encode(text), {
      fileName: "long.csv",
      format: "csv",
    });
    const stream = await streamed(file, "csv");
    for (const parts of [whole.parts, stream.parts]) {
      const part = parts[0] as ExtractedDocumentPart;
      expect(part.truncated).toBe(true);
      expect(part.text.length).toBe(PART_TEXT_LIMIT);
      const lines = part.text.split("\n");
      expect(part.lineNumbers).toEqual(expected.slice(0, lines.length));
      const [preview] = toExtractedParts({ ...whole, parts }, { previewChars: 4000 });
      const kept = preview?.text.split("\n") ?? [];
      expect(preview?.lineNumbers).toEqual(expected.slice(0, kept.length));
      // The last line kept is cut inside: it is shown, so it is numbered.
      expect(kept.at(-1)?.length).toBeLessThan((lines[kept.length - 1] ?? "").length);
    }
  });
});

const dir = realWorldFixturesDir();

describe.skipIf(dir === null)("line numbers of the real-world tables", () => {
  const tables = dir ? readdirSync(dir).filter((name) => /\.(xlsx|xls|csv)$/.test(name)) : [];
  for (const name of tables) {
    it(`${name}: every sheet's lines numbered in order, within its rows, whole and streamed`, async () => {
      const file = path.join(dir as string, name);
      const ext = path.extname(name).slice(1) as UploadExtension;
      const whole = await extractDocument(new Uint8Array(await readFile(file)), {
        fileName: name,
        format: ext,
      });
      const stream = await streamed(file, ext);
      for (const parts of [whole.parts, stream.parts]) {
        for (const part of parts) {
          if (!part.hasText) continue;
          const numbers = part.lineNumbers ?? [];
          expect(numbers).toHaveLength(part.text.split("\n").length);
          expect(numbers.every((n, i) => i === 0 || n > (numbers[i - 1] as number))).toBe(true);
          if (part.location?.kind !== "rows") throw new Error(`${part.label} has no rows`);
          expect(numbers[0]).toBe(part.location.rowStart);
          if (!part.truncated) expect(numbers.at(-1)).toBe(part.location.rowEnd);
        }
      }
      for (const part of stream.parts)
        if (part.hasText && part.location?.kind === "rows")
          expectChunksAgree(part, stream.chunks, part.location.sheet);
    });
  }

  it("rail-incident-multiline.csv: the record spanning seven physical lines is row 2", async () => {
    const { parts } = await streamed(path.join(dir as string, "rail-incident-multiline.csv"), "csv");
    expect(parts[0]?.lineNumbers).toEqual([1, 2]);
  });
});
