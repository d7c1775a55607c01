// The built-in embedder: deterministic unit vectors of 1536 dims whose cosines reward shared words, forms and typos.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createLocalEmbedder,
  embedLocally,
  LOCAL_EMBEDDER_ID,
  normaliseForEmbedding,
  STOP_WORDS,
} from "./local-embedder";

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

/**
 * The embedder as first written (a Map per feature group, every n-gram hashed from scratch): stored vectors were
 * made by it, so every later version must give the same bits or old chunks and new queries would disagree.
 */
function referenceEmbedding(text: string): number[] {
  const hash = (points: readonly number[], start: number, end: number, seed: number) => {
    let h = (0x811c9dc5 ^ seed) >>> 0;
    for (let i = start; i < end; i += 1) h = Math.imul(h ^ (points[i] ?? 0), 0x01000193);
    h ^= h >>> 16;
    h = Math.imul(h, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
    return h >>> 0;
  };
  const words = new Map<number, number>();
  const ngrams = new Map<number, number>();
  const bump = (counts: Map<number, number>, key: number) => counts.set(key, (counts.get(key) ?? 0) + 1);
  const tokens = Array.from(normaliseForEmbedding(text).matchAll(/[\p{L}\p{N}]+/gu), (m) => m[0]);
  const topical = tokens.filter((token) => !STOP_WORDS.has(token));
  for (const token of topical.length > 0 ? topical : tokens) {
    const points = Array.from(token, (char) => char.codePointAt(0) ?? 0);
    if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(token)) {
      for (let i = 0; i < points.length; i += 1) {
        bump(words, hash(points, i, i + 1, 0x9e3779b9));
        if (i + 1 < points.length) bump(words, hash(points, i, i + 2, 0x9e3779b9));
      }
      continue;
    }
    bump(words, hash(points, 0, points.length, 0x9e3779b9));
    const padded = [2, ...points, 2];
    for (let n = 3; n <= 5; n += 1) {
      for (let start = 0; start + n <= padded.length; start += 1)
        bump(ngrams, hash(padded, start, start + n, 0x7f4a7c15));
    }
  }
  const vector = new Float64Array(1536);
  const addGroup = (counts: Map<number, number>, share: number) => {
    if (counts.size === 0) return;
    const part = new Float64Array(1536);
    for (const [key, occurrences] of counts) {
      const weight = 1 + Math.log(occurrences);
      for (let j = 0; j < 2; j += 1) {
        let h = (key + Math.imul(j, 0x9e3779b9)) >>> 0;
        h ^= h >>> 16;
        h = Math.imul(h, 0x85ebca6b);
        h ^= h >>> 13;
        h = Math.imul(h, 0xc2b2ae35);
        h ^= h >>> 16;
        h >>>= 0;
        part[h % 1536] = (part[h % 1536] ?? 0) + (h & 0x80000000 ? -1 : 1) * weight;
      }
    }
    let norm = 0;
    for (const value of part) norm += value * value;
    if (norm === 0) return;
    const scale = Math.sqrt(share) / Math.sqrt(norm);
    for (let i = 0; i < 1536; i += 1) vector[i] = (vector[i] ?? 0) + (part[i] ?? 0) * scale;
  };
  addGroup(words, ngrams.size > 0 ? 0.5 : 1);
  addGroup(ngrams, ngrams.size > 0 ? 0.5 : 0);
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) {
    vector[0] = 1;
    return Array.from(vector);
  }
  const inverse = 1 / Math.sqrt(norm);
  return Array.from(vector, (value) => value * inverse);
}

describe("local embedder against its first version", () => {
  const vocabulary = [
    "refund",
    "policy",
    "the",
    "of",
    "Ünïcödé",
    "ＣＡＦÉ",
    "東京都の人口",
    "서울",
    "a",
    "x",
    "contract",
    "renewal",
    "2024",
    "Q3",
    "naïve",
    "ﬁnance",
    "Straße",
    "İstanbul",
    "—",
    "!!",
    "e-mail",
    "ab",
    "verylongwordwithoutanyspaces",
  ];
  it("gives bit-identical vectors for any text, including repeated words, stop words only and unspaced scripts", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.array(fc.constantFrom(...vocabulary), { maxLength: 400 }).map((words) => words.join(" ")),
        ),
        (text) => {
          expect(embedLocally(text)).toEqual(referenceEmbedding(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("stays identical past its token cache and its counters' first growth", () => {
    const many = Array.from({ length: 60_000 }, (_, i) => `w${i.toString(36)}`);
    const text = many.slice(0, 5_000).join(" ");
    expect(embedLocally(text)).toEqual(referenceEmbedding(text));
    for (let i = 0; i < many.length; i += 5_000) embedLocally(many.slice(i, i + 5_000).join(" "));
    expect(embedLocally(text)).toEqual(referenceEmbedding(text));
  });
});
