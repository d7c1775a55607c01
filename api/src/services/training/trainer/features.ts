// Re-ranking features of fused candidates: pure functions over the query's and passages' lexemes and the corpus statistics.
import { BM25_B, BM25_K1, bm25Idf, MAX_QUERY_TERMS } from "../../retrieval/engine/bm25";
import { stemEnglish } from "../../retrieval/engine/english-stemmer";
import { ENGLISH_STOP_WORDS } from "../../retrieval/engine/english-stop-words";
import { analyzeText } from "../../retrieval/engine/lexical-analyzer";
import { cosine, embedTerms, learnTermVectors, type TermVectors } from "./term-associations";

/** A passage analysed once: what BM25 counts (the index's own analyzer) and its words in order for proximity. */
export type AnalyzedPassage = {
  /** Lexeme -> occurrences, as the index stores them (analyzeText). */
  termCounts: ReadonlyMap<string, number>;
  /** Sum of the counts (the index's lexical length). */
  length: number;
  /** Lexemes in text order, stop words left out (adjacency then skips them, as phrase search does). */
  sequence: readonly string[];
  /** Lexemes of the passage's first sentence (its title or heading line, when it has one). */
  lead: ReadonlySet<string>;
};

/** Corpus statistics BM25 needs: the agent's chunk count, their average length and each lexeme's chunk count. */
export type CorpusStats = {
  chunkCount: number;
  averageLength: number;
  /** A lexeme's chunk count (undefined: in no chunk). */
  documentFrequency: { get(lexeme: string): number | undefined };
  /** Term associations learned from the same passages (undefined: the association features are 0). */
  terms?: TermVectors | undefined;
};

/** A fused candidate as the re-ranker sees it. */
export type RankCandidate = {
  id: string;
  documentId: string;
  /** The passage's raw text (to recognise a copy of a training query's sentence). */
  text: string;
  passage: AnalyzedPassage;
};

/** A query's distinct lexemes (the rarest MAX_QUERY_TERMS, as the index scores them) with their IDF. */
export type AnalyzedQuery = {
  terms: readonly { lexeme: string; idf: number }[];
  /** The query's lexemes in order, stop words left out (for phrase pairs). */
  sequence: readonly string[];
  /** Sum of the terms' IDF: what a passage holding each of them once, at average length, scores. */
  idealScore: number;
  /** The query's lexemes and counts (for its association vector). */
  termCounts: ReadonlyMap<string, number>;
};

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
const sentenceSegmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The text's words as lexemes, in order (stop words and tokens the analyzer would drop left out). */
function lexemeSequence(text: string): string[] {
  const sequence: string[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase().replace(/[’]/g, "'");
    if (ENGLISH_STOP_WORDS.has(word)) continue;
    // Words of digits are kept as they are (the analyzer's simple dictionary); others are stemmed like the index.
    sequence.push(/^\p{N}+$/u.test(word) ? word : stemEnglish(word));
  }
  return sequence;
}

/** The first sentence of `text` (or its first line, when that is shorter: a title). */
function leadOf(text: string): string {
  const trimmed = text.trimStart();
  const firstLine = trimmed.split(/\n\s*\n|\n/, 1)[0] ?? "";
  const first = sentenceSegmenter.segment(trimmed)[Symbol.iterator]().next().value?.segment ?? "";
  return firstLine.length > 0 && firstLine.length < first.length ? firstLine : first;
}

export function analyzePassage(text: string): AnalyzedPassage {
  const { termCounts, length } = analyzeText(text);
  return {
    termCounts: new Map(Object.entries(termCounts)),
    length,
    sequence: lexemeSequence(text),
    lead: new Set(lexemeSequence(leadOf(text))),
  };
}

/**
 * Statistics of the passages a model is trained for (the agent's chunks), with their term associations unless
 * `associations` is false. Deterministic for the seed.
 */
export function corpusStats(
  passages: readonly AnalyzedPassage[],
  {
    associations = true,
    seed = 1,
    dimension = 128,
  }: { associations?: boolean; seed?: number; dimension?: number } = {},
): CorpusStats {
  const documentFrequency = new Map<string, number>();
  let chunkCount = 0;
  let totalLength = 0;
  for (const passage of passages) {
    chunkCount += 1;
    totalLength += passage.length;
    for (const lexeme of passage.termCounts.keys()) {
      documentFrequency.set(lexeme, (documentFrequency.get(lexeme) ?? 0) + 1);
    }
  }
  const stats = {
    chunkCount,
    averageLength: Math.max(1, totalLength / Math.max(1, chunkCount)),
    documentFrequency,
  };
  return associations ? { ...stats, terms: learnTermVectors(passages, stats, { seed, dimension }) } : stats;
}

/** Passage vectors by passage (computed once per analysed passage and set of term vectors). */
const passageVectors = new WeakMap<AnalyzedPassage, { terms: TermVectors; vector: Float32Array }>();

