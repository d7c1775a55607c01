// Tables that multiply their text: a header too wide to repeat, a value repeated over many cells, merged ranges.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDeflatedZip } from "../test/files";
import { chunkDocument } from "./chunk-document";
import { estimateTokens } from "./estimate-tokens";
import { extractDocument } from "./extract-document";
import { extractChunksInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { type Chunk, ExtractionError, type ExtractionSummary } from "./types";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hostile-tables-"));
});
afterAll(async () => {
  await pool.close();
  await rm(dir, { recursive: true, force: true });
});

async function streamed(
  name: string,
  bytes: Uint8Array | string,
): Promise<{ summary: ExtractionSummary; chunks: Chunk[] }> {
  const filePath = path.join(dir, name);
  await writeFile(filePath, bytes);
  const chunks: Chunk[] = [];
  const summary = await extractChunksInIsolation({
    pool,
    filePath,
    fileName: name,
    ext: path.extname(name).slice(1) as UploadExtension,
    onChunks: (batch) => {
      chunks.push(...batch);
    },
  });
  return { summary, chunks };
}

async function failure(promise: Promise<unknown>): Promise<ExtractionError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ExtractionError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

/** A one-sheet XLSX from raw sheet XML (with shared strings when given). */
function xlsx(
  sheetXml: { head: string; repeat: string; bytes: number; tail: string },
  sharedStrings?: string,
) {
  return buildDeflatedZip({
    "_rels/.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    "xl/workbook.xml": `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rA"/></sheets></workbook>`,
    "xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rA" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    "xl/worksheets/sheet1.xml": sheetXml,
    ...(sharedStrings ? { "xl/sharedStrings.xml": sharedStrings } : {}),
  });
}

describe("a header too wide to repeat", () => {
  it("a 140 KB CSV header over 2,000 short rows: the header is cut to what fits, with a note and a warning", async () => {
    const columns = 14_000;
    const header = Array.from({ length: columns }, (_, i) => `column${i}`).join(",");
    expect(header.length).toBeGreaterThan(130_000);
    const rows = Array.from({ length: 2000 }, (_, i) => `${i},row ${i}`).join("\n");
    const started = Date.now();
    const { summary, chunks } = await streamed("wide.csv", `${header}\n${rows}\n`);
    const elapsed = Date.now() - started;
    const text = chunks.reduce((sum, chunk) => sum + chunk.text.length, 0);
    // Before: one row per chunk, 2,000 chunks of 140 KB (280 MB of text, 101 s through the API).
    expect(chunks.length).toBeLessThan(100);
    expect(text).toBeLessThan(1024 * 1024);
    expect(elapsed).toBeLessThan(20_000);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(800);
      expect(chunk.text).toMatch(
        /^\| column0 \| column1 \| .* \|\n\(header cut: the first \d+ of 14000 columns are repeated\)\n/,
      );
    }
    // Every row is still there, once.
    expect(chunks.map((chunk) => chunk.text).join("\n")).toContain("| 1999 | row 1999 |");
    expect(summary.warnings).toEqual([
      expect.stringMatching(
        /^The header row has 14000 columns, too wide to repeat with every group of rows: only its first \d+ are repeated\.$/,
      ),
    ]);
  }, 60_000);

  it("a DOCX-like table under a heading of a whole paragraph keeps its repeated lines within a quarter of a chunk", () => {
    const heading = "Heading ".repeat(2000);
    const chunks = chunkDocument({
      format: "docx",
      parts: [],
      warnings: [],
      blocks: [
        {
          kind: "table",
          header: Array.from({ length: 3000 }, (_, i) => `Column number ${i}`),
          headerRowNumber: 1,
          rows: Array.from({ length: 300 }, (_, i) => ({ rowNumber: i + 2, cells: [`a${i}`, `b${i}`] })),
          context: { kind: "section", headings: [heading], tableIndex: 1 },
        },
      ],
    });
    expect(chunks.length).toBeLessThan(20);
    for (const chunk of chunks) {
      const prefix = chunk.text.split("\n").slice(0, 3).join("\n");
      expect(prefix).toMatch(/^Section: (Heading ){10,}.*…\n\| Column number 0 \|/);
      expect(estimateTokens(prefix)).toBeLessThanOrEqual(200);
    }
  });
});

describe("text bounded by the file's size", () => {
  it("one long shared string in every cell fails as too much text, before it is all chunked", async () => {
    const long = "All work and no play makes a dull spreadsheet. ".repeat(600);
    const bomb = await xlsx(
      {
        head: `<worksheet xmlns="${MAIN}"><sheetData>`,
        repeat: '<row><c t="s"><v>0</v></c></row>',
        bytes: 30_000 * 32,
        tail: "</sheetData></worksheet>",
      },
      `<sst xmlns="${MAIN}"><si><t>${long}</t></si></sst>`,
    );
    expect(bomb.length).toBeLessThan(64 * 1024);
    let chunked = 0;
    const error = await failure(
      streamed("strings.xlsx", bomb).then(({ chunks }) => (chunked = chunks.length)),
    );
    expect(error.code).toBe("too-large");
    expect(error.message).toBe(
      "the file expands to more than 16 MB of text when read, far more than a file of its size holds (a value repeated over many cells?)",
    );
    expect(chunked).toBe(0);
  }, 60_000);

  it("a range merged over a million rows is expanded lazily and stops at the text limit", async () => {
    const value = "Merged over the whole column, a long value that every row would repeat. ".repeat(3);
    const bomb = await buildDeflatedZip({
      "_rels/.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="r1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      "xl/workbook.xml": `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rA"/></sheets></workbook>`,
      "xl/_rels/workbook.xml.rels": `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rA" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      "xl/worksheets/sheet1.xml": `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${value}</t></is></c></row></sheetData><mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells></worksheet>`,
    });
    const started = Date.now();
    const error = await failure(streamed("merged.xlsx", bomb));
    expect(error.code).toBe("too-large");
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 60_000);
});

describe("merged ranges", () => {
  it("a value merged across columns reads once per row; merged down, every row keeps it", async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Plan");
    sheet.getCell("A1").value = "Quarterly plan, all regions";
    sheet.mergeCells("A1:H1");
    sheet.addRow(["Region", "Owner", "Q1", "Q2", "Q3", "Q4", "Total", "Notes"]);
    sheet.addRow(["North", "Ana", 1, 2, 3, 4, 10, "steady"]);
    sheet.addRow(["South", "Ben", 5, 6, 7, 8, 26, "growing"]);
    sheet.addRow(["", "Cem", 9, 9, 9, 9, 36, "new"]);
    // South spans rows 4-5 and the two name columns; "Shared budget" spans C6:F6.
    sheet.mergeCells("A4:A5");
    sheet.getCell("C6").value = "Shared budget";
    sheet.mergeCells("C6:F6");
    sheet.getCell("A6").value = "West";
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const inMemory = chunkDocument(await extractDocument(bytes, { fileName: "plan.xlsx", format: "xlsx" }));
    const { chunks: fromStream } = await streamed("plan.xlsx", bytes);
    for (const chunks of [inMemory, fromStream]) {
      const text = chunks.map((chunk) => chunk.text).join("\n");
      const title = text.split("\n").find((line) => line.includes("Quarterly plan"));
      // Before: "| Quarterly plan, all regions | Quarterly plan, all regions | ..." eight times.
      expect(title?.match(/Quarterly plan/g)).toHaveLength(1);
      expect(text).toContain("| South | Ben | 5 | 6 | 7 | 8 | 26 | growing |");
      expect(text).toContain("| South | Cem | 9 | 9 | 9 | 9 | 36 | new |");
      const budget = text.split("\n").find((line) => line.includes("Shared budget"));
      expect(budget?.match(/Shared budget/g)).toHaveLength(1);
      expect(budget).toMatch(/^\| West \| {2}\| Shared budget \|/);
    }
  }, 60_000);
});
