// The train/validation split: whole documents on one side, the same split for the same seed.
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../../lib/seeded-random";
import { seededShuffle, splitByGroup } from "./split-by-document";

const items = (documents: number, perDocument: number) =>
  Array.from({ length: documents * perDocument }, (_, i) => ({ doc: `d${Math.floor(i / perDocument)}`, i }));

describe("splitByGroup", () => {
  it("holds out whole documents, about a fifth of the items, the same way for the same seed", () => {
    const all = items(10, 5);
    const first = splitByGroup(all, (item) => item.doc, 7);
    const again = splitByGroup(all, (item) => item.doc, 7);
    expect(again).toEqual(first);
    expect(first.validation.length).toBe(10);
    expect(first.train.length).toBe(40);
    const trainDocs = new Set(first.train.map((item) => item.doc));
    expect(first.validation.every((item) => !trainDocs.has(item.doc))).toBe(true);
    const other = splitByGroup(all, (item) => item.doc, 8);
    expect(other.validation.map((item) => item.doc)).not.toEqual(first.validation.map((item) => item.doc));
  });

  it("keeps everything for training when there is too little or a single group", () => {
    expect(splitByGroup(items(4, 4), (item) => item.doc, 1).validation).toEqual([]);
    expect(splitByGroup(items(1, 40), (item) => item.doc, 1)).toEqual({
      train: items(1, 40),
      validation: [],
    });
  });

  it("never holds out a group that would take more than half the items", () => {
    const lopsided = [...items(1, 30), ...items(3, 1).map((item) => ({ ...item, doc: `small${item.i}` }))];
    const split = splitByGroup(lopsided, (item) => item.doc, 3);
    expect(split.train.filter((item) => item.doc === "d0")).toHaveLength(30);
    expect(split.validation.length).toBeGreaterThan(0);
  });
});

describe("seeded randomness", () => {
  it("repeats for a seed and stays in [0, 1)", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const values = Array.from({ length: 100 }, () => a());
    expect(values).toEqual(Array.from({ length: 100 }, () => b()));
    expect(values.every((value) => value >= 0 && value < 1)).toBe(true);
    expect(seededShuffle([1, 2, 3, 4, 5], 9).sort()).toEqual([1, 2, 3, 4, 5]);
  });
});
