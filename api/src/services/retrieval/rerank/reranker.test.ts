// Features and the re-ranker artifact: BM25 as the index scores it, proximity and phrases, JSON round trip and refusals.
import { describe, expect, it } from "vitest";
import {
  analyzePassage,
  analyzeQuery,
  candidateFeatures,
  corpusStats,
  FEATURE_NAMES,
  type RankCandidate,
} from "./features";
import { deserializeReranker, initialReranker, rerank, serializeReranker } from "./reranker";

/** A fixed sequence (Park-Miller): the initial weights only need to be reproducible here. */
const seededRandom = (seed: number) => {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
};

const texts = [
  "Statin drugs lower cholesterol in the blood of adults.",
  "Breast cancer risk and statin drugs were studied in women.",
  "Cancer of the breast: statin use, drugs and risk over ten years.",
  "Vegetables and fruit in the diet of children.",
];
const candidates: RankCandidate[] = texts.map((text, index) => ({
  id: `c${index}`,
  documentId: `d${index}`,
  text,
  passage: analyzePassage(text),
}));
const stats = corpusStats(candidates.map((candidate) => candidate.passage));
const feature = (name: string, vector: readonly number[] | undefined) =>
  vector?.[FEATURE_NAMES.indexOf(name as never)];

describe("candidateFeatures", () => {
  it("scores phrase pairs, proximity and coverage from the passages' lexemes", () => {
    const features = candidateFeatures(analyzeQuery("breast cancer statin drugs", stats), candidates, stats);
    expect(features).toHaveLength(4);
    expect(features.every((vector) => vector.length === FEATURE_NAMES.length)).toBe(true);
    // "Breast cancer" and "statin drugs" stand together in c1; in c2 only "statin use, drugs" is near.
    expect(feature("phrasePairs", features[1])).toBeGreaterThan(feature("phrasePairs", features[2]) ?? 1);
    // The four terms span five lexemes in c1 ("breast cancer risk statin drugs").
    expect(feature("proximity", features[1])).toBe(0.8);
    expect(feature("termCoverage", features[1])).toBe(1);
    expect(feature("termCoverage", features[0])).toBe(0.5);
    expect(feature("bm25", features[3])).toBe(0);
    expect(feature("bm25Rank", features[3])).toBeLessThan(feature("bm25Rank", features[1]) ?? 0);
  });

  it("sees the fused ranks it is given, the candidates resembling the best ones, and the feedback words", () => {
    const query = analyzeQuery("statin drugs", stats);
    const features = candidateFeatures(query, candidates, stats, [4, 1, 2, 3]);
    expect(feature("fusedRank", features[1])).toBe(1);
    expect(feature("fusedRank", features[0])).toBeCloseTo(1 / Math.log2(5));
    // c3 (diet of children) shares no word with the statin passages; c2 shares most with c1 and c0.
    expect(feature("centrality", features[3])).toBe(0);
    expect(feature("centrality", features[2])).toBeGreaterThan(feature("centrality", features[0]) ?? 1);
    expect(feature("expansion", features[3])).toBe(0);
    expect(feature("expansion", features[1])).toBeGreaterThan(0);
  });

  it("leaves the features a model does not read at 0, the others as computed in full", () => {
    const query = analyzeQuery("breast cancer statin drugs", stats);
    const all = candidateFeatures(query, candidates, stats);
    const some = candidateFeatures(query, candidates, stats, undefined, new Set(["bm25", "centrality"]));
    for (const name of ["bm25", "centrality", "fusedRank", "leadIdfCoverage"]) {
      expect(some.map((vector) => feature(name, vector))).toEqual(all.map((vector) => feature(name, vector)));
    }
    expect(some.map((vector) => feature("proximity", vector))).toEqual([0, 0, 0, 0]);
    expect(some.map((vector) => feature("expansion", vector))).toEqual([0, 0, 0, 0]);
  });
});

describe("reranker", () => {
  const { mean, std } = { mean: FEATURE_NAMES.map(() => 0), std: FEATURE_NAMES.map(() => 1) };

  it("untrained, keeps the fused order; weighted on another feature, follows it", () => {
    const model = initialReranker({ mean, std, hidden: 0, random: seededRandom(1) });
    const query = analyzeQuery("statin cholesterol", stats);
    expect(rerank(model, query, candidates, stats).map((c) => c.id)).toEqual(candidates.map((c) => c.id));
    const byCoverage = { ...model, linear: FEATURE_NAMES.map((name) => (name === "firstMatch" ? 1 : 0)) };
    const order = rerank(byCoverage, analyzeQuery("diet children", stats), candidates, stats).map(
      (c) => c.id,
    );
    expect(order[0]).toBe("c3");
  });

  it("survives a JSON round trip and refuses an artifact of another shape or version", () => {
    const model = initialReranker({ mean, std, hidden: 3, random: seededRandom(2) });
    const json = serializeReranker(model);
    expect(deserializeReranker(json)).toEqual(model);
    expect(() => deserializeReranker(JSON.stringify({ ...model, version: 2 }))).toThrow(/version/);
    expect(() => deserializeReranker(JSON.stringify({ ...model, features: ["bm25"] }))).toThrow(
      /other features/,
    );
    expect(() => deserializeReranker(JSON.stringify({ ...model, output: [1] }))).toThrow(/shapes/);
    expect(() =>
      deserializeReranker(JSON.stringify({ ...model, linear: model.linear.map(() => null) })),
    ).toThrow(/shapes/);
  });
});
