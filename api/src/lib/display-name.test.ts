// cleanDisplayName: names are stored without bidi controls, zero-width and other invisible characters.
import { describe, expect, it } from "vitest";
import { cleanDisplayName } from "./display-name";

describe("cleanDisplayName", () => {
  it.each([
    ["invoice\u202Efdp.exe", "invoicefdp.exe"],
    ["\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee", "abcde"],
    ["\u2066left\u2067right\u2068first\u2069", "leftrightfirst"],
    ["pass\u200Bword\u200C\u200D\u2060\uFEFF.txt", "password.txt"],
    ["soft\u00ADhyphen and \u180Emongolian", "softhyphen and mongolian"],
    ["tag\u{E0041}\u{E0042} chars", "tag chars"],
    ["c1\u0085\u009B controls\u0000", "c1 controls"],
    ["  two  words\u2028here\t ", "two words here"],
    ["\u3164\u115F", ""],
  ])("%j -> %j", (input, expected) => {
    expect(cleanDisplayName(input)).toBe(expected);
  });

  it("keeps visible text of every script", () => {
    expect(cleanDisplayName("Résumé – 履歴書 (2027).pdf")).toBe("Résumé – 履歴書 (2027).pdf");
  });
});