function passageVector(passage: AnalyzedPassage, stats: CorpusStats, terms: TermVectors): Float32Array {
  const known = passageVectors.get(passage);
  if (known && known.terms === terms) return known.vector;
  const vector = embedTerms(passage.termCounts, terms, stats);
  passageVectors.set(passage, { terms, vector });
  return vector;
}

export function analyzeQuery(query: string, stats: CorpusStats): AnalyzedQuery {
  const counts = analyzeText(query).termCounts;
  const known = Object.keys(counts)
    .map((lexeme) => ({ lexeme, df: stats.documentFrequency.get(lexeme) ?? 0 }))
    .filter((term) => term.df > 0)
    .sort((a, b) => a.df - b.df || (a.lexeme < b.lexeme ? -1 : 1))
    .slice(0, MAX_QUERY_TERMS);
  const terms = known.map((term) => ({ lexeme: term.lexeme, idf: bm25Idf(stats.chunkCount, term.df) }));
  return {
    terms,
    sequence: lexemeSequence(query),
    idealScore: terms.reduce((sum, term) => sum + term.idf, 0),
    termCounts: new Map(Object.entries(counts)),
  };
}

/** BM25 of the passage for the query, exactly as the in-memory index scores it. */
export function bm25Score(query: AnalyzedQuery, passage: AnalyzedPassage, stats: CorpusStats): number {
  const norm = BM25_K1 * (1 - BM25_B + (BM25_B * passage.length) / stats.averageLength);
  let score = 0;
  for (const { lexeme, idf } of query.terms) {
    const tf = passage.termCounts.get(lexeme) ?? 0;
    if (tf > 0) score += (idf * tf * (BM25_K1 + 1)) / (tf + norm);
  }
  return score;
}

/**
 * Smallest number of consecutive lexemes holding every query term the passage holds (at least two of them), over
 * how many distinct terms that is: 1 when they stand together, towards 0 the further apart they are; 0 with fewer
 * than two terms present.
 */
function proximity(terms: ReadonlySet<string>, sequence: readonly string[]): number {
  const present = new Set(sequence.filter((lexeme) => terms.has(lexeme)));
  if (present.size < 2) return 0;
  const counts = new Map<string, number>();
  let covered = 0;
  let best = Number.POSITIVE_INFINITY;
  let left = 0;
  for (let right = 0; right < sequence.length; right += 1) {
    const lexeme = sequence[right] as string;
    if (!present.has(lexeme)) continue;
    const count = counts.get(lexeme) ?? 0;
    counts.set(lexeme, count + 1);
    if (count === 0) covered += 1;
    while (covered === present.size) {
      best = Math.min(best, right - left + 1);
      const leftLexeme = sequence[left] as string;
      left += 1;
      if (!present.has(leftLexeme)) continue;
      const leftCount = (counts.get(leftLexeme) ?? 0) - 1;
      counts.set(leftLexeme, leftCount);
      if (leftCount === 0) covered -= 1;
    }
  }
  return present.size / best;
}

/** Share of the query's neighbouring lexeme pairs that stand side by side in the passage too. */
function phrasePairs(query: readonly string[], sequence: readonly string[]): number {
  if (query.length < 2) return 0;
  const wanted = new Set<string>();
  for (let i = 0; i + 1 < query.length; i += 1) wanted.add(`${query[i]} ${query[i + 1]}`);
  const found = new Set<string>();
  for (let i = 0; i + 1 < sequence.length; i += 1) {
    const pair = `${sequence[i]} ${sequence[i + 1]}`;
    if (wanted.has(pair)) found.add(pair);
  }
  return found.size / wanted.size;
}

/** Names of the features, in the order of each vector (the artifact records them). */
export const FEATURE_NAMES = [
  "fusedRank",
  "bm25",
  "bm25Rank",
  "bm25ShareOfBest",
  "termCoverage",
  "idfCoverage",
  "leadIdfCoverage",
  "saturatedTf",
  "proximity",
  "phrasePairs",
  "firstMatch",
  "documentEvidence",
  "association",
  "associationRank",
  "feedback",
] as const;

/**
 * Features that are evidence for relevance whatever the corpus: more of them never makes a passage less relevant.
 * Training keeps their weights non-negative, so the model cannot learn artefacts of the training task (a passage
 * whose sentence was taken out matches fewer query words than it would) as rules against matching.
 */
export const MONOTONE_FEATURES: ReadonlySet<string> = new Set([
  "fusedRank",
  "bm25",
  "bm25Rank",
  "bm25ShareOfBest",
  "termCoverage",
  "idfCoverage",
  "leadIdfCoverage",
  "saturatedTf",
  "proximity",
  "phrasePairs",
  "firstMatch",
  "documentEvidence",
  "association",
  "associationRank",
  "feedback",
]);

