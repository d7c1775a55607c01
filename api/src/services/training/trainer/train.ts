// Trains the re-ranker on inverse-cloze pairs with a listwise softmax loss; pure computation, no I/O (worker-thread ready).

import { seededRandom, shuffle } from "../../../lib/seeded-random";
import {
  analyzePassage,
  analyzeQuery,
  bm25Score,
  type CorpusStats,
  candidateFeatures,
  FEATURE_NAMES,
  MONOTONE_FEATURES,
  type RankCandidate,
} from "../../retrieval/rerank/features";
import { forward, initialReranker, normalise, type RerankerArtifact } from "../../retrieval/rerank/reranker";
import type { IctPair } from "./ict-pairs";

/**
 * The features trained by default: the fused rank and BM25 (the product's order), the query's share in the passage's
 * lead (title or heading), and the two pseudo-relevance feedback signals (centrality among the best candidates and
 * BM25 of the feedback words). Measured on NFCorpus (3,633 abstracts, 323 real queries, fused order 0.3248 nDCG@10,
 * 8,000 keyword pairs, seeds 1-3): this set reached 0.3356-0.3359 every time. Adding the random-indexing term
 * associations reached 0.3297-0.3348 (the association weight varied with the seed and overshot), and every
 * feature 0.3336; proximity, phrase pairs and where the first match stands win the cloze task, not real questions.
 */
const DEFAULT_FEATURES: readonly string[] = [
  "fusedRank",
  "bm25",
  "leadIdfCoverage",
  "centrality",
  "expansion",
];

export type RankingMetrics = {
  /** Validation pairs measured. */
  pairs: number;
  top1: number;
  recall5: number;
  mrr: number;
  ndcg10: number;
};

export type EpochMetrics = {
  epoch: number;
  /** Mean listwise loss over the epoch's training lists. */
  trainLoss: number;
  validation: RankingMetrics;
  milliseconds: number;
};

type TrainingResult = {
  /**
   * The best epoch's model: the best validation nDCG@10 among the epochs whose top-1 accuracy beats the untrained
   * model's (the figure the screens show); the untrained one when no epoch beat it on both.
   */
  artifact: RerankerArtifact;
  /** The untrained model (the fused order) on the same validation pairs, measured before any training. */
  baseline: RankingMetrics;
  epochs: EpochMetrics[];
  bestEpoch: number;
  best: RankingMetrics;
  /** The best epoch's validation nDCG@10 over the baseline's, and that gain's standard error (paired by pair). */
  gain: { ndcg10: number; standardError: number };
  /**
   * Whether the best epoch (whose top-1 accuracy beats the untrained model's) gained at least minGain validation
   * nDCG@10 and the gain is no accident of the pairs drawn (at least CONFIDENCE_Z standard errors): only then should
   * retrieval use it.
   */
  beatsBaseline: boolean;
  /** Pairs skipped because their passage was not among the candidates. */
  skipped: { train: number; validation: number };
};

type TrainOptions = {
  pairs: { train: readonly IctPair[]; validation: readonly IctPair[] };
  /** The fused candidates of a pair's query (the caller's retrieval); computed before training starts. */
  candidatesFor: (pair: IctPair) => readonly RankCandidate[];
  stats: CorpusStats;
  epochs: number;
  seed: number;
  /** Hidden tanh units besides the linear term (0: linear). */
  hidden?: number;
  learningRate?: number;
  /** L2 pull of the weights towards the untrained model (the fused order): the model moves only as far as data says. */
  l2?: number;
  batchSize?: number;
  /** Validation nDCG@10 the model must gain over the baseline to be used (a smaller gain is noise). */
  minGain?: number;
  /** Features the model may weigh (default: DEFAULT_FEATURES); the others keep weight 0. */
  features?: readonly string[];
  onEpoch?: (metrics: EpochMetrics) => void;
  /** Asked between batches: true stops training with a TrainingStoppedError. */
  shouldStop?: () => boolean;
};

/** Training was stopped on request (shouldStop) before it finished. */
export class TrainingStoppedError extends Error {
  constructor() {
    super("training was stopped");
    this.name = "TrainingStoppedError";
  }
}

/** One-sided 95%: a gain this many standard errors above zero is taken as real. */
const CONFIDENCE_Z = 1.645;

