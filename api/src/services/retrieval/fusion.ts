// Fusing the lexical and dense legs: weighted RRF, each leg's relevance scale, and the relevance threshold.
import { LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import type { LexicalResult } from "./engine/chunk-postings";

/** RRF's damping constant (Cormack et al.): rank r contributes weight / (RRF_K + r). */
const RRF_K = 60;

/**
 * A candidate is relevant when it reaches this on the relevance scale: for the lexical leg, its BM25 score as a
 * share of the query's ideal score (every known query term once, at average length); for the dense leg, its cosine
 * divided by the embedder's floor times this value (so the floor lands exactly on the threshold).
 */
export const RELEVANCE_THRESHOLD = 0.25;

type LegSettings = {
  /** Weight of the dense leg in RRF (the lexical leg's is 1). */
  denseWeight: number;
  /** Cosine from which a dense match counts as relevant on its own. */
  denseFloor: number;
};

/**
 * Per embedder (DESIGN 5: fusion must never rank below the best single leg). The hashed local embedder is a
 * lexical signal: at equal weight it lowered BM25's nDCG@10 from 0.69 to 0.66 (0.67 at half weight). At 0.01 its
 * best contribution (0.01/61 = 0.00016) is below the gap between BM25 ranks 1-12 (1/(60+r) - 1/(61+r) >= 0.0002),
 * so it cannot reorder BM25's top 12 and mostly breaks ties; it earns its place by recall (typos, word forms,
 * scripts) where BM25 finds nothing. Its floor, 0.12: unrelated queries measured up to 0.07 cosine against 400
 * short chunks and 0.13 against 1,500 sharing suffixes ("-ing"), typo'd related ones 0.14-0.39 ("turbne bearng",
 * "spare prts for pumps"); a double typo in short words ("recieve refnud", 0.07) is below what hashing can tell
 * from noise. Longer chunks dilute the cosine: the floor mostly admits typos against short chunks. A semantic model (OpenAI's) is fused at equal weight; cosines of
 * text-embedding-3-small for unrelated text sit around 0.1-0.2.
 */
export function legSettings(embedderId: string): LegSettings {
  if (embedderId === LOCAL_EMBEDDER_ID) return { denseWeight: 0.01, denseFloor: 0.12 };
  return { denseWeight: 1, denseFloor: 0.3 };
}

/** Each lexical hit's relevance: its BM25 score as a share of the query's ideal score. */
export const lexicalRelevances = (lexical: LexicalResult): number[] =>
  lexical.hits.map((hit) => (lexical.idealScore > 0 ? hit.score / lexical.idealScore : 0));

/**
 * Whether the dense leg can still change the top `topK`: not when the lexical leg's first `topK` hits all pass the
 * threshold and the dense leg's largest contribution (weight / (RRF_K + 1)) is smaller than the gap between any two
 * neighbouring lexical ranks up to topK + 1. Then no dense score can reorder those hits or lift another above them
 * (a dense-only or lower-ranked candidate scores less than lexical rank topK), so the answer is the lexical one.
 */
export function lexicalDecides({
  lexicalRelevances,
  topK,
  denseWeight,
}: {
  lexicalRelevances: readonly number[];
  topK: number;
  denseWeight: number;
}): boolean {
  if (lexicalRelevances.length < topK) return false;
  if (lexicalRelevances.slice(0, topK).some((relevance) => relevance < RELEVANCE_THRESHOLD)) return false;
  const smallestGap = 1 / (RRF_K + topK) - 1 / (RRF_K + topK + 1);
  return denseWeight / (RRF_K + 1) < smallestGap;
}

/** A dense-leg match: the chunk and its cosine with the query. */
export type DenseMatch = { id: string; score: number };

/** A fused candidate: both legs' ranks (null: not found by it) and relevances, its RRF score, and the threshold. */
export type FusedCandidate = {
  chunkId: string;
  lexicalRank: number | null;
  denseRank: number | null;
  lexicalRelevance: number;
  denseRelevance: number;
  score: number;
  relevance: number;
  aboveThreshold: boolean;
};

/** Both legs fused by weighted RRF: candidates above the threshold first, each group by score. */
export function fuseLegs(
  lexical: LexicalResult,
  dense: readonly DenseMatch[],
  settings: LegSettings,
): FusedCandidate[] {
  const candidates = new Map<string, Omit<FusedCandidate, "relevance" | "aboveThreshold">>();
  const candidate = (chunkId: string) => {
    let entry = candidates.get(chunkId);
    if (!entry) {
      entry = {
        chunkId,
        lexicalRank: null,
        denseRank: null,
        lexicalRelevance: 0,
        denseRelevance: 0,
        score: 0,
      };
      candidates.set(chunkId, entry);
    }
    return entry;
  };
  for (const hit of lexical.hits) {
    const entry = candidate(hit.chunkId);
    entry.lexicalRank = hit.rank;
    entry.lexicalRelevance = lexical.idealScore > 0 ? hit.score / lexical.idealScore : 0;
    entry.score += 1 / (RRF_K + hit.rank);
  }
  for (const [index, match] of dense.entries()) {
    const entry = candidate(match.id);
    entry.denseRank = index + 1;
    entry.denseRelevance = (match.score / settings.denseFloor) * RELEVANCE_THRESHOLD;
    entry.score += settings.denseWeight / (RRF_K + index + 1);
  }
  return [...candidates.values()]
    .map((entry) => ({ ...entry, relevance: Math.max(entry.lexicalRelevance, entry.denseRelevance) }))
    .map((entry) => ({ ...entry, aboveThreshold: entry.relevance >= RELEVANCE_THRESHOLD }))
    .sort((a, b) => Number(b.aboveThreshold) - Number(a.aboveThreshold) || b.score - a.score);
}

/** The best `topK` above the threshold, and with `includeBelowThreshold` the best `topK` below it after them. */
export function keepBest(
  ranked: readonly FusedCandidate[],
  { topK, includeBelowThreshold }: { topK: number; includeBelowThreshold: boolean },
): FusedCandidate[] {
  const above = ranked.filter((c) => c.aboveThreshold).slice(0, topK);
  return includeBelowThreshold
    ? [...above, ...ranked.filter((c) => !c.aboveThreshold).slice(0, topK)]
    : above;
}
