// Term associations: words sharing passages get close vectors; a swapped passage stops pointing its words at itself.
import { describe, expect, it } from "vitest";
import { analyzePassage, corpusStats } from "./features";
import { cosine, embedTerms } from "./term-associations";

const passages = [
  "Statins lower cholesterol. Cholesterol drugs such as statins are common.",
  "Cholesterol in the blood falls on statins.",
  "Tomatoes grow in gardens. Gardens need water.",
  "Water the tomatoes in the garden daily.",
].map(analyzePassage);
const stats = corpusStats(passages, { seed: 3 });
const terms = stats.terms;
const counts = (text: string) => analyzePassage(text).termCounts;

describe("term associations", () => {
  it("brings words that share passages together, and is fixed by the seed", () => {
    if (!terms) throw new Error("no term vectors learned");
    const statin = embedTerms(counts("statins"), terms, stats);
    expect(cosine(statin, embedTerms(counts("cholesterol"), terms, stats))).toBeGreaterThan(0.9);
    expect(cosine(statin, embedTerms(counts("tomatoes"), terms, stats))).toBeLessThan(0.5);
    const again = corpusStats(passages, { seed: 3 }).terms;
    expect(again && [...(again.vectors.get("statin") ?? [])]).toEqual([
      ...(terms.vectors.get("statin") ?? []),
    ]);
  });

  it("sees the words as if a passage were another one when asked (training's swap)", () => {
    if (!terms) throw new Error("no term vectors learned");
    const source = passages[2];
    const masked = analyzePassage("Gardens need water.");
    if (!source) throw new Error("no passage");
    const plain = embedTerms(counts("tomatoes"), terms, stats);
    const swapped = embedTerms(counts("tomatoes"), terms, stats, { passage: source, as: masked });
    const sourceVector = embedTerms(source.termCounts, terms, stats);
    expect(cosine(swapped, sourceVector)).toBeLessThan(cosine(plain, sourceVector));
  });
});