/** Mean of the per-pair differences (after - before) and its standard error. */
function pairedGain(
  before: readonly number[],
  after: readonly number[],
): { ndcg10: number; standardError: number } {
  const n = before.length;
  if (n < 2) return { ndcg10: 0, standardError: 0 };
  const differences = before.map((value, i) => (after[i] ?? value) - value);
  const mean = differences.reduce((sum, d) => sum + d, 0) / n;
  const variance = differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1);
  return { ndcg10: mean, standardError: Math.sqrt(variance / n) };
}

/** A pair's candidate list as training uses it: normalisable features and which candidates are answers. */
type Example = { features: number[][]; positive: boolean[] };

const normaliseText = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The pair's candidates with the answer seen as trained on: the passage's own entry replaced by `context` (the
 * passage without the query's sentence, so the answer must be recognised by what surrounds the sentence, not by
 * the sentence itself). Copies of the passage and other passages holding the sentence word for word are answers too.
 * The retrieval ranked the whole passage (which holds the query word for word, so it comes first); its fused rank is
 * corrected to where `context` would stand: the other candidates keep their fused order and the answer goes before
 * the first of them whose BM25 is lower than the context's (the fused order is BM25's, up to the dense leg's ties).
 */
function exampleOf(
  pair: IctPair,
  candidates: readonly RankCandidate[],
  stats: CorpusStats,
): Example | undefined {
  const positives = new Set(pair.positiveIds);
  const sentence = normaliseText(pair.query);
  if (!candidates.some((candidate) => candidate.id === pair.passageId)) return undefined;
  const context = analyzePassage(pair.context);
  const query = analyzeQuery(pair.query, stats);
  const seen = candidates.map((candidate) =>
    candidate.id === pair.passageId ? { ...candidate, text: pair.context, passage: context } : candidate,
  );
  const positive = seen.map(
    (candidate) =>
      positives.has(candidate.id) ||
      (candidate.id !== pair.passageId && normaliseText(candidate.text).includes(sentence)),
  );
  const answerScore = bm25Score(query, context, stats);
  const others = candidates.filter((candidate) => candidate.id !== pair.passageId);
  let slot = others.findIndex((candidate) => bm25Score(query, candidate.passage, stats) < answerScore);
  if (slot < 0) slot = others.length;
  const fusedRanks: number[] = [];
  let other = 0;
  for (const candidate of candidates) {
    if (candidate.id === pair.passageId) fusedRanks.push(slot + 1);
    else {
      fusedRanks.push(other < slot ? other + 1 : other + 2);
      other += 1;
    }
  }
  return { features: candidateFeatures(query, seen, stats, fusedRanks), positive };
}

/**
 * Validation metrics of an ordering per example (indices into its candidates, best first); each example's nDCG@10
 * is pushed to `perExample` when given.
 */
function rankingMetrics(
  examples: readonly Example[],
  order: (example: Example) => number[],
  perExample?: number[],
): RankingMetrics {
  let top1 = 0;
  let recall5 = 0;
  let mrr = 0;
  let ndcg10 = 0;
  for (const example of examples) {
    const ranked = order(example);
    const first = ranked.findIndex((index) => example.positive[index]);
    if (first === 0) top1 += 1;
    if (first >= 0 && first < 5) recall5 += 1;
    if (first >= 0) mrr += 1 / (first + 1);
    const answers = example.positive.filter(Boolean).length;
    let dcg = 0;
    let ideal = 0;
    for (let i = 0; i < Math.min(10, ranked.length); i += 1) {
      if (example.positive[ranked[i] as number]) dcg += 1 / Math.log2(i + 2);
      if (i < answers) ideal += 1 / Math.log2(i + 2);
    }
    const value = ideal > 0 ? dcg / ideal : 0;
    ndcg10 += value;
    perExample?.push(value);
  }
  const n = Math.max(1, examples.length);
  return { pairs: examples.length, top1: top1 / n, recall5: recall5 / n, mrr: mrr / n, ndcg10: ndcg10 / n };
}

