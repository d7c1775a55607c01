// Streaming extraction + chunking in the child: same chunks as in-process for every fixture, bounded memory for big CSV/TXT/JSON/XLSX.
import { createWriteStream, readdirSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UploadExtension } from "@acp/contracts/knowledge";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realWorldFixturesDir } from "../test/files";
import { analyzeText } from "../text-search/lexical-analyzer";
import { chunkDocument } from "./chunk-document";
import { extractDocument } from "./extract-document";
import { extractChunksInIsolation, extractInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";
import { fileExtension } from "./sniff-file-type";
import { type Chunk, ExtractionError } from "./types";

/** The children this file's extractions run in (the API's are deps.extractionPool). */
const pool = new ExtractionPool();
afterAll(() => pool.close());

const dir = realWorldFixturesDir();
let work = "";

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "extract-stream-"));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

async function streamed(
  filePath: string,
  ext: UploadExtension,
  extra: { limits?: object; slow?: boolean } = {},
) {
  const chunks: Chunk[] = [];
  let batches = 0;
  const summary = await extractChunksInIsolation({
    pool,
    filePath,
    fileName: path.basename(filePath),
    ext,
    limits: extra.limits,
    onChunks: async (batch) => {
      batches++;
      // The child analyses every chunk for the index (the lexemes the API would have made); the rest compares as is.
      for (const { lexical, ...chunk } of batch) {
        expect(lexical).toEqual(analyzeText(chunk.text));
        chunks.push(chunk);
      }
      if (extra.slow) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  });
  return { summary, chunks, batches };
}

describe.skipIf(dir === null)("extractChunksInIsolation on the real-world fixtures", () => {
  const files = dir ? readdirSync(dir).filter((f) => f !== "MANIFEST.md" && !f.startsWith("corrupt-")) : [];
  for (const name of files) {
    it(`${name}: same chunks and parts as extracting and chunking in process`, async () => {
      const filePath = path.join(dir as string, name);
      const ext = fileExtension(name) as UploadExtension;
      const { summary, chunks } = await streamed(filePath, ext);
      const direct = await extractDocument(new Uint8Array(await readFile(filePath)), {
        fileName: name,
        format: ext,
      });
      const expected = chunkDocument(direct);
      if (ext === "csv" || ext === "xlsx") {
        // The stream cannot know a column is empty in every row before the end, so it keeps empty columns (and the
        // header is not padded to the widest row; a merged range leaves its other columns empty): rows may be a
        // little longer, so chunks may break at other rows. Same rows of each sheet, and every cell in the stream.
        expect(chunks.length).toBeGreaterThan(0);
        const span = (list: typeof chunks) => {
          const bySheet = new Map<string, [number, number]>();
          for (const { location } of list) {
            if (location.kind !== "rows") continue;
            const key = location.sheet ?? "";
            const [start, end] = bySheet.get(key) ?? [location.rowStart, location.rowEnd];
            bySheet.set(key, [Math.min(start, location.rowStart), Math.max(end, location.rowEnd)]);
          }
          return bySheet;
        };
        expect(span(chunks)).toEqual(span(expected));
        const cellsOf = (text: string) => text.split(/ \| |\n\| | \|\n|^\| | \|$/);
        const streamedCells = new Set(chunks.flatMap((chunk) => cellsOf(chunk.text)));
        for (const chunk of expected)
          for (const cell of cellsOf(chunk.text)) expect(streamedCells).toContain(cell);
      } else {
        expect(chunks).toEqual(expected);
      }
      expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
      expect(summary.chunkCount).toBe(chunks.length);
      expect(summary.parts.map((p) => p.label)).toEqual(direct.parts.map((p) => p.label));
      expect(summary.encoding).toBe(direct.encoding);
    });
  }

  it("fails the corrupt fixtures with their reasons", async () => {
    const error = await streamed(path.join(dir as string, "corrupt-bad-header.doc"), "doc").catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ExtractionError);
    expect(error).toMatchObject({ code: "damaged" });
  });
});

