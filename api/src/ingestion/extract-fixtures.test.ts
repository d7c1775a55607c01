// Every real-world fixture (../shared/fixtures/real-world) is sniffed, extracted and chunked: its MANIFEST phrases survive.
import { readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import { describe, expect, it } from "vitest";
import { realWorldFixturesDir } from "../test/files";
import { chunkDocument } from "./chunk-document";
import { estimateTokens } from "./estimate-tokens";
import { extractDocument } from "./extract-document";
import { toExtractedParts } from "./extract-in-isolation";
import { fileExtension, verifyContainerFile } from "./sniff-file-type";
import { type ExtractedDocument, ExtractionError } from "./types";

const dir = realWorldFixturesDir();

/** MANIFEST.md phrases per file (checked after collapsing whitespace runs to one space). */
const PHRASES: Record<string, string[]> = {
  "federal-register-2020-17221.pdf": ["Airworthiness Directives; The Boeing Company Airplanes"],
  "invoice-identity-cmap-pl.pdf": [
    "Wirtualna Polska Media Spółka Akcyjna",
    "Słownie sto czterdzieści osiem złotych",
  ],
  "hello-world-multiscript.pdf": ["Привет, мир", "你好世界"],
  "headings-table-chart.docx": ["Cras fringilla ipsum magna, in fringilla dui commodo a."],
  "unicode-header-footer.docx": ["Les Précieuses ridicules"],
  "tables.docx": ["Bottom right"],
  "license-table.doc": ["Can You Release Commercial Works?"],
  "unicode-header-footer.doc": [
    "Les Précieuses ridicules",
    "This is a simple header, with a € euro symbol in it.",
  ],
  "five-sheets-german.xlsx": ["Checkliste Leiterprüfung", "Bestandsliste Ersatzteile"],
  "two-sheets-book1.xlsx": ["Lenove"],
  "formats-umlaut-sheets.xls": ["Äcker"],
  "formulas-cyrillic.xls": ["МОСКВА Москва"],
  "country-codes.csv": ["阿富汗伊斯兰共和国", "Bonaire, Sint Eustatius and Saba"],
  "rail-incident-multiline.csv": ["The persons injuries (if any) have not been disclosed."],
  "budget-spanish-quoted.csv": ["Administración Nacional de Educación Pública"],
  "github-search-issues-nested.json": ["Sesame seeds split without a pop!"],
  "countries-native-names.min.json": ["دولة الإمارات العربية المتحدة"],
  "arabic-utf8.txt": ["بلاد المغرب"],
  "russian-utf8.txt": ["Цюрихский Политехникум"],
  "english-utf8-bom.txt": ["organize a global awareness day"],
};

const CORRUPT: Record<string, { code: string; message: string }> = {
  "corrupt-bad-trailer.pdf": { code: "damaged", message: "damaged PDF: invalid PDF structure" },
  "corrupt-bad-header.doc": {
    code: "damaged",
    message: "not a valid Word 97-2003 document: the file is truncated or damaged",
  },
};

const collapse = (text: string) => text.replace(/\s+/g, " ");

function documentText(doc: ExtractedDocument): string {
  return doc.blocks
    .map((block) =>
      block.kind === "text"
        ? block.text
        : [block.header.join(" "), ...block.rows.map((row) => row.cells.join(" "))].join("\n"),
    )
    .join("\n");
}

async function extractFixture(name: string): Promise<ExtractedDocument> {
  const bytes = new Uint8Array(await readFile(path.join(dir as string, name)));
  return extractDocument(bytes, { fileName: name, format: fileExtension(name) as UploadExtension });
}

describe.skipIf(dir === null)("real-world fixtures", () => {
  it("covers every file of the folder", () => {
    const files = readdirSync(dir as string).filter((f) => f !== "MANIFEST.md");
    expect(files.sort()).toEqual([...Object.keys(PHRASES), ...Object.keys(CORRUPT)].sort());
  });

  for (const [name, phrases] of Object.entries(PHRASES)) {
    it(`${name}: passes sniffing, extracts its phrases, and every phrase is in one chunk`, async () => {
      expect(
        await verifyContainerFile({ fileName: name, filePath: path.join(dir as string, name) }),
      ).toMatchObject({ ok: true });
      const doc = await extractFixture(name);
      const text = collapse(documentText(doc));
      const chunks = chunkDocument(doc);
      expect(chunks.length).toBeGreaterThan(0);
      for (const chunk of chunks) expect(chunk.tokenCount).toBe(estimateTokens(chunk.text));
      for (const phrase of phrases) {
        expect(text).toContain(phrase);
        expect(chunks.some((chunk) => collapse(chunk.text).includes(phrase))).toBe(true);
      }
      const parts = toExtractedParts(doc, { previewChars: 500 });
      expect(parts.length).toBeGreaterThan(0);
      expect(parts.some((part) => part.hasText)).toBe(true);
      for (const part of parts) expect(part.text.length).toBeLessThanOrEqual(500);
    });
  }

  for (const [name, expected] of Object.entries(CORRUPT)) {
    it(`${name}: fails with a specific, typed reason`, async () => {
      const error = await extractFixture(name).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExtractionError);
      expect(error).toMatchObject(expected);
    });
  }

  it("locates chunks: PDF pages, sheets and rows, heading paths, lines", async () => {
    const pdf = chunkDocument(await extractFixture("federal-register-2020-17221.pdf"));
    expect(new Set(pdf.map((c) => (c.location.kind === "page" ? c.location.page : 0)))).toEqual(
      new Set(Array.from({ length: 15 }, (_, i) => i + 1)),
    );
    const boeing = pdf.find((c) =>
      collapse(c.text).includes("Airworthiness Directives; The Boeing Company Airplanes"),
    );
    expect(boeing?.location).toEqual({ kind: "page", page: 1 });

    const xlsx = chunkDocument(await extractFixture("two-sheets-book1.xlsx"));
    const lenove = xlsx.find((c) => c.text.includes("Lenove"));
    expect(lenove?.location).toMatchObject({ kind: "rows", sheet: "Sheet2" });
    expect(lenove?.text).toContain("Brand");

    const xls = chunkDocument(await extractFixture("formulas-cyrillic.xls"));
    expect(xls.find((c) => c.text.includes("МОСКВА"))?.location).toMatchObject({
      kind: "rows",
      sheet: "Sheet1",
    });

    const docx = await extractFixture("headings-table-chart.docx");
    const headings = docx.blocks.flatMap((b) =>
      b.kind === "text" && b.location.kind === "section" ? [b.location.headings] : [],
    );
    expect(headings.some((h) => h.length >= 2)).toBe(true);
    const table = docx.blocks.find((b) => b.kind === "table");
    expect(table).toMatchObject({ kind: "table", context: { kind: "section", tableIndex: 1 } });
    const tableChunk = chunkDocument(docx).find((c) => c.location.kind === "section" && c.location.table);
    expect(tableChunk?.location).toMatchObject({ kind: "section", table: { index: 1, rowStart: 2 } });

    const tables = chunkDocument(await extractFixture("tables.docx"));
    expect(tables.find((c) => c.text.includes("Bottom right"))?.text).toBe(
      "| Top left | Top right |\n| Bottom left | Bottom right |",
    );

    const csv = chunkDocument(await extractFixture("rail-incident-multiline.csv"));
    expect(csv).toHaveLength(1);
    expect(csv[0]?.location).toEqual({ kind: "rows", rowStart: 2, rowEnd: 2 });
    expect(csv[0]?.text.split("\n")[0]).toContain("Narrative Full");

    const txt = chunkDocument(await extractFixture("english-utf8-bom.txt"));
    expect(txt[0]?.location).toMatchObject({ kind: "lines", lineStart: 1 });
    expect(txt[0]?.text.startsWith("1\n")).toBe(true);
  });

  it("detects the encodings of the text fixtures", async () => {
    expect((await extractFixture("english-utf8-bom.txt")).encoding).toBe("UTF-8");
    expect((await extractFixture("arabic-utf8.txt")).encoding).toBe("UTF-8");
    expect((await extractFixture("country-codes.csv")).encoding).toBe("UTF-8");
  });

  it("expands merged cells and keeps every sheet", async () => {
    const german = await extractFixture("five-sheets-german.xlsx");
    expect(german.parts.map((p) => p.label)).toEqual([
      "Sheet Handlungsanweisung",
      "Sheet Ersatzteilliste",
      "Sheet Leiterprüfung",
      "Sheet Feststellanlagen",
      "Sheet Schweißgerät",
    ]);
    const xls = await extractFixture("formats-umlaut-sheets.xls");
    const merged = xls.blocks.flatMap((b) =>
      b.kind === "table" ? [b.header, ...b.rows.map((r) => r.cells)] : [],
    );
    // A merged range's value reads once per row it covers.
    expect(merged.some((cells) => cells.includes("MERGED CELLS"))).toBe(true);
    expect(merged.every((cells) => cells.filter((c) => c === "MERGED CELLS").length <= 1)).toBe(true);
  });
});

if (dir === null) {
  it.skip("real-world fixtures: ../shared/fixtures/real-world is absent on this machine", () => {});
}
