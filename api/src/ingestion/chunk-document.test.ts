// Tests chunking: sizes within bounds, overlap, sentence/word boundaries, huge lines, tables row-wise with the header repeated.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chunkDocument } from "./chunk-document";
import { estimateTokens } from "./estimate-tokens";
import { extractText } from "./extract-text";
import { renderRow, renderRowCounted } from "./table-chunker";
import type { ExtractedDocument, TableBlock, TableRow } from "./types";

const sentence = (i: number) =>
  `Sentence number ${i} talks about the quarterly revenue of the northern region in detail.`;

function doc(blocks: ExtractedDocument["blocks"]): ExtractedDocument {
  return { format: "txt", parts: [], blocks, warnings: [] };
}

function table(rows: number, context: TableBlock["context"] = { kind: "sheet", sheet: "Sales" }): TableBlock {
  const body: TableRow[] = Array.from({ length: rows }, (_, i) => ({
    rowNumber: i + 2,
    cells: [
      `Product ${i}`,
      `${(i * 7) % 100}`,
      `Region ${i % 5}`,
      `Note for row ${i} with several words in it`,
    ],
  }));
  return {
    kind: "table",
    header: ["Name", "Price", "Region", "Notes"],
    headerRowNumber: 1,
    rows: body,
    context,
  };
}

describe("estimateTokens", () => {
  it("counts words, punctuation and unspaced scripts", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("the cat sat.")).toBe(4);
    expect(estimateTokens("你好世界")).toBe(4);
    expect(estimateTokens("こんにちは")).toBe(5);
    expect(estimateTokens("Привет")).toBe(2);
    expect(estimateTokens("a".repeat(50))).toBe(10);
  });
});

describe("estimateTokens: ASCII fast path", () => {
  it("counts exactly as the general pattern does", () => {
    const samples = [
      "",
      "the cat sat.",
      "a_b-c 123,456 x\ty\r\n",
      "\u0001odd\u0007 chars!!",
      "word".repeat(30),
      "| a | b |\n| 1 | 2 |",
    ];
    let seed = 7;
    for (let n = 0; n < 300; n++) {
      let text = "";
      for (let i = 0; i < 200; i++) {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        text += String.fromCharCode(seed % 128);
      }
      samples.push(text);
    }
    // A trailing CJK character (one token on its own) forces the general pattern.
    for (const text of samples) expect(estimateTokens(text)).toBe(estimateTokens(`${text}你`) - 1);
  });
});

describe("renderRowCounted", () => {
  it("renders as renderRow and counts exactly what estimateTokens counts on the whole line", () => {
    const cell = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 30 }),
      fc.constantFrom(
        "",
        " ",
        "|",
        "a|b",
        "x \\| y",
        "東京|大阪",
        "café",
        "\u0301accent",
        "1,234.5",
        "tab\there",
      ),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 12 }), (cells) => {
        const counted = renderRowCounted(cells);
        expect(counted.line).toBe(renderRow(cells));
        expect(counted.tokens).toBe(estimateTokens(counted.line));
      }),
      { numRuns: 500 },
    );
  });
});

