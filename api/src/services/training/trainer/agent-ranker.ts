// The trainer's facade for the job pipeline: the dataset of an agent's own text, training, the encoded model, re-ranking.
import { deflateRawSync, inflateRawSync } from "node:zlib";
import {
  type AnalyzedPassage,
  analyzePassage,
  analyzeQuery,
  type CorpusStats,
  corpusStats,
  type RankCandidate,
} from "./features";
import { buildIctPairs, type IctPair } from "./ict-pairs";
import { deserializeReranker, type RerankerArtifact, rerank, serializeReranker } from "./reranker";
import type { TermVectors } from "./term-associations";
import { type EpochMetrics, type RankingMetrics, TrainingStoppedError, trainReranker } from "./train";

export { TrainingStoppedError };

export type TrainerPassage = { id: string; documentId: string; text: string };
/** A fused retrieval candidate, best first; text is the chunk's text. */
export type RankerCandidate = { id: string; documentId: string; text: string };
export type RankingFigures = RankingMetrics;
export type TrainerDatasetReport = {
  documents: number;
  passages: number;
  pairs: number;
  train: number;
  validation: number;
  duplicates: number;
  tooShort: number;
  tooLong: number;
  queryTokens: { mean: number; max: number };
  passageTokens: { mean: number; max: number };
  /** Why training must be refused, in plain English for end users (empty = trainable). */
  problems: string[];
  /** Non-blocking observations for users. */
  warnings: string[];
};
export type TrainerPair = {
  query: string;
  passageId: string;
  documentId: string;
  context: string;
  positiveIds: string[];
};
/** Queries and answers, split by document. Structured-clone friendly (plain objects/arrays/strings/numbers only). */
export type TrainerDataset = {
  train: TrainerPair[];
  validation: TrainerPair[];
  report: TrainerDatasetReport;
};
export type TrainerEpoch = EpochMetrics;
export type AgentRankerTraining = {
  /** The untrained agent (the product's fused order) on the same validation pairs, measured first. */
  baseline: RankingFigures;
  epochs: TrainerEpoch[];
  bestEpoch: number;
  best: RankingFigures;
  /** Only then should the agent use the model. */
  beatsBaseline: boolean;
  skipped: { train: number; validation: number };
  /** Self-contained encoded model: weights, normalisation, corpus statistics and term vectors. */
  artifact: Uint8Array;
};

/** How many fused candidates the ranker reorders: retrieval must fetch this many before reranking. */
export const RERANK_DEPTH = 50;
/** Size of the term association vectors. */
const TERM_DIMENSION = 128;
/** Lexemes whose association vectors the artifact keeps at most (the most frequent): bounds its size. */
const MAX_TERM_VECTORS = 80_000;
/** Fewer validation questions than this make a coarse check: the user is told. */
const FEW_VALIDATION_PAIRS = 100;

const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

function tokenFigures(counts: readonly number[]): { mean: number; max: number } {
  if (counts.length === 0) return { mean: 0, max: 0 };
  const total = counts.reduce((sum, count) => sum + count, 0);
  return { mean: Math.round((total / counts.length) * 10) / 10, max: Math.max(...counts) };
}

const plainPair = (pair: IctPair): TrainerPair => ({
  query: pair.query,
  passageId: pair.passageId,
  documentId: pair.documentId,
  context: pair.context,
  positiveIds: [...pair.positiveIds],
});

