// Chunk locations read the way a person names them, survive the trip through a link, and find their part.
import type { ChunkLocation, ExtractedPart } from "@acp/contracts/knowledge";
import { describe, expect, it } from "vitest";
import {
  decodeChunkLocation,
  encodeChunkLocation,
  findPartForLocation,
  formatChunkLocation,
  formatLinkPlace,
  numberSheetRows,
} from "./chunk-location";

describe("formatLinkPlace", () => {
  it.each<[ChunkLocation | null, string]>([
    [{ kind: "page", page: 3 }, "page 3"],
    [{ kind: "page", page: 2, ocr: true }, "page 2"],
    [{ kind: "rows", sheet: "Budget", rowStart: 4, rowEnd: 9 }, "sheet Budget, rows 4-9"],
    [{ kind: "rows", rowStart: 7, rowEnd: 7 }, "row 7"],
    [
      { kind: "section", headings: ["Licences"], table: { index: 1, rowStart: 2, rowEnd: 2 } },
      "table 1, row 2",
    ],
    [{ kind: "section", headings: ["A", "B"] }, "section A › B"],
    [{ kind: "section", headings: [] }, "the start of the document"],
    [{ kind: "lines", lineStart: 10, lineEnd: 24 }, "lines 10-24"],
    [null, "the document"],
  ])("%j is the place %s", (location, expected) => {
    expect(formatLinkPlace(location)).toBe(expected);
  });
});

describe("numberSheetRows", () => {
  const sheet = (
    text: string,
    rowStart: number,
    rowEnd: number,
    truncated = false,
    lineNumbers: number[] | null = null,
  ): ExtractedPart => ({
    label: "Sheet Budget",
    location: { kind: "rows", sheet: "Budget", rowStart, rowEnd },
    text,
    truncated,
    hasText: true,
    ocr: false,
    lineNumbers,
  });

  it("numbers each line with the row the API says, blank rows skipped", () => {
    expect(
      numberSheetRows(sheet("Budget 2026\nItem\tCost\nRent\t9\nLamp\t30", 1, 41, false, [1, 3, 4, 41])),
    ).toEqual([
      { number: 1, text: "Budget 2026" },
      { number: 3, text: "Item\tCost" },
      { number: 4, text: "Rent\t9" },
      { number: 41, text: "Lamp\t30" },
    ]);
  });

  it("numbers the lines a shortened preview shows, the cut last one too", () => {
    expect(numberSheetRows(sheet("id\n1\tAda\n2\tBe", 1, 5000, true, [1, 2, 4]))).toEqual([
      { number: 1, text: "id" },
      { number: 2, text: "1\tAda" },
      { number: 4, text: "2\tBe" },
    ]);
  });

  it("gives no numbers when the API's do not match the lines", () => {
    expect(numberSheetRows(sheet("a\nb", 1, 2, false, [1]))).toBeNull();
  });

  it("numbers each row of a whole sheet from its first row", () => {
    expect(numberSheetRows(sheet("Item\tCost\nPaper\t4\nInk\t9", 3, 5))).toEqual([
      { number: 3, text: "Item\tCost" },
      { number: 4, text: "Paper\t4" },
      { number: 5, text: "Ink\t9" },
    ]);
  });

  it("gives no numbers it cannot be sure of: blank rows skipped, or a shortened preview", () => {
    expect(numberSheetRows(sheet("a\nb", 1, 3))).toBeNull();
    expect(numberSheetRows(sheet("a\nb", 1, 2, true))).toBeNull();
    expect(numberSheetRows({ ...sheet("a", 1, 1), location: { kind: "page", page: 1 } })).toBeNull();
  });
});

describe("formatChunkLocation", () => {
  it.each<[ChunkLocation | null, string]>([
    [{ kind: "page", page: 3 }, "Page 3"],
    [{ kind: "page", page: 2, ocr: true }, "Page 2 (OCR)"],
    [{ kind: "rows", sheet: "Ersatzteilliste", rowStart: 4, rowEnd: 9 }, "Sheet Ersatzteilliste, rows 4-9"],
    [{ kind: "rows", sheet: "Blätt1", rowStart: 7, rowEnd: 7 }, "Sheet Blätt1, row 7"],
    [{ kind: "rows", rowStart: 1, rowEnd: 40 }, "Rows 1-40"],
    [{ kind: "section", headings: ["A", "B"] }, "A › B"],
    [
      { kind: "section", headings: ["Licences"], table: { index: 1, rowStart: 2, rowEnd: 5 } },
      "Licences, table 1, rows 2-5",
    ],
    [{ kind: "section", headings: [] }, "Start of the document"],
    [{ kind: "lines", lineStart: 10, lineEnd: 24 }, "Lines 10-24"],
    [null, "Whole document"],
  ])("%j reads %s", (location, expected) => {
    expect(formatChunkLocation(location)).toBe(expected);
  });
});

describe("encode/decodeChunkLocation", () => {
  it("round-trips a location and ignores malformed values", () => {
    const location = { kind: "rows", sheet: "Ersatzteilliste", rowStart: 4, rowEnd: 9 } as const;
    expect(decodeChunkLocation(encodeChunkLocation(location))).toEqual(location);
    expect(decodeChunkLocation("{not json")).toBeNull();
    expect(decodeChunkLocation(JSON.stringify({ kind: "page", page: -1 }))).toBeNull();
    expect(decodeChunkLocation(null)).toBeNull();
    const section = {
      kind: "section",
      headings: ["A", "B"],
      table: { index: 1, rowStart: 2, rowEnd: 5 },
    } as const;
    expect(decodeChunkLocation(encodeChunkLocation({ ...section, headings: [...section.headings] }))).toEqual(
      section,
    );
    expect(decodeChunkLocation(JSON.stringify({ kind: "lines", lineStart: 9, lineEnd: 3 }))).toBeNull();
    expect(decodeChunkLocation(JSON.stringify({ kind: "script", page: 1 }))).toBeNull();
  });
});

describe("findPartForLocation", () => {
  const part = (label: string, location: ExtractedPart["location"]): ExtractedPart => ({
    label,
    location,
    text: "",
    truncated: false,
    hasText: true,
    ocr: false,
    lineNumbers: null,
  });
  const parts = [
    part("Page 1", { kind: "page", page: 1 }),
    part("Page 2", { kind: "page", page: 2 }),
    part("Sheet Ersatzteilliste", { kind: "rows", sheet: "Ersatzteilliste", rowStart: 1, rowEnd: 50 }),
    part("Sheet Leiterprüfung", null),
  ];

  it("finds the page, the sheet by its rows, or the sheet by its name", () => {
    expect(findPartForLocation(parts, { kind: "page", page: 2 })).toBe(1);
    expect(
      findPartForLocation(parts, { kind: "rows", sheet: "Ersatzteilliste", rowStart: 4, rowEnd: 9 }),
    ).toBe(2);
    expect(findPartForLocation(parts, { kind: "rows", sheet: "Leiterprüfung", rowStart: 1, rowEnd: 2 })).toBe(
      3,
    );
    expect(findPartForLocation(parts, { kind: "page", page: 9 })).toBe(-1);
    expect(findPartForLocation(parts, null)).toBe(-1);
  });
});