function modelOrder(model: RerankerArtifact, example: Example): number[] {
  return example.features
    .map((features, index) => ({ index, score: forward(model, normalise(model, features)).score }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.index);
}

/** Per-feature mean and standard deviation over every training candidate (a constant feature gets std 1). */
function featureMoments(examples: readonly Example[], width: number): { mean: number[]; std: number[] } {
  const mean = new Array<number>(width).fill(0);
  const square = new Array<number>(width).fill(0);
  let count = 0;
  for (const example of examples) {
    for (const features of example.features) {
      count += 1;
      for (let k = 0; k < width; k += 1) {
        mean[k] = (mean[k] ?? 0) + (features[k] ?? 0);
        square[k] = (square[k] ?? 0) + (features[k] ?? 0) ** 2;
      }
    }
  }
  const n = Math.max(1, count);
  const std = mean.map((sum, k) => {
    const variance = (square[k] ?? 0) / n - (sum / n) ** 2;
    return variance > 1e-12 ? Math.sqrt(variance) : 1;
  });
  return { mean: mean.map((sum) => sum / n), std };
}

/** The model's parameters as one flat vector and back (Adam works on the flat view). */
function flatten(model: RerankerArtifact): number[] {
  return [...model.linear, ...model.hiddenWeights, ...model.hiddenBias, ...model.output];
}

function unflatten(model: RerankerArtifact, flat: readonly number[]): RerankerArtifact {
  const d = model.linear.length;
  const h = model.hidden;
  let at = 0;
  const take = (n: number) => {
    const part = flat.slice(at, at + n);
    at += n;
    return part;
  };
  return {
    ...model,
    linear: take(d),
    hiddenWeights: take(h * d),
    hiddenBias: take(h),
    output: take(h),
  };
}

/**
 * Adds the gradient of one list's softmax cross-entropy (-log of the answers' share of the softmax) to `gradient`
 * and returns the loss. Scores are shifted by their maximum before exponentiating (no overflow).
 */
function listGradient(model: RerankerArtifact, example: Example, gradient: number[]): number {
  const d = model.linear.length;
  const h = model.hidden;
  const zs = example.features.map((features) => normalise(model, features));
  const passes = zs.map((z) => forward(model, z));
  const top = Math.max(...passes.map((pass) => pass.score));
  const exps = passes.map((pass) => Math.exp(pass.score - top));
  const total = exps.reduce((sum, value) => sum + value, 0);
  const answers = exps.reduce((sum, value, i) => sum + (example.positive[i] ? value : 0), 0);
  const loss = -Math.log(answers / total);
  zs.forEach((z, i) => {
    const share = (exps[i] as number) / total;
    const answerShare = example.positive[i] ? (exps[i] as number) / answers : 0;
    const g = share - answerShare;
    if (g === 0) return;
    for (let k = 0; k < d; k += 1) gradient[k] = (gradient[k] ?? 0) + g * (z[k] ?? 0);
    const activations = passes[i]?.activations ?? [];
    for (let j = 0; j < h; j += 1) {
      const a = activations[j] ?? 0;
      const back = g * (model.output[j] ?? 0) * (1 - a * a);
      const row = d + j * d;
      for (let k = 0; k < d; k += 1) gradient[row + k] = (gradient[row + k] ?? 0) + back * (z[k] ?? 0);
      gradient[d + h * d + j] = (gradient[d + h * d + j] ?? 0) + back;
      gradient[d + h * d + h + j] = (gradient[d + h * d + h + j] ?? 0) + g * a;
    }
  });
  return loss;
}

/**
 * Trains for `epochs` with Adam on minibatches of lists (seeded shuffling and initialisation: the same inputs and
 * seed give the same artifact). The validation pairs are scored first with the untrained model (the fused order on
 * the same candidates), then after every epoch; the best epoch's model is kept.
 */
export function trainReranker({
  pairs,
  candidatesFor,
  stats,
  epochs,
  seed,
  hidden = 0,
  learningRate = 0.01,
  l2 = 0.001,
  batchSize = 16,
  features = DEFAULT_FEATURES,
  minGain = 0.005,
  onEpoch,
  shouldStop,
}: TrainOptions): TrainingResult {
  const random = seededRandom(seed);
  const build = (list: readonly IctPair[]) => {
    const examples: Example[] = [];
    let skipped = 0;
    for (const pair of list) {
      const example = exampleOf(pair, candidatesFor(pair), stats);
      // A list without an answer or without a wrong candidate teaches nothing.
      if (!example?.positive.some(Boolean) || example.positive.every(Boolean)) skipped += 1;
      else examples.push(example);
    }
    return { examples, skipped };
  };
  const train = build(pairs.train);
  const validation = build(pairs.validation);
  const width = train.examples[0]?.features[0]?.length ?? 0;
  if (width === 0) throw new Error("no training pair has candidates to learn from");
  const { mean, std } = featureMoments(train.examples, width);
  const monotone = FEATURE_NAMES.map((name) => MONOTONE_FEATURES.has(name));
  const allowed = FEATURE_NAMES.map((name) => name === "fusedRank" || features.includes(name));
  const initial = initialReranker({ mean, std, hidden, random });
  initial.hiddenWeights.forEach((_, at) => {
    if (!allowed[at % width]) initial.hiddenWeights[at] = 0;
  });
  const anchor = flatten(initial);
  const baselineScores: number[] = [];
  const baseline = rankingMetrics(
    validation.examples,
    (example) => modelOrder(initial, example),
    baselineScores,
  );
  let bestScores = baselineScores;

  let model = initial;
  let params = flatten(model);
  const m = new Array<number>(params.length).fill(0);
  const v = new Array<number>(params.length).fill(0);
  let step = 0;
  let best = baseline;
  let bestEpoch = 0;
  let bestModel = initial;
  const history: EpochMetrics[] = [];
  const order = train.examples.map((_, index) => index);
  for (let epoch = 1; epoch <= epochs; epoch += 1) {
    const started = performance.now();
    shuffle(order, random);
    let lossSum = 0;
    for (let start = 0; start < order.length; start += batchSize) {
      if (shouldStop?.()) throw new TrainingStoppedError();
      const batch = order.slice(start, start + batchSize);
      const gradient = new Array<number>(params.length).fill(0);
      for (const index of batch) lossSum += listGradient(model, train.examples[index] as Example, gradient);
      step += 1;
      for (let p = 0; p < params.length; p += 1) {
        const g = (gradient[p] ?? 0) / batch.length + l2 * ((params[p] ?? 0) - (anchor[p] ?? 0));
        m[p] = 0.9 * (m[p] ?? 0) + 0.1 * g;
        v[p] = 0.999 * (v[p] ?? 0) + 0.001 * g * g;
        const mHat = (m[p] ?? 0) / (1 - 0.9 ** step);
        const vHat = (v[p] ?? 0) / (1 - 0.999 ** step);
        params[p] = (params[p] ?? 0) - (learningRate * mHat) / (Math.sqrt(vHat) + 1e-8);
      }
      // Projection: the linear weights of monotone features stay non-negative (see MONOTONE_FEATURES).
      for (let k = 0; k < monotone.length; k += 1) {
        if (monotone[k]) params[k] = Math.max(0, params[k] ?? 0);
        if (allowed[k]) continue;
        params[k] = 0;
        // A hidden unit may not read a feature the model is not allowed either.
        for (let j = 0; j < hidden; j += 1) params[monotone.length + j * monotone.length + k] = 0;
      }
      model = unflatten(model, params);
    }
    params = flatten(model);
    const scores: number[] = [];
    const metrics: EpochMetrics = {
      epoch,
      trainLoss: lossSum / Math.max(1, order.length),
      validation: rankingMetrics(validation.examples, (example) => modelOrder(model, example), scores),
      milliseconds: performance.now() - started,
    };
    history.push(metrics);
    onEpoch?.(metrics);
    // Better on the whole ranking and on the figure people see (top-1 accuracy): a model that ranks more answers
    // near the top while putting fewer first is never kept (issue 29).
    if (metrics.validation.ndcg10 > best.ndcg10 && metrics.validation.top1 > baseline.top1) {
      best = metrics.validation;
      bestEpoch = epoch;
      bestModel = model;
      bestScores = scores;
    }
  }
  const gain = pairedGain(baselineScores, bestScores);
  return {
    artifact: bestModel,
    baseline,
    epochs: history,
    bestEpoch,
    best,
    gain,
    beatsBaseline: gain.ndcg10 >= minGain && gain.ndcg10 >= CONFIDENCE_Z * gain.standardError,
    skipped: { train: train.skipped, validation: validation.skipped },
  };
}