/** Never throws for small/empty input: problems lists why it cannot be trained on. Deterministic for the seed. */
export function buildTrainerDataset(
  passages: readonly TrainerPassage[],
  options: { seed: number; maxPairs?: number },
): TrainerDataset {
  const ict = buildIctPairs(passages, {
    seed: options.seed,
    ...(options.maxPairs === undefined ? {} : { maxPairs: options.maxPairs }),
  });
  const train = ict.train.map(plainPair);
  const validation = ict.validation.map(plainPair);
  const all = [...train, ...validation];
  const warnings: string[] = [];
  if (ict.report.duplicatePassages > 0 && ict.report.duplicatePassages * 10 >= passages.length) {
    warnings.push(
      `${ict.report.duplicatePassages} of ${passages.length} passages repeat another word for word; they count as answers but give no questions.`,
    );
  }
  if (ict.problems.length === 0 && validation.length < FEW_VALIDATION_PAIRS) {
    warnings.push(
      `Only ${validation.length} questions are held out to check the result, so the check is coarse: more documents make it reliable.`,
    );
  }
  return {
    train,
    validation,
    report: {
      documents: ict.report.documents,
      passages: ict.report.passages,
      pairs: all.length,
      train: train.length,
      validation: validation.length,
      duplicates: ict.report.duplicatePassages + ict.report.duplicateQueries,
      tooShort: ict.report.tooShort,
      tooLong: ict.report.tooLong,
      queryTokens: tokenFigures(all.map((pair) => words(pair.query))),
      passageTokens: tokenFigures(passages.map((passage) => words(passage.text))),
      problems: ict.problems,
      warnings,
    },
  };
}

/** Int8 codes of a unit vector and their scale (value = code * scale). */
function quantise(vector: Float32Array): { codes: Int8Array; scale: number } {
  let largest = 0;
  for (const x of vector) largest = Math.max(largest, Math.abs(x));
  const scale = Math.fround(largest > 0 ? largest / 127 : 1);
  const codes = new Int8Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) codes[i] = Math.round((vector[i] ?? 0) / scale);
  return { codes, scale };
}

function dequantise(codes: Int8Array, scale: number): Float32Array {
  const vector = new Float32Array(codes.length);
  for (let i = 0; i < codes.length; i += 1) vector[i] = (codes[i] ?? 0) * scale;
  return vector;
}

/** The lexemes whose vectors are kept (seen in two chunks or more, the most frequent first, at most MAX_TERM_VECTORS). */
function keptTerms(stats: CorpusStats & { documentFrequency: ReadonlyMap<string, number> }): string[] {
  return [...stats.documentFrequency]
    .filter(([, df]) => df >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_TERM_VECTORS)
    .map(([lexeme]) => lexeme);
}

/**
 * The term vectors as the artifact will hold them (only kept lexemes, int8-quantised), so training sees the same
 * associations the decoded model will.
 */
function storedTerms(terms: TermVectors, kept: readonly string[]): TermVectors {
  const vectors = new Map<string, Float32Array>();
  for (const lexeme of kept) {
    const vector = terms.vectors.get(lexeme);
    if (!vector) continue;
    const { codes, scale } = quantise(vector);
    vectors.set(lexeme, dequantise(codes, scale));
  }
  return { ...terms, vectors };
}

const MAGIC = "ACPR";
const FORMAT_VERSION = 1;

type Header = {
  model: string;
  chunkCount: number;
  averageLength: number;
  dimension: number;
  seed: number;
  /** Lexemes with a stored document frequency (df >= 2); the first `vectors` of them have vectors too. */
  lexemes: number;
  vectors: number;
};

/**
 * Bytes: "ACPR", the format version (uint32 LE), then deflated: the header's JSON length (uint32) and JSON, the
 * lexemes joined by newlines (length, UTF-8), their document frequencies (uint32 each), the vectors' scales
 * (float32 each) and codes (int8, dimension each). Lexemes seen in one chunk only are not stored (df 1 is implied
 * for a candidate's lexeme missing from the list).
 */
