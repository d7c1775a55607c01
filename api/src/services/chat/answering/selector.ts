// Chooses the unit that answers a question (or none): the learned selector's probability over every unit of the passages.
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { FEATURE_NAMES, featuresOf, type Scored, weighTerms } from "./features";
import { type Question, readQuestion } from "./question";
import model from "./selector-model.json" with { type: "json" };

export const SELECTOR_THRESHOLD = model.threshold;

import { unitsOf } from "./units";

/*
 * A logistic model over features.ts's features, trained by scripts/train-answer-selector.ts on the developers' half
 * of SQuAD 2.0 (provenance in selector-model.json). Every unit of every passage gets the probability that it holds
 * the answer; the best one answers when that probability reaches the model's threshold and it holds at least
 * MIN_COVERAGE of the question's weight (a question on a topic no passage covers is declined, whatever the model says).
 */

/** Below this share of the question's weight, no unit answers, whatever its probability. */
const MIN_COVERAGE = 0.3;

export type Judged = Scored & { probability: number };

export type Selection = {
  question: Question;
  /** The weight of each of the question's terms (features.ts weighTerms). */
  termWeights: number[];
  /** Every unit judged, best first. */
  judged: Judged[];
  /** The unit that answers, or null (abstain). */
  best: Judged | null;
  /** Why the best candidate did not answer, when none does. */
  reason: string | null;
};

if (model.features.join() !== FEATURE_NAMES.join()) {
  throw new Error("selector-model.json was trained on other features: run scripts/train-answer-selector.ts");
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function probabilityOf(features: readonly number[]): number {
  let z = 0;
  for (const [j, weight] of model.weights.entries()) z += weight * (features[j] ?? 0);
  return sigmoid(z);
}

export function selectAnswer(
  questionText: string,
  passages: readonly GroundingPassage[],
  threshold = model.threshold,
  borrowed: readonly string[] = [],
): Selection {
  const { units, all } = unitsOf(passages);
  const question = readQuestion(questionText, units[0]?.language ?? null, borrowed);
  const judged = featuresOf(question, units, all)
    .map((scored) => ({ ...scored, probability: probabilityOf(scored.features) }))
    .sort(
      (a, b) => b.probability - a.probability || a.unit.rank - b.unit.rank || a.unit.order - b.unit.order,
    );
  const termWeights = weighTerms(question, all);
  const top = judged[0];
  if (question.terms.length === 0)
    return { question, termWeights, judged, best: null, reason: "The question has no words to look for." };
  if (!top || top.coverage === 0)
    return {
      question,
      termWeights,
      judged,
      best: null,
      reason: "No passage holds any of the question's words.",
    };
  if (top.coverage < MIN_COVERAGE)
    return {
      question,
      termWeights,
      judged,
      best: null,
      reason: "The closest passage holds too few of the question's words.",
    };
  if (top.probability < threshold)
    return {
      question,
      termWeights,
      judged,
      best: null,
      reason:
        "The closest statement does not say what the question asks (a word of the question, or the kind of answer it asks for, is missing).",
    };
  return { question, termWeights, judged, best: top, reason: null };
}
