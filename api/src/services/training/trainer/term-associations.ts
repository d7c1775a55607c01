// Term associations learned from the agent's own passages (random indexing): texts become vectors whose cosine sees related words.

import { bm25Idf } from "../../retrieval/engine/bm25";
import type { AnalyzedPassage, CorpusStats } from "./features";

/**
 * Each lexeme's context vector (unit length): the random projection of the passages it occurs in; `sums` keeps the
 * unnormalised sums, so one passage's share can be taken out again (training: see embedTerms).
 */
export type TermVectors = {
  dimension: number;
  seed: number;
  vectors: ReadonlyMap<string, Float32Array>;
  sums: ReadonlyMap<string, Float32Array>;
  stats: CorpusStats;
};

/** Non-zero entries of a lexeme's random index vector (sparse +-1: nearly orthogonal across lexemes). */
const INDEX_ENTRIES = 8;

/** FNV-1a over the seed and the lexeme: a lexeme's index vector depends on nothing else. */
function hash(seed: number, text: string, salt: number): number {
  let h = (0x811c9dc5 ^ seed ^ Math.imul(salt, 0x9e3779b1)) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d) >>> 0;
  return (h ^ (h >>> 12)) >>> 0;
}

function addIndexVector(target: Float32Array, lexeme: string, weight: number, seed: number): void {
  for (let e = 0; e < INDEX_ENTRIES; e += 1) {
    const h = hash(seed, lexeme, e);
    const at = h % target.length;
    target[at] = (target[at] ?? 0) + (h & 0x80000000 ? -weight : weight);
  }
}

function normaliseInPlace(vector: Float32Array): Float32Array {
  let norm = 0;
  for (const x of vector) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] ?? 0) / norm;
  return vector;
}

const idfOf = (stats: CorpusStats, lexeme: string) =>
  bm25Idf(stats.chunkCount, stats.documentFrequency.get(lexeme) ?? 0);

/**
 * Learns the vectors: each passage is projected to `dimension` numbers (its lexemes' index vectors weighted by IDF
 * and log term frequency), and a lexeme's vector is the sum of the projections of the passages holding it. Two
 * lexemes that share passages get close vectors, so "statin" and "cholesterol" match where BM25 sees nothing.
 */
export function learnTermVectors(
  passages: Iterable<AnalyzedPassage>,
  stats: CorpusStats,
  { dimension = 128, seed = 1 }: { dimension?: number; seed?: number } = {},
): TermVectors {
  const sums = new Map<string, Float32Array>();
  for (const passage of passages) {
    const projection = projectPassage(passage, stats, dimension, seed);
    for (const lexeme of passage.termCounts.keys()) {
      let sum = sums.get(lexeme);
      if (!sum) {
        sum = new Float32Array(dimension);
        sums.set(lexeme, sum);
      }
      for (let i = 0; i < dimension; i += 1) sum[i] = (sum[i] ?? 0) + (projection[i] ?? 0);
    }
  }
  const vectors = new Map<string, Float32Array>();
  for (const [lexeme, sum] of sums) vectors.set(lexeme, normaliseInPlace(Float32Array.from(sum)));
  return { dimension, seed, vectors, sums, stats };
}

/** A passage's random projection (unit length): its lexemes' index vectors weighted by IDF and log term frequency. */
function projectPassage(
  passage: AnalyzedPassage,
  stats: CorpusStats,
  dimension: number,
  seed: number,
): Float32Array {
  const projection = new Float32Array(dimension);
  for (const [lexeme, tf] of passage.termCounts) {
    addIndexVector(projection, lexeme, idfOf(stats, lexeme) * (1 + Math.log(tf)), seed);
  }
  return normaliseInPlace(projection);
}

/**
 * A text's vector (unit length): its lexemes' vectors weighted by IDF and log term frequency. With `swap`, the
 * lexemes are seen as if the corpus held `swap.as` instead of `swap.passage`: training asks for a sentence's
 * passage with that sentence taken out, and vectors learned from the whole passage (sentence included) would
 * point at it from the sentence's own words, which no real question can.
 */
export function embedTerms(
  termCounts: ReadonlyMap<string, number>,
  terms: TermVectors,
  stats: CorpusStats,
  swap?: { passage: AnalyzedPassage; as: AnalyzedPassage },
): Float32Array {
  const embedding = new Float32Array(terms.dimension);
  const removed = swap ? projectPassage(swap.passage, terms.stats, terms.dimension, terms.seed) : undefined;
  const added = swap ? projectPassage(swap.as, terms.stats, terms.dimension, terms.seed) : undefined;
  for (const [lexeme, tf] of termCounts) {
    let vector = terms.vectors.get(lexeme);
    const sum = terms.sums.get(lexeme);
    if (swap && removed && added && sum && swap.passage.termCounts.has(lexeme)) {
      const kept = swap.as.termCounts.has(lexeme);
      vector = normaliseInPlace(sum.map((x, i) => x - (removed[i] ?? 0) + (kept ? (added[i] ?? 0) : 0)));
    }
    if (!vector) continue;
    const weight = idfOf(stats, lexeme) * (1 + Math.log(tf));
    for (let i = 0; i < embedding.length; i += 1)
      embedding[i] = (embedding[i] ?? 0) + weight * (vector[i] ?? 0);
  }
  return normaliseInPlace(embedding);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  for (let i = 0; i < a.length; i += 1) dot += (a[i] ?? 0) * (b[i] ?? 0);
  return dot;
}