function encodeArtifact(model: RerankerArtifact, stats: CorpusStats, terms: TermVectors): Uint8Array {
  const frequency = stats.documentFrequency as ReadonlyMap<string, number>;
  const withVectors = [...terms.vectors.keys()];
  const vectorSet = new Set(withVectors);
  const rest = [...frequency]
    .filter(([lexeme, df]) => df >= 2 && !vectorSet.has(lexeme))
    .map(([lexeme]) => lexeme)
    .sort();
  const lexemes = [...withVectors, ...rest];
  const header: Header = {
    model: serializeReranker(model),
    chunkCount: stats.chunkCount,
    averageLength: stats.averageLength,
    dimension: terms.dimension,
    seed: terms.seed,
    lexemes: lexemes.length,
    vectors: withVectors.length,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const lexemeBytes = Buffer.from(lexemes.join("\n"), "utf8");
  const numbers = Buffer.alloc(8 + lexemes.length * 4 + withVectors.length * 4);
  numbers.writeUInt32LE(headerBytes.length, 0);
  numbers.writeUInt32LE(lexemeBytes.length, 4);
  let at = 8;
  for (const lexeme of lexemes) {
    numbers.writeUInt32LE(frequency.get(lexeme) ?? 1, at);
    at += 4;
  }
  const codes = Buffer.alloc(withVectors.length * terms.dimension);
  withVectors.forEach((lexeme, index) => {
    const { codes: code, scale } = quantise(terms.vectors.get(lexeme) as Float32Array);
    numbers.writeFloatLE(scale, at);
    at += 4;
    codes.set(new Uint8Array(code.buffer, code.byteOffset, code.length), index * terms.dimension);
  });
  const body = deflateRawSync(
    Buffer.concat([numbers.subarray(0, 8), headerBytes, lexemeBytes, numbers.subarray(8), codes]),
  );
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(FORMAT_VERSION, 4);
  return new Uint8Array(Buffer.concat([prefix, body]));
}

/** The bytes of a loaded model (decodeAgentRanker's inverse). */
export function encodeAgentRanker(ranker: AgentRanker): Uint8Array {
  return encodeArtifact(
    ranker.model,
    { ...ranker.stats, documentFrequency: ranker.frequency },
    ranker.stats.terms,
  );
}

/** Passages analysed by a loaded model, by text (a chunk re-ranked again is not analysed again). */
const ANALYSED_CACHE = 4096;

/** Loaded model. */
export type AgentRanker = {
  readonly kind: "agent-ranker";
  readonly model: RerankerArtifact;
  readonly stats: CorpusStats & { terms: TermVectors };
  readonly frequency: ReadonlyMap<string, number>;
  readonly analysed: Map<string, AnalyzedPassage>;
};

/** Loaded model. Throws a clear Error for bytes of another version/format. */
export function decodeAgentRanker(bytes: Uint8Array): AgentRanker {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 8 || buffer.toString("latin1", 0, 4) !== MAGIC) {
    throw new Error("these bytes are not a trained agent ranker");
  }
  const version = buffer.readUInt32LE(4);
  if (version !== FORMAT_VERSION) {
    throw new Error(
      `the agent ranker is of format version ${version}; this build reads version ${FORMAT_VERSION}`,
    );
  }
  let body: Buffer;
  try {
    body = inflateRawSync(buffer.subarray(8));
  } catch {
    throw new Error("the agent ranker's bytes are damaged");
  }
  const headerLength = body.readUInt32LE(0);
  const lexemeLength = body.readUInt32LE(4);
  let at = 8;
  const header = JSON.parse(body.toString("utf8", at, at + headerLength)) as Header;
  at += headerLength;
  const model = deserializeReranker(header.model);
  const lexemes = header.lexemes > 0 ? body.toString("utf8", at, at + lexemeLength).split("\n") : [];
  at += lexemeLength;
  if (lexemes.length !== header.lexemes) throw new Error("the agent ranker's bytes are damaged");
  const frequency = new Map<string, number>();
  for (const lexeme of lexemes) {
    frequency.set(lexeme, body.readUInt32LE(at));
    at += 4;
  }
  const scales: number[] = [];
  for (let v = 0; v < header.vectors; v += 1) {
    scales.push(body.readFloatLE(at));
    at += 4;
  }
  if (body.length !== at + header.vectors * header.dimension)
    throw new Error("the agent ranker's bytes are damaged");
  const vectors = new Map<string, Float32Array>();
  for (let v = 0; v < header.vectors; v += 1) {
    const codes = new Int8Array(body.buffer, body.byteOffset + at + v * header.dimension, header.dimension);
    vectors.set(lexemes[v] as string, dequantise(codes, scales[v] as number));
  }
  const base = {
    chunkCount: header.chunkCount,
    averageLength: header.averageLength,
    documentFrequency: frequency,
  };
  const terms: TermVectors = {
    dimension: header.dimension,
    seed: header.seed,
    vectors,
    sums: new Map(),
    stats: base,
  };
  return { kind: "agent-ranker", model, stats: { ...base, terms }, frequency, analysed: new Map() };
}

