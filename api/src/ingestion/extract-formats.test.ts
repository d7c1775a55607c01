// Format details on files built in the test: merged cells, cached formulas, dates, every sheet, delimiters, encodings, JSON paths.
import * as XLSX from "@e965/xlsx";
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { chunkDocument } from "./chunk-document";
import { extractDocument } from "./extract-document";
import type { ExtractedDocument, TableBlock } from "./types";

const tables = (doc: ExtractedDocument) => doc.blocks.filter((b): b is TableBlock => b.kind === "table");

describe("xlsx (exceljs)", () => {
  it("reads every sheet, expands merged cells, uses cached formula values and ISO dates", async () => {
    const workbook = new ExcelJS.Workbook();
    const sales = workbook.addWorksheet("Sales 2024");
    sales.getCell("A1").value = "Quarterly report";
    sales.mergeCells("A1:D1");
    sales.addRow(["Region", "Units", "Double", "Closed on"]);
    sales.addRow(["North", 42, { formula: "B3*2", result: 84 }, new Date(Date.UTC(2024, 2, 15))]);
    sales.addRow([
      "South",
      0.1 + 0.2,
      { formula: "B4*2", result: 0.6000000000000001 },
      new Date(Date.UTC(2024, 3, 1, 13, 45)),
    ]);
    sales.getCell("A5").value = "Merged region";
    sales.mergeCells("A5:A6");
    sales.getCell("B5").value = { richText: [{ text: "Rich " }, { text: "text" }] };
    sales.getCell("B6").value = { text: "Our site", hyperlink: "https://example.com" };
    const notes = workbook.addWorksheet("Notes");
    notes.addRow(["Key", "Value"]);
    notes.addRow(["owner", "Zoë Müller"]);
    workbook.addWorksheet("Empty");
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());

    const doc = await extractDocument(bytes, { fileName: "book.xlsx", format: "xlsx" });
    expect(doc.parts.map((p) => [p.label, p.hasText])).toEqual([
      ["Sheet Sales 2024", true],
      ["Sheet Notes", true],
      ["Sheet Empty", false],
    ]);
    const [title, main, notesTable] = tables(doc);
    // The title merged over A1:D1 reads once, as Excel shows it, and is not mistaken for the header.
    expect(title?.rows[0]?.cells).toEqual(["Quarterly report"]);
    expect(main?.header).toEqual(["Region", "Units", "Double", "Closed on"]);
    expect(main?.rows).toEqual([
      { rowNumber: 3, cells: ["North", "42", "84", "2024-03-15"] },
      { rowNumber: 4, cells: ["South", "0.3", "0.6", "2024-04-01 13:45"] },
      { rowNumber: 5, cells: ["Merged region", "Rich text"] },
      { rowNumber: 6, cells: ["Merged region", "Our site"] },
    ]);
    expect(notesTable?.context).toEqual({ kind: "sheet", sheet: "Notes" });
    const chunks = chunkDocument(doc);
    const mainChunk = chunks.find((c) => c.text.includes("North"));
    expect(mainChunk?.text).toBe(
      [
        "Sheet: Sales 2024",
        "| Region | Units | Double | Closed on |",
        "| North | 42 | 84 | 2024-03-15 |",
        "| South | 0.3 | 0.6 | 2024-04-01 13:45 |",
        "| Merged region | Rich text |",
        "| Merged region | Our site |",
      ].join("\n"),
    );
    expect(mainChunk?.location).toEqual({ kind: "rows", sheet: "Sales 2024", rowStart: 3, rowEnd: 6 });
  });
});

describe("xls (SheetJS)", () => {
  it("reads every sheet with formatted values and merged cells", async () => {
    const book = XLSX.utils.book_new();
    const sheet = XLSX.utils.aoa_to_sheet(
      [
        ["Name", "Amount", "When"],
        ["Äcker", 1000.3, new Date(Date.UTC(2005, 1, 23))],
        ["Spanned", null, null],
      ],
      { cellDates: true },
    );
    sheet["!merges"] = [{ s: { r: 2, c: 0 }, e: { r: 2, c: 2 } }];
    XLSX.utils.book_append_sheet(book, sheet, "Blätt1");
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([["only", "row"]]), "Zweites");
    const bytes = new Uint8Array(XLSX.write(book, { bookType: "biff8", type: "array" }) as ArrayBuffer);

    const doc = await extractDocument(bytes, { fileName: "old.xls", format: "xls" });
    expect(doc.parts.map((p) => p.label)).toEqual(["Sheet Blätt1", "Sheet Zweites"]);
    const [first, second] = tables(doc);
    expect(first?.header).toEqual(["Name", "Amount", "When"]);
    expect(first?.rows[0]?.cells[0]).toBe("Äcker");
    expect(first?.rows[0]?.cells[1]).toMatch(/^1000\.3/);
    expect(first?.rows[0]?.cells[2]).toMatch(/2005|05/);
    // Merged over A3:C3: once in the row, as Excel shows it.
    expect(first?.rows[1]?.cells).toEqual(["Spanned"]);
    expect(second).toMatchObject({ header: ["only", "row"], rows: [] });
    expect(chunkDocument(doc).map((c) => c.location)).toEqual([
      { kind: "rows", sheet: "Blätt1", rowStart: 2, rowEnd: 3 },
      { kind: "rows", sheet: "Zweites", rowStart: 1, rowEnd: 1 },
    ]);
  });
});