/** Best BM25 candidates whose vectors make the pseudo-relevance feedback centroid. */
const FEEDBACK_DEPTH = 5;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** 1-based rank of each score among `scores` (ties: the earlier candidate first). */
function ranks(scores: readonly number[]): number[] {
  const rank = new Array<number>(scores.length);
  scores
    .map((score, index) => ({ score, index }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .forEach((entry, position) => {
      rank[entry.index] = position + 1;
    });
  return rank;
}

/**
 * One feature vector per candidate, in the candidates' order. Scale-free where it can be (shares of the query's
 * ideal score, of its terms, of the best candidate) so one model serves short and long queries alike.
 */
export function candidateFeatures(
  query: AnalyzedQuery,
  candidates: readonly RankCandidate[],
  stats: CorpusStats,
  {
    swap,
    fusedRanks,
  }: {
    /** Training only: the answer's whole passage and the passage as trained on (see embedTerms). */
    swap?: { passage: AnalyzedPassage; as: AnalyzedPassage } | undefined;
    /** 1-based rank of each candidate in the retrieval's fused order (default: the candidates' order). */
    fusedRanks?: readonly number[] | undefined;
  } = {},
): number[][] {
  const ideal = query.idealScore > 0 ? query.idealScore : 1;
  const { terms } = stats;
  const queryVector = terms ? embedTerms(query.termCounts, terms, stats, swap) : undefined;
  const association = candidates.map((candidate) =>
    terms && queryVector ? cosine(queryVector, passageVector(candidate.passage, stats, terms)) : 0,
  );
  const associationRank = ranks(association);
  const vectors = terms ? candidates.map((candidate) => passageVector(candidate.passage, stats, terms)) : [];
  const termSet = new Set(query.terms.map((term) => term.lexeme));
  const bm25 = candidates.map((candidate) => bm25Score(query, candidate.passage, stats));
  const best = Math.max(1e-9, ...bm25);
  const rank = ranks(bm25);
  // Pseudo-relevance feedback: the topic of BM25's best few candidates, against which each candidate is compared.
  const centroid = terms ? new Float32Array(terms.dimension) : undefined;
  if (centroid) {
    vectors.forEach((vector, index) => {
      if ((rank[index] as number) > FEEDBACK_DEPTH) return;
      for (let i = 0; i < centroid.length; i += 1) centroid[i] = (centroid[i] ?? 0) + (vector[i] ?? 0);
    });
    let norm = 0;
    for (const x of centroid) norm += x * x;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < centroid.length; i += 1) centroid[i] = (centroid[i] ?? 0) / norm;
  }
  // Document-level evidence: the best BM25 among the other candidates of the same document.
  const ofDocument = new Map<string, number[]>();
  candidates.forEach((candidate, index) => {
    const list = ofDocument.get(candidate.documentId) ?? [];
    list.push(index);
    ofDocument.set(candidate.documentId, list);
  });
  return candidates.map((candidate, index) => {
    const { passage } = candidate;
    let present = 0;
    let idfPresent = 0;
    let leadIdf = 0;
    let saturated = 0;
    for (const { lexeme, idf } of query.terms) {
      const tf = passage.termCounts.get(lexeme) ?? 0;
      if (tf === 0) continue;
      present += 1;
      idfPresent += idf;
      saturated += idf * Math.log1p(tf);
      if (passage.lead.has(lexeme)) leadIdf += idf;
    }
    let firstMatch = 0;
    const firstAt = passage.sequence.findIndex((lexeme) => termSet.has(lexeme));
    if (firstAt >= 0) firstMatch = 1 / (1 + Math.log1p(firstAt));
    const own = bm25[index] as number;
    let others = 0;
    for (const sibling of ofDocument.get(candidate.documentId) ?? []) {
      if (sibling !== index) others = Math.max(others, bm25[sibling] as number);
    }
    const terms = Math.max(1, query.terms.length);
    return [
      1 / Math.log2(1 + (fusedRanks?.[index] ?? index + 1)),
      own / ideal,
      1 / Math.log2(1 + (rank[index] as number)),
      own / best,
      present / terms,
      idfPresent / ideal,
      leadIdf / ideal,
      saturated / ideal,
      proximity(termSet, passage.sequence),
      phrasePairs(query.sequence, passage.sequence),
      firstMatch,
      others / ideal,
      association[index] as number,
      1 / Math.log2(1 + (associationRank[index] as number)),
      centroid && vectors[index] ? cosine(centroid, vectors[index] as Float32Array) : 0,
    ];
  });
}

/** The `limit` passages with the highest BM25 for the query, best first (candidate generation without an index). */
export function topByBm25<T extends { passage: AnalyzedPassage }>(
  query: AnalyzedQuery,
  passages: readonly T[],
  stats: CorpusStats,
  limit: number,
): T[] {
  return passages
    .map((entry, index) => ({ entry, index, score: bm25Score(query, entry.passage, stats) }))
    .filter((scored) => scored.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, limit)
    .map((scored) => scored.entry);
}
