// The built-in embedder: deterministic unit vectors of 1536 dims whose cosines reward shared words, forms and typos.
import { describe, expect, it } from "vitest";
import { createLocalEmbedder, embedLocally, LOCAL_EMBEDDER_ID } from "./local-embedder";

const cosine = (a: number[], b: number[]) => a.reduce((sum, value, i) => sum + value * (b[i] ?? 0), 0);
const norm = (a: number[]) => Math.sqrt(cosine(a, a));

const CHUNK =
  "Our refund policy: customers on annual plans may receive a full refund within 30 days of purchase. " +
  "After that, refunds are prorated. The warehouse ships spare parts for turbines and pumps.";

describe("local embedder", () => {
  it("makes deterministic, L2-normalised 1536-dim vectors, in input order", async () => {
    const embedder = createLocalEmbedder();
    expect(embedder).toMatchObject({ id: LOCAL_EMBEDDER_ID, dimension: 1536 });
    const [a, b, again] = await embedder.embed(["refund policy", "spare parts", "refund policy"]);
    expect(a).toHaveLength(1536);
    expect(norm(a ?? [])).toBeCloseTo(1, 10);
    expect(again).toEqual(a);
    expect(cosine(a ?? [], b ?? [])).toBeLessThan(0.2);
    expect(await embedder.embed([])).toEqual([]);
  });

  it("never returns an all-zero vector, even for empty or punctuation-only text", () => {
    for (const text of ["", "!!!", "   "]) {
      const vector = embedLocally(text);
      expect(norm(vector)).toBeCloseTo(1, 10);
    }
  });

  it("rates a typo'd or inflected query close to its text and unrelated words far from it", () => {
    const chunk = embedLocally(CHUNK);
    const related = ["recieve refnud annual plan", "refunds", "turbine spare part shipping"];
    const unrelated = ["purple elephants dancing on the moon", "what is the weather like in paris tomorrow"];
    const lowestRelated = Math.min(...related.map((q) => cosine(embedLocally(q), chunk)));
    const highestUnrelated = Math.max(...unrelated.map((q) => cosine(embedLocally(q), chunk)));
    expect(lowestRelated).toBeGreaterThan(0.1);
    expect(highestUnrelated).toBeLessThan(0.06);
  });

  it("finds unspaced scripts by part of a sentence, and folds case, width and accents", () => {
    const sentence = embedLocally("東京都の人口は約千四百万人です");
    expect(cosine(embedLocally("東京都の人口"), sentence)).toBeGreaterThan(0.4);
    expect(cosine(embedLocally("ＣＡＦÉ Menu"), embedLocally("cafe menu"))).toBeCloseTo(1, 10);
  });

  it("stops at an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(createLocalEmbedder().embed(["a"], { signal: controller.signal })).rejects.toThrow("stop");
  });
});