describe("csv (papaparse)", () => {
  it("sniffs the delimiter, keeps quoted multi-line fields in one row, decodes Windows-1252", async () => {
    const text =
      'Produit;Prix;Description\r\nCafé;3 €;"Un café\r\n\r\nserré; très bon"\r\nThé;2 €;Simple\r\n';
    const doc = await extractDocument(iconv.encode(text, "windows-1252"), {
      fileName: "prix.csv",
      format: "csv",
    });
    expect(doc.encoding).toBe("windows-1252");
    const [table] = tables(doc);
    expect(table?.header).toEqual(["Produit", "Prix", "Description"]);
    expect(table?.rows).toEqual([
      { rowNumber: 2, cells: ["Café", "3 €", "Un café serré; très bon"] },
      { rowNumber: 3, cells: ["Thé", "2 €", "Simple"] },
    ]);
  });

  it("reads tab-separated UTF-16 with a BOM", async () => {
    const text = "name\tcity\nZoë\tZürich\n李\t北京\n";
    const doc = await extractDocument(iconv.encode(text, "utf-16le", { addBOM: true }), {
      fileName: "t.csv",
      format: "csv",
    });
    expect(tables(doc)[0]?.rows.map((r) => r.cells)).toEqual([
      ["Zoë", "Zürich"],
      ["李", "北京"],
    ]);
  });
});

describe("json", () => {
  it("flattens to path: value lines with line ranges per top-level entry", async () => {
    const value = {
      company: { name: "Acme", "legal name": "Acme GmbH", tags: ["b2b", "saas"], empty: {}, none: [] },
      employees: [{ name: "Zoë", skills: [{ id: 1, label: "SQL\nand more" }] }],
      active: true,
    };
    const doc = await extractDocument(new TextEncoder().encode(JSON.stringify(value, null, 2)), {
      fileName: "c.json",
      format: "json",
    });
    const lines = doc.blocks.flatMap((b) => (b.kind === "text" ? b.text.split("\n") : []));
    expect(lines).toEqual([
      "company.name: Acme",
      'company["legal name"]: Acme GmbH',
      "company.tags[0]: b2b",
      "company.tags[1]: saas",
      "company.empty: {}",
      "company.none: []",
      "employees[0].name: Zoë",
      "employees[0].skills[0].id: 1",
      "employees[0].skills[0].label: SQL and more",
      "active: true",
    ]);
    expect(doc.blocks.map((b) => (b.kind === "text" ? b.location : null))).toEqual([
      { kind: "lines", lineStart: 1, lineEnd: 6 },
      { kind: "lines", lineStart: 7, lineEnd: 9 },
      { kind: "lines", lineStart: 10, lineEnd: 10 },
    ]);
  });

  it("survives very deep nesting", async () => {
    const deep = `${"[".repeat(5000)}"bottom"${"]".repeat(5000)}`;
    const doc = await extractDocument(new TextEncoder().encode(deep), { fileName: "d.json", format: "json" });
    expect(doc.blocks[0]?.kind === "text" && doc.blocks[0].text.endsWith(": bottom")).toBe(true);
  });
});

describe("txt", () => {
  it("decodes Shift-JIS and keeps paragraphs with line ranges", async () => {
    const text =
      "吾輩は猫である。名前はまだ無い。\r\n\r\nどこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた。\r\n";
    const doc = await extractDocument(iconv.encode(text, "shift_jis"), {
      fileName: "neko.txt",
      format: "txt",
    });
    expect(doc.encoding).toBe("Shift_JIS");
    expect(doc.blocks).toEqual([
      {
        kind: "text",
        text: "吾輩は猫である。名前はまだ無い。",
        location: { kind: "lines", lineStart: 1, lineEnd: 1 },
      },
      {
        kind: "text",
        text: "どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所で泣いていた。",
        location: { kind: "lines", lineStart: 3, lineEnd: 3 },
      },
    ]);
    expect(doc.parts[0]?.location).toEqual({ kind: "lines", lineStart: 1, lineEnd: 3 });
  });
});