describe("streaming CSV, TXT, JSON and XLSX", () => {
  it("reads a Shift-JIS text and a Windows-1252 CSV by streaming, with encodings detected from the head", async () => {
    const txt = path.join(work, "neko.txt");
    await writeFile(
      txt,
      iconv.encode("吾輩は猫である。名前はまだ無い。\r\n\r\n二行目の段落です。\r\n", "shift_jis"),
    );
    const t = await streamed(txt, "txt");
    expect(t.summary.encoding).toBe("Shift_JIS");
    expect(t.chunks.map((c) => [c.text, c.location])).toEqual([
      ["吾輩は猫である。名前はまだ無い。\n\n二行目の段落です。", { kind: "lines", lineStart: 1, lineEnd: 3 }],
    ]);
    const csv = path.join(work, "prix.csv");
    await writeFile(csv, iconv.encode('Produit;Prix\r\nCafé;"3 €"\r\n\r\nThé;2 €\r\n', "windows-1252"));
    const c = await streamed(csv, "csv");
    expect(c.summary.encoding).toBe("windows-1252");
    expect(c.chunks.map((chunk) => [chunk.text, chunk.location])).toEqual([
      ["| Produit | Prix |\n| Café | 3 € |\n| Thé | 2 € |", { kind: "rows", rowStart: 2, rowEnd: 4 }],
    ]);
  });

  it("reads a 64 MB CSV inside a 96 MB heap (the whole-document path runs out of memory there)", async () => {
    const file = path.join(work, "big.csv");
    const out = createWriteStream(file);
    out.write("id,product,region,amount,notes\n");
    let size = 0;
    let rows = 0;
    while (size < 64 * 1024 * 1024) {
      const lines: string[] = [];
      for (let k = 0; k < 5000; k++, rows++) {
        lines.push(
          `${rows},Product ${rows % 977},"Region, ${rows % 13}",${(rows * 3.7).toFixed(2)},free text for row ${rows}`,
        );
      }
      const text = `${lines.join("\n")}\n`;
      size += text.length;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    await new Promise<void>((resolve) => out.end(() => resolve()));
    const limits = { maxOldGenerationSizeMb: 96 };
    const { chunks, batches } = await streamed(file, "csv", { limits, slow: true });
    expect(batches).toBeGreaterThan(10);
    expect(chunks[0]?.text.startsWith("| id | product | region | amount | notes |\n| 0 | Product 0 |")).toBe(
      true,
    );
    for (const chunk of chunks)
      expect(chunk.text.startsWith("| id | product | region | amount | notes |\n")).toBe(true);
    const last = chunks[chunks.length - 1];
    expect(last?.location).toMatchObject({ kind: "rows", rowEnd: rows + 1 });
    let expectedStart = 2;
    for (const chunk of chunks) {
      if (chunk.location.kind !== "rows") throw new Error("not rows");
      expect(chunk.location.rowStart).toBe(expectedStart);
      expectedStart = chunk.location.rowEnd + 1;
    }
    const whole = await extractInIsolation({
      pool,
      filePath: file,
      fileName: "big.csv",
      ext: "csv",
      limits,
    }).catch((e: unknown) => e);
    expect(whole).toMatchObject({ code: "memory" });
  }, 180_000);

  it("reads a 64 MB JSON inside a 96 MB heap, chunks ending at records (the whole-document path runs out of memory)", async () => {
    const file = path.join(work, "big.json");
    const out = createWriteStream(file);
    out.write('{"exported": "2026-11-24", "orders": [\n');
    let size = 0;
    let records = 0;
    while (size < 64 * 1024 * 1024) {
      const lines: string[] = [];
      for (let k = 0; k < 2000; k++, records++) {
        lines.push(
          `${records === 0 ? "" : ","}{"id": ${records}, "customer": {"name": "Customer ${records}", "region": "Région ${records % 13}"}, "lines": [{"sku": "SKU-${records % 997}", "qty": ${records % 7}}]}`,
        );
      }
      const text = `${lines.join("\n")}\n`;
      size += text.length;
      if (!out.write(text)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    }
    await new Promise<void>((resolve) => out.end("]}\n", () => resolve()));
    const limits = { maxOldGenerationSizeMb: 96 };
    const { summary, chunks, batches } = await streamed(file, "json", { limits, slow: true });
    expect(batches).toBeGreaterThan(10);
    expect(summary.encoding).toBe("UTF-8");
    expect(
      chunks[0]?.text.startsWith(
        "exported: 2026-11-24\n\norders[0].id: 0\norders[0].customer.name: Customer 0",
      ),
    ).toBe(true);
    let covered = 0;
    for (const chunk of chunks) {
      if (chunk.location.kind !== "lines") throw new Error("not lines");
      // Lines are covered without gaps; a chunk starts on a whole line and ends where a record ends.
      expect(chunk.location.lineStart).toBeLessThanOrEqual(covered + 1);
      expect(chunk.location.lineEnd).toBeGreaterThan(covered);
      covered = chunk.location.lineEnd;
      if (chunk.index > 0) expect(chunk.text).toMatch(/^orders\[\d+\]\./);
      expect(chunk.text).toMatch(/\.qty: \d+$/);
    }
    const last = chunks[chunks.length - 1];
    expect(last?.text.endsWith(`orders[${records - 1}].lines[0].qty: ${(records - 1) % 7}`)).toBe(true);
    expect(last?.location).toMatchObject({ lineEnd: 1 + records * 5 });
    const whole = await extractInIsolation({
      pool,
      filePath: file,
      fileName: "big.json",
      ext: "json",
      limits,
    }).catch((e: unknown) => e);
    // The whole document is read by the same streaming reader with its blocks kept: it fills the heap record by
    // record before failing, slower than decoding the file into one string did.
    expect(whole).toMatchObject({ code: "memory" });
  }, 300_000);

  it("reads a 150,000-row XLSX in a 48 MB heap (whole, it runs out of memory): every sheet in order, merges expanded, dates, zero formula results", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const file = path.join(work, "big.xlsx");
    // The streaming writer puts the shared strings after the sheets, as Excel does: the reader must not need order.
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useSharedStrings: true,
      useStyles: true,
    });
    const orders = book.addWorksheet("Orders 2026");
    // A committed row cannot be merged into: merge first, then fill.
    orders.mergeCells("A1:F1");
    orders.getRow(1).getCell(1).value = "Order book, exported";
    orders.getRow(1).commit();
    orders.getRow(2).values = ["id", "customer", "region", "shipped", "amount", "balance"];
    orders.getRow(2).commit();
    const rows = 150_000;
    for (let i = 0; i < rows; i++) {
      const r = i + 3;
      if (i === 1000) orders.mergeCells(`C${r}:C${r + 2}`);
      const row = orders.getRow(r);
      row.values = [
        i,
        `Customer ${i % 5000}`,
        i >= 1000 && i < 1003 ? (i === 1000 ? "Merged North" : null) : `Region ${i % 17}`,
        new Date(Date.UTC(2026, 0, 1 + (i % 300))),
        i * 3,
        { formula: `E${r}-E${r}`, result: 0 },
      ];
      row.getCell(4).numFmt = "yyyy-mm-dd";
      row.commit();
    }
    await orders.commit();
    const notes = book.addWorksheet("Notes");
    notes.addRow(["note", "owner"]).commit();
    notes.addRow(["Renewals are due in March", "Zoë"]).commit();
    await notes.commit();
    await book.commit();

    const limits = { maxOldGenerationSizeMb: 48 };
    const { summary, chunks } = await streamed(file, "xlsx", { limits, slow: true });
    expect(summary.parts.map((p) => [p.label, p.location])).toEqual([
      ["Sheet Orders 2026", { kind: "rows", sheet: "Orders 2026", rowStart: 1, rowEnd: rows + 2 }],
      ["Sheet Notes", { kind: "rows", sheet: "Notes", rowStart: 1, rowEnd: 2 }],
    ]);
    const orderChunks = chunks.filter(
      (c) => c.location.kind === "rows" && c.location.sheet === "Orders 2026",
    );
    // The title merged across the header's width stays above the table, once; every data chunk repeats the header.
    expect(orderChunks[0]?.text).toContain("| Order book, exported |");
    expect(orderChunks[0]?.text).not.toContain("| Order book, exported | Order book, exported |");
    const header = "| id | customer | region | shipped | amount | balance |";
    for (const chunk of orderChunks.slice(1))
      expect(chunk.text.startsWith(`Sheet: Orders 2026\n${header}\n`)).toBe(true);
    const all = orderChunks.map((c) => c.text).join("\n");
    expect(all).toContain("| 1000 | Customer 1000 | Merged North | 2026-04-11 | 3000 | 0 |");
    expect(all).toContain("| 1002 | Customer 1002 | Merged North | 2026-04-13 | 3006 | 0 |");
    expect(all).toContain(`| ${rows - 1} | Customer ${(rows - 1) % 5000} | Region ${(rows - 1) % 17} |`);
    let next = 3;
    for (const chunk of orderChunks.slice(1)) {
      if (chunk.location.kind !== "rows") throw new Error("not rows");
      expect(chunk.location.rowStart).toBe(next);
      next = chunk.location.rowEnd + 1;
    }
    expect(next).toBe(rows + 3);
    expect(chunks.at(-1)?.text).toBe("Sheet: Notes\n| note | owner |\n| Renewals are due in March | Zoë |");
    const whole = await extractInIsolation({
      pool,
      filePath: file,
      fileName: "big.xlsx",
      ext: "xlsx",
      limits,
    }).catch((e: unknown) => e);
    expect(whole).toMatchObject({ code: "memory" });
  }, 180_000);

  it("reads JSON Lines in UTF-16 by streaming, and fails invalid JSON with where it broke", async () => {
    const jsonl = path.join(work, "events.json");
    const text =
      '{"event": "signed", "contract": "Zoë GmbH"}\n{"event": "renewed", "contract": "北京 Ltd"}\n';
    await writeFile(jsonl, Buffer.concat([Buffer.from([0xff, 0xfe]), iconv.encode(text, "utf16le")]));
    const { summary, chunks } = await streamed(jsonl, "json");
    expect(summary.encoding).toMatch(/UTF-16/);
    expect(chunks.map((c) => [c.text, c.location])).toEqual([
      [
        "[0].event: signed\n[0].contract: Zoë GmbH\n\n[1].event: renewed\n[1].contract: 北京 Ltd",
        { kind: "lines", lineStart: 1, lineEnd: 4 },
      ],
    ]);
    const broken = path.join(work, "broken.json");
    await writeFile(broken, '{"a": 1,\n "b": [1 2]}');
    const error = await streamed(broken, "json").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "invalid",
      message: "not valid JSON: unexpected a number at byte 18",
    });
  });

  it("reads a text file with no blank lines in bounded paragraphs, lines counted exactly", async () => {
    const file = path.join(work, "long.txt");
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `Line ${i + 1} says the revenue grew in the quarter.`,
    );
    await writeFile(file, lines.join("\n"));
    const { chunks } = await streamed(file, "txt");
    expect(chunks.length).toBeGreaterThan(100);
    for (const chunk of chunks) {
      if (chunk.location.kind !== "lines") throw new Error("not lines");
      const first = Number(/^Line (\d+) /.exec(chunk.text)?.[1] ?? /Line (\d+) /.exec(chunk.text)?.[1]);
      expect(chunk.text).toContain(`Line ${chunk.location.lineEnd} says`);
      expect(first).toBeGreaterThanOrEqual(chunk.location.lineStart);
    }
    expect(chunks[chunks.length - 1]?.location).toMatchObject({ lineEnd: 20_000 });
  });
});
