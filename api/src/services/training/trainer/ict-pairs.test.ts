// Inverse-cloze pairs: deterministic sampling, a split by document, the dataset checks and the refusal of too little text.
import { describe, expect, it } from "vitest";
import { seededRandom, shuffle } from "../../../lib/seeded-random";
import { buildIctPairs, type IctPassage } from "./ict-pairs";

/** `documents` documents of `perDocument` passages, each of four distinct sentences of eight words. */
function passages(documents: number, perDocument = 1): IctPassage[] {
  const list: IctPassage[] = [];
  for (let d = 0; d < documents; d += 1) {
    for (let p = 0; p < perDocument; p += 1) {
      const sentences = [0, 1, 2, 3].map((s) => `Sentence ${s} of passage ${p} in document ${d} talks here.`);
      list.push({ id: `doc${d}:${p}`, documentId: `doc${d}`, text: sentences.join(" ") });
    }
  }
  return list;
}

describe("buildIctPairs", () => {
  it("draws the same pairs for the same seed and splits them by document", () => {
    const a = buildIctPairs(passages(40, 2), { seed: 1 });
    const b = buildIctPairs(passages(40, 2), { seed: 1 });
    expect(a).toEqual(b);
    expect(buildIctPairs(passages(40, 2), { seed: 2 }).train).not.toEqual(a.train);
    const trainDocuments = new Set(a.train.map((pair) => pair.documentId));
    expect(a.validation.every((pair) => !trainDocuments.has(pair.documentId))).toBe(true);
    expect(a.report.train + a.report.validation).toBe(320);
    expect(a.report.validationDocuments).toBe(8);
  });

  it("takes the query's sentence out of its passage, or keeps it when asked", () => {
    const [pair] = buildIctPairs(passages(40), { seed: 3 }).train;
    expect(pair?.context).not.toContain(pair?.query);
    expect(pair?.context.split(". ").length).toBe(3);
    const [kept] = buildIctPairs(passages(40), { seed: 3, removeSentence: false }).train;
    expect(kept?.context).toContain(kept?.query.replace(/\.$/, ""));
  });

  it("leaves out short sentences and repeated ones, and answers a repeated passage with every copy", () => {
    const list = passages(40);
    list.push({ id: "short:0", documentId: "short", text: "Too short. Also short here. Fine." });
    const copy = list[0] as IctPassage;
    list.push({ id: "copy:0", documentId: "copy", text: copy.text });
    const dataset = buildIctPairs(list, { seed: 4 });
    expect(dataset.report.duplicatePassages).toBe(1);
    expect(dataset.report.tooShort).toBe(3);
    const all = [...dataset.train, ...dataset.validation];
    expect(all.some((pair) => pair.passageId === "short:0" || pair.passageId === "copy:0")).toBe(false);
    expect(all.find((pair) => pair.passageId === copy.id)?.positiveIds).toEqual([copy.id, "copy:0"]);
    expect(new Set(all.map((pair) => pair.query)).size).toBe(all.length);
  });

  it("draws from every passage before a second sentence of any, up to maxPairs", () => {
    const dataset = buildIctPairs(passages(50), {
      seed: 5,
      maxPairs: 60,
      minTrainPairs: 10,
      minValidationPairs: 5,
    });
    const all = [...dataset.train, ...dataset.validation];
    expect(all).toHaveLength(60);
    expect(new Set(all.map((pair) => pair.passageId)).size).toBe(50);
  });

  it("names the problem when the text is too little, and none when it is enough", () => {
    expect(buildIctPairs(passages(5), { seed: 1 }).problems).toEqual([
      expect.stringMatching(/Not enough running text to train on: .* Upload more documents/),
    ]);
    expect(buildIctPairs(passages(1, 30), { seed: 1 }).problems).toEqual([
      expect.stringMatching(/holds 1 document; training needs at least 4 .* Upload 3 more documents first\./),
    ]);
    expect(
      buildIctPairs(passages(50), { seed: 1, minTrainPairs: 10, minValidationPairs: 5 }).problems,
    ).toEqual([]);
  });

  it("seededRandom and shuffle are reproducible", () => {
    const a = shuffle([1, 2, 3, 4, 5, 6, 7, 8], seededRandom(9));
    expect(shuffle([1, 2, 3, 4, 5, 6, 7, 8], seededRandom(9))).toEqual(a);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