describe("chunkDocument: text", () => {
  const paragraphs = Array.from({ length: 40 }, (_, p) =>
    Array.from({ length: 6 }, (_, s) => sentence(p * 6 + s)).join(" "),
  ).join("\n\n");

  it("keeps chunks within the target, overlapping, on sentence boundaries, with line ranges", () => {
    const chunks = chunkDocument(extractText({ text: paragraphs }), { targetTokens: 200, overlapTokens: 40 });
    expect(chunks.length).toBeGreaterThan(10);
    chunks.forEach((chunk, i) => {
      expect(chunk.index).toBe(i);
      expect(chunk.tokenCount).toBeLessThanOrEqual(200 + 5);
      expect(chunk.tokenCount).toBeGreaterThan(0);
      expect(chunk.location.kind).toBe("lines");
      // Every chunk starts at a sentence (or an overlap that is a whole sentence tail) and ends at one.
      expect(chunk.text.trimEnd()).toMatch(/\.$/);
    });
    for (let i = 1; i < chunks.length; i++) {
      const previous = chunks[i - 1]?.text ?? "";
      const current = chunks[i]?.text ?? "";
      // Overlap: the new chunk begins with text the previous one ended with.
      const head = current.slice(0, 30);
      expect(previous).toContain(head);
    }
    // Line ranges cover the text in order: paragraph p sits on line 2p+1.
    const first = chunks[0]?.location;
    expect(first).toMatchObject({ kind: "lines", lineStart: 1 });
    const last = chunks[chunks.length - 1]?.location;
    expect(last).toMatchObject({ kind: "lines", lineEnd: 79 });
    // No sentence is lost.
    const all = chunks.map((c) => c.text).join(" ");
    for (let i = 0; i < 240; i += 17) expect(all).toContain(sentence(i));
  });

  it("carries whole lines as overlap when the text is made of lines (listings, flattened JSON)", () => {
    const lines = Array.from({ length: 300 }, (_, i) => `orders[${i}].customer.region: Region ${i % 7}`);
    const chunks = chunkDocument(
      doc([
        { kind: "text", text: lines.join("\n"), location: { kind: "lines", lineStart: 1, lineEnd: 300 } },
      ]),
      { targetTokens: 200, overlapTokens: 40 },
    );
    expect(chunks.length).toBeGreaterThan(5);
    for (const [i, chunk] of chunks.entries()) {
      if (chunk.location.kind !== "lines") throw new Error("not lines");
      // Each chunk is whole lines: the first is the line its range starts on, the last the line it ends on.
      const own = chunk.text.split("\n");
      expect(own[0]).toBe(lines[chunk.location.lineStart - 1]);
      expect(own[own.length - 1]).toBe(lines[chunk.location.lineEnd - 1]);
      if (i > 0) {
        const previous = chunks[i - 1]?.location;
        if (previous?.kind !== "lines") throw new Error("not lines");
        expect(chunk.location.lineStart).toBeLessThanOrEqual(previous.lineEnd);
      }
    }
  });

  it("uses 800/100 by default", () => {
    const chunks = chunkDocument(extractText({ text: paragraphs }));
    const max = Math.max(...chunks.map((c) => c.tokenCount));
    expect(max).toBeLessThanOrEqual(805);
    expect(max).toBeGreaterThan(500);
  });

  it("splits a huge single line on sentences, and a huge single word only when it must", () => {
    const line = Array.from({ length: 400 }, (_, i) => sentence(i)).join(" ");
    const chunks = chunkDocument(extractText({ text: line }), { targetTokens: 150, overlapTokens: 20 });
    expect(chunks.length).toBeGreaterThan(20);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(155);
      expect(chunk.location).toEqual({ kind: "lines", lineStart: 1, lineEnd: 1 });
      // Never mid-word: every chunk starts and ends on a whole word.
      expect(chunk.text).toMatch(/^\S/);
      expect(line).toContain(chunk.text.split(" ").slice(0, 3).join(" "));
    }
    const blob = "x".repeat(20_000);
    const blobChunks = chunkDocument(extractText({ text: `before ${blob} after` }), {
      targetTokens: 200,
      overlapTokens: 0,
    });
    expect(blobChunks.length).toBeGreaterThan(15);
    for (const chunk of blobChunks) expect(chunk.tokenCount).toBeLessThanOrEqual(205);
    expect(
      blobChunks
        .map((c) => c.text)
        .join("")
        .replace(/[^x]/g, "").length,
    ).toBe(20_000);
  });

  it("splits unspaced CJK text on sentence boundaries", () => {
    const text = Array.from({ length: 120 }, (_, i) => `这是第${i}句话，讨论北方地区的季度收入。`).join("");
    const chunks = chunkDocument(extractText({ text }), { targetTokens: 100, overlapTokens: 10 });
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.tokenCount).toBeLessThanOrEqual(105);
      expect(chunk.text.endsWith("。")).toBe(true);
    }
  });

  it("never lets a chunk span two PDF pages, and never emits a chunk of carried overlap alone", () => {
    const long = Array.from({ length: 12 }, (_, i) => sentence(i)).join(" ");
    const pages = chunkDocument(
      doc([
        { kind: "text", text: long, location: { kind: "page", page: 1 } },
        { kind: "text", text: "Short page two.", location: { kind: "page", page: 2 } },
      ]),
      { targetTokens: 120, overlapTokens: 30 },
    );
    expect(pages[pages.length - 1]).toMatchObject({
      text: "Short page two.",
      location: { kind: "page", page: 2 },
    });
    const pageOne = pages.filter((c) => c.location.kind === "page" && c.location.page === 1);
    expect(pageOne[pageOne.length - 1]?.text.endsWith(sentence(11))).toBe(true);
    for (let i = 1; i < pages.length; i++)
      expect(pages[i - 1]?.text.includes(pages[i]?.text ?? "")).toBe(false);
  });

  it("keeps the OCR flag of a page", () => {
    const chunks = chunkDocument(
      doc([
        { kind: "text", text: "Page one text.", location: { kind: "page", page: 1 } },
        { kind: "text", text: "Scanned page two.", location: { kind: "page", page: 2, ocr: true } },
      ]),
    );
    expect(chunks.map((c) => c.location)).toEqual([
      { kind: "page", page: 1 },
      { kind: "page", page: 2, ocr: true },
    ]);
  });

  it("records heading paths, merging a heading line or a title into the section that follows", () => {
    const chunks = chunkDocument(
      doc([
        { kind: "text", text: "Pricing", location: { kind: "section", headings: ["Pricing"] } },
        { kind: "text", text: "Monthly", location: { kind: "section", headings: ["Pricing", "Monthly"] } },
        {
          kind: "text",
          text: "Ten euros a month.",
          location: { kind: "section", headings: ["Pricing", "Monthly"] },
        },
      ]),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.location).toEqual({ kind: "section", headings: ["Pricing", "Monthly"] });
    // A short title before the first section joins it instead of making a chunk of its own.
    const titled = chunkDocument(
      doc([
        { kind: "text", text: "Annual report", location: { kind: "section", headings: [] } },
        { kind: "text", text: sentence(1), location: { kind: "section", headings: ["Results"] } },
      ]),
    );
    expect(titled.map((c) => [c.text, c.location])).toEqual([
      [`Annual report\n\n${sentence(1)}`, { kind: "section", headings: ["Results"] }],
    ]);
    const long = Array.from({ length: 30 }, (_, i) => sentence(i)).join(" ");
    const split = chunkDocument(
      doc([
        { kind: "text", text: long, location: { kind: "section", headings: ["A"] } },
        { kind: "text", text: long, location: { kind: "section", headings: ["B", "C"] } },
      ]),
      { targetTokens: 400 },
    );
    // No chunk mixes unrelated sections, and no chunk is only the overlap carried from the previous section.
    const locations = split.map((c) => JSON.stringify(c.location));
    expect(new Set(locations)).toEqual(
      new Set([
        JSON.stringify({ kind: "section", headings: ["A"] }),
        JSON.stringify({ kind: "section", headings: ["B", "C"] }),
      ]),
    );
    for (let i = 1; i < split.length; i++)
      expect(split[i - 1]?.text.includes(split[i]?.text ?? "")).toBe(false);
    const firstB = split.findIndex((c) => c.location.kind === "section" && c.location.headings[0] === "B");
    expect(split[firstB]?.text.startsWith(sentence(0))).toBe(true);
  });
});

