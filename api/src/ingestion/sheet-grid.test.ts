// Cell normalisation: every run of whitespace becomes one space and the ends are trimmed, whichever path decides.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normaliseCell } from "./sheet-grid";

describe("normaliseCell", () => {
  it("equals collapsing whitespace runs and trimming, for ASCII and any other text", () => {
    const piece = fc.oneof(
      fc.string({ unit: "grapheme-ascii", maxLength: 12 }),
      fc.string({ unit: "grapheme", maxLength: 6 }),
      fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u2028", "\u000b", "a b", "é"),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const value = pieces.join("");
        expect(normaliseCell(value)).toBe(value.replace(/\s+/g, " ").trim());
      }),
      { numRuns: 2000 },
    );
  });

  it("leaves a clean cell as it is", () => {
    expect(normaliseCell("Revenue Q3")).toBe("Revenue Q3");
    expect(normaliseCell("")).toBe("");
    expect(normaliseCell(" x")).toBe("x");
    expect(normaliseCell("a  b")).toBe("a b");
    expect(normaliseCell("a\tb")).toBe("a b");
    expect(normaliseCell("x ")).toBe("x");
  });
});
