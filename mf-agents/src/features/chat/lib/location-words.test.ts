// Locations in words, as the cited-passage dialog and the citation buttons read them.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { describe, expect, it } from "vitest";
import { locationInWords } from "./location-words";

describe("locationInWords", () => {
  const cases: [ChunkLocation | null, string][] = [
    [null, "Whole document"],
    [{ kind: "page", page: 3 }, "Page 3"],
    [{ kind: "page", page: 4, ocr: true }, "Page 4 (read by OCR)"],
    [{ kind: "rows", sheet: "Budget", rowStart: 4, rowEnd: 9 }, "Sheet Budget, rows 4–9"],
    [{ kind: "rows", rowStart: 7, rowEnd: 7 }, "Row 7"],
    [{ kind: "lines", lineStart: 10, lineEnd: 24 }, "Lines 10–24"],
    [{ kind: "section", headings: ["Pricing", "Discounts"] }, "Pricing › Discounts"],
    [
      { kind: "section", headings: ["Terms"], table: { index: 1, rowStart: 2, rowEnd: 2 } },
      "Terms, table 1, row 2",
    ],
    [{ kind: "section", headings: [] }, "Start of the document"],
  ];
  it.each(cases)("%j reads %s", (location, words) => {
    expect(locationInWords(location)).toBe(words);
  });
});