describe("chunkDocument: tables", () => {
  it("chunks row-wise: a row is never split, every chunk repeats the header, rows are located", () => {
    const block = table(200);
    const chunks = chunkDocument(doc([block]), { targetTokens: 150 });
    expect(chunks.length).toBeGreaterThan(5);
    const seen: number[] = [];
    for (const chunk of chunks) {
      const lines = chunk.text.split("\n");
      expect(lines[0]).toBe("Sheet: Sales");
      expect(lines[1]).toBe("| Name | Price | Region | Notes |");
      const rows = lines.slice(2);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const match =
          /^\| Product (\d+) \| \d+ \| Region \d \| Note for row (\d+) with several words in it \|$/.exec(
            row,
          );
        expect(match, row).not.toBeNull();
        expect(match?.[1]).toBe(match?.[2]);
        seen.push(Number(match?.[1]));
      }
      expect(chunk.location).toEqual({
        kind: "rows",
        sheet: "Sales",
        rowStart: Number(/Product (\d+)/.exec(rows[0] ?? "")?.[1]) + 2,
        rowEnd: Number(/Product (\d+)/.exec(rows[rows.length - 1] ?? "")?.[1]) + 2,
      });
      expect(chunk.tokenCount).toBeLessThanOrEqual(150);
    }
    // Every row exactly once, in order.
    expect(seen).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it("keeps an oversized row whole, and locates docx tables by heading and table index", () => {
    const wide: TableBlock = {
      kind: "table",
      header: ["Key", "Text"],
      headerRowNumber: 1,
      rows: [
        { rowNumber: 2, cells: ["a", "short"] },
        { rowNumber: 3, cells: ["b", "word ".repeat(150).trim()] },
        { rowNumber: 4, cells: ["c", "short again"] },
      ],
      context: { kind: "section", headings: ["Appendix"], tableIndex: 2 },
    };
    const chunks = chunkDocument(doc([wide]), { targetTokens: 100 });
    expect(chunks.map((c) => c.location)).toEqual([
      { kind: "section", headings: ["Appendix"], table: { index: 2, rowStart: 2, rowEnd: 2 } },
      { kind: "section", headings: ["Appendix"], table: { index: 2, rowStart: 3, rowEnd: 3 } },
      { kind: "section", headings: ["Appendix"], table: { index: 2, rowStart: 4, rowEnd: 4 } },
    ]);
    expect(chunks[1]?.text).toBe(`Section: Appendix\n| Key | Text |\n| b | ${"word ".repeat(150).trim()} |`);
  });

  it("splits a row too large to embed into header: value pieces that stay on that row", () => {
    const huge: TableBlock = {
      kind: "table",
      header: ["Id", "Narrative"],
      headerRowNumber: 1,
      rows: [{ rowNumber: 7, cells: ["42", Array.from({ length: 300 }, (_, i) => sentence(i)).join(" ")] }],
      context: { kind: "sheet" },
    };
    const chunks = chunkDocument(doc([huge]), { targetTokens: 200 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.location).toEqual({ kind: "rows", rowStart: 7, rowEnd: 7 });
      expect(chunk.text.startsWith("| Id | Narrative |")).toBe(true);
    }
    expect(chunks[0]?.text).toContain("Id: 42");
  });

  it("emits a header-only table and keeps text around tables in order", () => {
    const chunks = chunkDocument(
      doc([
        { kind: "text", text: "Intro.", location: { kind: "lines", lineStart: 1, lineEnd: 1 } },
        {
          kind: "table",
          header: ["Only", "Header"],
          headerRowNumber: 1,
          rows: [],
          context: { kind: "sheet", sheet: "S" },
        },
        { kind: "text", text: "Outro.", location: { kind: "lines", lineStart: 3, lineEnd: 3 } },
      ]),
    );
    expect(chunks.map((c) => c.text)).toEqual(["Intro.", "Sheet: S\n| Only | Header |", "Outro."]);
    expect(chunks[1]?.location).toEqual({ kind: "rows", sheet: "S", rowStart: 1, rowEnd: 1 });
  });
});
