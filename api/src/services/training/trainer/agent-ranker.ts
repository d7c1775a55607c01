// The trainer's facade for the job pipeline: the dataset of an agent's own text, training and the encoded model.
import { encodeArtifact, RERANK_DEPTH } from "../../retrieval/rerank/agent-ranker";
import { analyzePassage, corpusStats, type RankCandidate } from "../../retrieval/rerank/features";
import { buildIctPairs, type IctPair } from "./ict-pairs";
import { type EpochMetrics, type RankingMetrics, TrainingStoppedError, trainReranker } from "./train";

export { TrainingStoppedError };

export type TrainerPassage = { id: string; documentId: string; text: string };
export type RankingFigures = RankingMetrics;
type TrainerDatasetReport = {
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
  /**
   * Only then should the agent use the model: best's top-1 accuracy beats the baseline's and its nDCG@10 gain is at
   * least 0.005 and 1.645 standard errors.
   */
  beatsBaseline: boolean;
  skipped: { train: number; validation: number };
  /** Self-contained encoded model: weights, normalisation and corpus statistics (lexemes' chunk counts). */
  artifact: Uint8Array;
};

/** Pairs drawn unless the caller says otherwise: enough validation pairs (about 1,600) to tell a 0.005 gain. */
const DEFAULT_MAX_PAIRS = 8000;
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
