// The re-ranker's word order reads the index's lexemes: every word it sees becomes the lexeme the analyzer stores.
import { describe, expect, it } from "vitest";
import { analyzeText, lexemeOf } from "../../../text-search/lexical-analyzer";
import { analyzePassage } from "./features";

/** Case, accents and other scripts, possessives, punctuation around words, stop words and numbers. */
const WORDS = [
  "Running",
  "RUNS",
  "runner",
  "Statins",
  "cholesterol",
  "Café",
  "CAFÉS",
  "naïve",
  "Über",
  "résumé",
  "ΟΔΟΣ",
  "Σοφός",
  "İstanbul",
  "Straße",
  "ПРИВЕТ",
  "patient's",
  "patients’",
  "(hello)",
  "end.",
  "well,",
  '"quoted"',
  "¿qué?",
  "the",
  "THE",
  "And",
  "itself",
  "2024",
  "007",
];

/** The lexemes the index stores for `text`, as a sorted list. */
const indexLexemes = (text: string) => Object.keys(analyzeText(text).termCounts).sort();

describe("the re-ranker's lexemes", () => {
  it("are the index's, word by word", () => {
    for (const word of WORDS) {
      expect({ word, lexemes: [...new Set(analyzePassage(word).sequence)].sort() }).toEqual({
        word,
        lexemes: indexLexemes(word),
      });
    }
  });

  it("are the index's for a sentence of those words, in the sentence's order", () => {
    const sentence = WORDS.join(" ");
    const passage = analyzePassage(sentence);
    expect([...new Set(passage.sequence)].sort()).toEqual(indexLexemes(sentence));
    expect(passage.sequence).toEqual(
      WORDS.map((word) => lexemeOf(word.replace(/[^\p{L}\p{N}'’]/gu, ""))).filter(Boolean),
    );
  });

  it("leave stop words out and lowercase as PostgreSQL does (no final sigma)", () => {
    expect(lexemeOf("THE")).toBe("");
    expect(lexemeOf("ΟΔΟΣ")).toBe(indexLexemes("ΟΔΟΣ")[0]);
    expect(lexemeOf("ΟΔΟΣ")).not.toBe("ΟΔΟΣ".toLowerCase());
  });
});