function analysedText(ranker: AgentRanker, text: string): AnalyzedPassage {
  let passage = ranker.analysed.get(text);
  if (passage) {
    ranker.analysed.delete(text);
  } else {
    passage = analyzePassage(text);
    if (ranker.analysed.size >= ANALYSED_CACHE) {
      const oldest = ranker.analysed.keys().next().value;
      if (oldest !== undefined) ranker.analysed.delete(oldest);
    }
  }
  ranker.analysed.set(text, passage);
  return passage;
}

/** The candidates reordered by the trained model (ties keep incoming order); never drops or adds any. */
export function rerankCandidates<T extends RankerCandidate>(
  ranker: AgentRanker,
  query: string,
  candidates: readonly T[],
): T[] {
  if (candidates.length < 2) return [...candidates];
  const seen = candidates.map((candidate, index) => ({
    id: String(index),
    documentId: candidate.documentId,
    text: candidate.text,
    passage: analysedText(ranker, candidate.text),
  }));
  // A candidate's lexeme missing from the stored frequencies was in one chunk only when the model was trained.
  const inCandidates = (lexeme: string) => seen.some((candidate) => candidate.passage.termCounts.has(lexeme));
  const stats: CorpusStats = {
    ...ranker.stats,
    documentFrequency: {
      get: (lexeme) => ranker.frequency.get(lexeme) ?? (inCandidates(lexeme) ? 1 : undefined),
    },
  };
  return rerank(ranker.model, analyzeQuery(query, stats), seen, stats).map(
    (candidate) => candidates[Number(candidate.id)] as T,
  );
}

/**
 * Pure CPU, synchronous, deterministic for the seed; runs inside a worker thread. `candidateIds` maps each pair's
 * query text to the ids (subset of passages' ids) of its fused candidates in the product's order, best first.
 * `onEpoch` is called after each epoch; when `shouldStop()` returns true between batches/epochs, training stops and
 * throws `new TrainingStoppedError()`.
 */
export function trainAgentRanker(input: {
  passages: readonly TrainerPassage[];
  dataset: TrainerDataset;
  candidateIds: ReadonlyMap<string, readonly string[]>;
  epochs: number;
  seed: number;
  onEpoch?: (epoch: TrainerEpoch) => void;
  shouldStop?: () => boolean;
}): AgentRankerTraining {
  const { passages, dataset, candidateIds, epochs, seed, onEpoch, shouldStop } = input;
  if (dataset.report.problems.length > 0) throw new Error(dataset.report.problems.join(" "));
  const byId = new Map<string, RankCandidate>();
  for (const passage of passages) {
    byId.set(passage.id, { ...passage, passage: analyzePassage(passage.text) });
  }
  const full = corpusStats(
    [...byId.values()].map((candidate) => candidate.passage),
    { seed, dimension: TERM_DIMENSION },
  );
  const frequency = full.documentFrequency as ReadonlyMap<string, number>;
  const terms = storedTerms(full.terms as TermVectors, keptTerms({ ...full, documentFrequency: frequency }));
  const stats: CorpusStats = { ...full, terms };
  const candidatesFor = (pair: IctPair): RankCandidate[] =>
    (candidateIds.get(pair.query) ?? []).slice(0, RERANK_DEPTH).flatMap((id) => byId.get(id) ?? []);
  const result = trainReranker({
    pairs: dataset,
    candidatesFor,
    stats,
    epochs,
    seed,
    ...(onEpoch ? { onEpoch } : {}),
    ...(shouldStop ? { shouldStop } : {}),
  });
  if (shouldStop?.()) throw new TrainingStoppedError();
  return {
    baseline: result.baseline,
    epochs: result.epochs,
    bestEpoch: result.bestEpoch,
    best: result.best,
    beatsBaseline: result.beatsBaseline,
    skipped: result.skipped,
    artifact: encodeArtifact(result.artifact, stats, terms),
  };
}
