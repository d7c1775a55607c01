// A cited passage in its document: the part its location points into, and the excerpt found despite re-flowed
// whitespace and a shortening ellipsis, with context cut at words.
import type { ExtractedPart } from "@acp/contracts/knowledge";
import { describe, expect, it } from "vitest";
import { findExcerpt, partForLocation, passageInContext } from "./passage-context";

function part(location: ExtractedPart["location"], text = "text"): ExtractedPart {
  return {
    label: "part",
    location,
    text,
    truncated: false,
    hasText: true,
    ocr: false,
    lineNumbers: null,
  } as ExtractedPart;
}

describe("partForLocation", () => {
  const parts = [
    part({ kind: "page", page: 1 }),
    part({ kind: "page", page: 2 }),
    part({ kind: "rows", sheet: "Budget", rowStart: 1, rowEnd: 50 }),
    part({ kind: "rows", sheet: "Staff", rowStart: 1, rowEnd: 50 }),
  ];

  it("finds the page, or the sheet whose rows overlap", () => {
    expect(partForLocation(parts, { kind: "page", page: 2 })).toBe(1);
    expect(partForLocation(parts, { kind: "rows", sheet: "Staff", rowStart: 40, rowEnd: 60 })).toBe(3);
    expect(partForLocation(parts, { kind: "rows", sheet: "Staff", rowStart: 51, rowEnd: 60 })).toBe(-1);
    expect(partForLocation(parts, { kind: "page", page: 9 })).toBe(-1);
  });

  it("takes the only part of a one-part document", () => {
    expect(partForLocation([part(null)], { kind: "lines", lineStart: 3, lineEnd: 4 })).toBe(0);
    expect(partForLocation([part(null)], null)).toBe(0);
  });
});

describe("findExcerpt", () => {
  it("matches word for word across different whitespace and without the ellipsis", () => {
    const text = "Intro.\nEnterprise plans  are\nbilled yearly. Outro.";
    expect(findExcerpt(text, "…Enterprise plans are billed yearly.")).toEqual({ start: 7, end: 43 });
    expect(findExcerpt(text, "Enterprise plans are billed monthly.")).toBeNull();
    expect(findExcerpt(text, "  … ")).toBeNull();
  });

  it("treats the excerpt as text, not as a pattern", () => {
    expect(findExcerpt("Costs (USD) are $5.", "(USD) are $5.")).toEqual({ start: 6, end: 19 });
  });
});

describe("passageInContext", () => {
  it("keeps up to the radius either side, cut where a word starts or ends, with ellipses where text was left out", () => {
    const text = "alpha beta gamma delta PASSAGE HERE epsilon zeta eta theta";
    expect(passageInContext(text, "PASSAGE HERE", 10)).toEqual({
      before: "…delta ",
      passage: "PASSAGE HERE",
      after: " epsilon…",
    });
    expect(passageInContext("PASSAGE HERE", "PASSAGE HERE")).toEqual({
      before: "",
      passage: "PASSAGE HERE",
      after: "",
    });
  });
});
