// The learned re-ranker: normalised features scored by a linear term plus a small tanh layer; its JSON is the artifact.
import {
  type AnalyzedQuery,
  type CorpusStats,
  candidateFeatures,
  FEATURE_COUNT,
  FEATURE_NAMES,
  type RankCandidate,
} from "./features";

/** Everything needed to score: stored as JSON after training and loaded by the agent's retrieval. */
export type RerankerArtifact = {
  version: 1;
  features: readonly string[];
  /** Per feature: mean and standard deviation over the training candidates (z = (x - mean) / std). */
  mean: number[];
  std: number[];
  /** Linear weights on z. */
  linear: number[];
  /** Hidden units (0: a linear model); hiddenWeights is hidden x features, row-major. */
  hidden: number;
  hiddenWeights: number[];
  hiddenBias: number[];
  output: number[];
};

/** The untrained model: the fused rank alone, i.e. the retrieval's own order. */
export function initialReranker({
  mean,
  std,
  hidden,
  random,
}: {
  mean: number[];
  std: number[];
  hidden: number;
  random: () => number;
}): RerankerArtifact {
  const linear = new Array<number>(FEATURE_COUNT).fill(0);
  linear[FEATURE_NAMES.indexOf("fusedRank")] = 1;
  // Small random hidden weights break the units' symmetry; a zero output layer keeps the start at the fused order.
  const hiddenWeights = Array.from({ length: hidden * FEATURE_COUNT }, () => (random() - 0.5) * 0.2);
  return {
    version: 1,
    features: [...FEATURE_NAMES],
    mean,
    std,
    linear,
    hidden,
    hiddenWeights,
    hiddenBias: new Array<number>(hidden).fill(0),
    output: new Array<number>(hidden).fill(0),
  };
}

/** z-scores of one feature vector. */
export function normalise(model: RerankerArtifact, features: readonly number[]): number[] {
  return features.map((value, k) => (value - (model.mean[k] ?? 0)) / (model.std[k] ?? 1));
}

/** The model's score for normalised features, with the hidden activations (training needs them for gradients). */
export function forward(
  model: RerankerArtifact,
  z: readonly number[],
): { score: number; activations: number[] } {
  let score = 0;
  for (let k = 0; k < z.length; k += 1) score += (model.linear[k] ?? 0) * (z[k] ?? 0);
  const activations = new Array<number>(model.hidden);
  for (let j = 0; j < model.hidden; j += 1) {
    let sum = model.hiddenBias[j] ?? 0;
    const row = j * z.length;
    for (let k = 0; k < z.length; k += 1) sum += (model.hiddenWeights[row + k] ?? 0) * (z[k] ?? 0);
    const activation = Math.tanh(sum);
    activations[j] = activation;
    score += (model.output[j] ?? 0) * activation;
  }
  return { score, activations };
}

export function score(model: RerankerArtifact, features: readonly number[]): number {
  return forward(model, normalise(model, features)).score;
}

/** The candidates in the model's order; ties keep their incoming (fused) order. */
export function rerank<T extends RankCandidate>(
  model: RerankerArtifact,
  query: AnalyzedQuery,
  candidates: readonly T[],
  stats: CorpusStats,
): T[] {
  const width = model.features.length;
  const needed = new Set(
    model.features.filter(
      (_, k) =>
        model.linear[k] !== 0 ||
        Array.from({ length: model.hidden }, (_, j) => model.hiddenWeights[j * width + k]).some(
          (w) => w !== 0,
        ),
    ),
  );
  const features = candidateFeatures(query, candidates, stats, undefined, needed);
  return candidates
    .map((candidate, index) => ({ candidate, index, score: score(model, features[index] ?? []) }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.candidate);
}

export function serializeReranker(model: RerankerArtifact): string {
  return JSON.stringify(model);
}

const isNumbers = (value: unknown, length: number): value is number[] =>
  Array.isArray(value) &&
  value.length === length &&
  value.every((x) => typeof x === "number" && Number.isFinite(x));

/** Parses an artifact, refusing one of another version or feature set (its weights would mean something else). */
export function deserializeReranker(json: string): RerankerArtifact {
  const value = JSON.parse(json) as Partial<RerankerArtifact>;
  if (value.version !== 1) throw new Error(`unknown re-ranker artifact version ${String(value.version)}`);
  if (!Array.isArray(value.features) || value.features.join(",") !== FEATURE_NAMES.join(",")) {
    throw new Error("the re-ranker artifact was trained on other features");
  }
  const hidden = value.hidden;
  if (typeof hidden !== "number" || !Number.isInteger(hidden) || hidden < 0) {
    throw new Error("the re-ranker artifact has no valid hidden size");
  }
  const shapes: [unknown, number][] = [
    [value.mean, FEATURE_COUNT],
    [value.std, FEATURE_COUNT],
    [value.linear, FEATURE_COUNT],
    [value.hiddenWeights, hidden * FEATURE_COUNT],
    [value.hiddenBias, hidden],
    [value.output, hidden],
  ];
  if (!shapes.every(([array, length]) => isNumbers(array, length))) {
    throw new Error("the re-ranker artifact's weights do not have the expected shapes");
  }
  return value as RerankerArtifact;
}
