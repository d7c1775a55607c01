// Inverse-cloze probes: the most distinctive sentence of a passage, verbatim, or nothing when none says enough.
import { describe, expect, it } from "vitest";
import { PROBE_MAX_CHARS, probeSentence } from "./retrieval-probes";

describe("probeSentence", () => {
  it("picks the sentence with the most distinct words", () => {
    expect(
      probeSentence(
        "Pricing. The Oslo office renews invoice relay contracts every quarter for wholesalers! Call us today.",
      ),
    ).toBe("The Oslo office renews invoice relay contracts every quarter for wholesalers!");
  });

  it("splits on line breaks and collapses spacing", () => {
    expect(probeSentence("Title\n\nRenewals   are\tdue within thirty days\nEnd")).toBe(
      "Renewals are due within thirty days",
    );
  });

  it("counts each character of unspaced scripts as a word", () => {
    expect(probeSentence("市场分析报告。")).toBe("市场分析报告。");
    expect(probeSentence("市场")).toBeNull();
  });

  it("answers null when no sentence has four distinct words", () => {
    expect(probeSentence("Totals.\nRevenue 10.\nCost 4.\nthe the the the the.")).toBeNull();
    expect(probeSentence("")).toBeNull();
  });

  it("shortens a long sentence at a space, keeping it verbatim", () => {
    const words = Array.from({ length: 80 }, (_, i) => `word${i}`);
    const sentence = words.join(" ");
    const probe = probeSentence(sentence) ?? "";
    expect(probe.length).toBeLessThanOrEqual(PROBE_MAX_CHARS);
    expect(probe.length).toBeGreaterThan(PROBE_MAX_CHARS / 2);
    expect(sentence.startsWith(probe)).toBe(true);
    expect(sentence[probe.length]).toBe(" ");
  });
});
