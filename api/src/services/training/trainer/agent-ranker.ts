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
  /** best's validation nDCG@10 over baseline's, with its standard error (paired by validation pair). */
  gain: { ndcg10: number; standardError: number };
  /** Only then should the agent use the model: the gain is at least 0.005 and 1.645 standard errors. */
  beatsBaseline: boolean;
  skipped: { train: number; validation: number };
  /** Self-contained encoded model: weights, normalisation and corpus statistics (lexemes' chunk counts). */
  artifact: Uint8Array;
};

/** How many fused candidates the ranker reorders: retrieval must fetch this many before reranking. */
export const RERANK_DEPTH = 50;
/** Pairs drawn unless the caller says otherwise: enough validation pairs (about 1,600) to tell a 0.005 gain. */
const DEFAULT_MAX_PAIRS = 8000;
/** Lexemes whose chunk counts the artifact keeps at most (the most frequent): bounds its size. */
const MAX_LEXEMES = 500_000;
/** Fewer validation questions than this make a coarse check: the user is told. */
const FEW_VALIDATION_PAIRS = 100;

const words = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

function tokenFigures(counts: readonly number[]): { mean: number; max: number } {
  if (counts.length === 0) return { mean: 0, max: 0 };
  const total = counts.reduce((sum, count) => sum + count, 0);
  const max = counts.reduce((largest, count) => Math.max(largest, count), 0);
  return { mean: Math.round((total / counts.length) * 10) / 10, max };
}

/** Mean and longest length of the texts, in words (the dataset report's token figures). */
export const textLengths = (texts: readonly string[]) => tokenFigures(texts.map(words));

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
  const build = (queries: "keywords" | "sentence") =>
    buildIctPairs(passages, { seed: options.seed, queries, maxPairs: options.maxPairs ?? DEFAULT_MAX_PAIRS });
  // Keyword queries need words shared by a few passages; a small or repetitive knowledge base may have too few, and
  // then its sentences make the questions (a smaller gain on topical queries than keywords, but a trained agent).
  const keywords = build("keywords");
  const ict = keywords.problems.length === 0 ? keywords : build("sentence");
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

const MAGIC = "ACPR";
const FORMAT_VERSION = 1;

type Header = {
  model: string;
  chunkCount: number;
  averageLength: number;
  /** Lexemes with a stored chunk count. */
  lexemes: number;
};

/**
 * Bytes: "ACPR", the format version (uint32 LE), then deflated: the lengths (uint32 each) of the header's JSON and
 * of the lexemes, the header, the lexemes joined by newlines (UTF-8) and their chunk counts (uint32 each). Lexemes
 * of one chunk only are not stored (a candidate's lexeme missing from the list counts as in one chunk), and at most
 * MAX_LEXEMES of the most frequent are.
 */
function encodeArtifact(
  model: RerankerArtifact,
  stats: CorpusStats,
  frequency: ReadonlyMap<string, number>,
): Uint8Array {
  const lexemes = [...frequency]
    .filter(([, df]) => df >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, MAX_LEXEMES)
    .map(([lexeme]) => lexeme);
  const header: Header = {
    model: serializeReranker(model),
    chunkCount: stats.chunkCount,
    averageLength: stats.averageLength,
    lexemes: lexemes.length,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const lexemeBytes = Buffer.from(lexemes.join("\n"), "utf8");
  const numbers = Buffer.alloc(8 + lexemes.length * 4);
  numbers.writeUInt32LE(headerBytes.length, 0);
  numbers.writeUInt32LE(lexemeBytes.length, 4);
  lexemes.forEach((lexeme, index) => {
    numbers.writeUInt32LE(frequency.get(lexeme) ?? 1, 8 + index * 4);
  });
  const body = deflateRawSync(
    Buffer.concat([numbers.subarray(0, 8), headerBytes, lexemeBytes, numbers.subarray(8)]),
  );
  const prefix = Buffer.alloc(8);
  prefix.write(MAGIC, 0, "latin1");
  prefix.writeUInt32LE(FORMAT_VERSION, 4);
  return new Uint8Array(Buffer.concat([prefix, body]));
}

/** The bytes of a loaded model (decodeAgentRanker's inverse). */
export function encodeAgentRanker(ranker: AgentRanker): Uint8Array {
  return encodeArtifact(ranker.model, ranker.stats, ranker.frequency);
}

/** Passages analysed by a loaded model, by text (a chunk re-ranked again is not analysed again). */
const ANALYSED_CACHE = 4096;

/** Loaded model. */
export type AgentRanker = {
  readonly kind: "agent-ranker";
  readonly model: RerankerArtifact;
  /** The corpus statistics: stored chunk counts, and 1 for a lexeme of the candidates being re-ranked. */
  readonly stats: CorpusStats;
  readonly frequency: ReadonlyMap<string, number>;
  /** The candidates being re-ranked (rerankCandidates is synchronous: one list at a time). */
  current: readonly RankCandidate[];
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
  if (lexemes.length !== header.lexemes || body.length !== at + lexemes.length * 4) {
    throw new Error("the agent ranker's bytes are damaged");
  }
  const frequency = new Map<string, number>();
  for (const lexeme of lexemes) {
    frequency.set(lexeme, body.readUInt32LE(at));
    at += 4;
  }
  const ranker: AgentRanker = {
    kind: "agent-ranker",
    model,
    stats: {
      chunkCount: header.chunkCount,
      averageLength: header.averageLength,
      documentFrequency: {
        get: (lexeme) =>
          frequency.get(lexeme) ??
          (ranker.current.some((candidate) => candidate.passage.termCounts.has(lexeme)) ? 1 : undefined),
      },
    },
    frequency,
    current: [],
    analysed: new Map(),
  };
  return ranker;
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
  ranker.current = seen;
  try {
    return rerank(ranker.model, analyzeQuery(query, ranker.stats), seen, ranker.stats).map(
      (candidate) => candidates[Number(candidate.id)] as T,
    );
  } finally {
    ranker.current = [];
  }
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
  const stats = corpusStats([...byId.values()].map((candidate) => candidate.passage));
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
    gain: result.gain,
    beatsBaseline: result.beatsBaseline,
    skipped: result.skipped,
    artifact: encodeArtifact(result.artifact, stats, stats.documentFrequency as ReadonlyMap<string, number>),
  };
}
