// Chooses the unit that answers a question (or none): the learned selector's probability over every unit of the passages.
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { namesOnlyAnswerType } from "../answer-type";
import { FEATURE_NAMES, featuresOf, type Scored, weighTerms } from "./features";
import { type Question, readQuestion } from "./question";
import model from "./selector-model.json" with { type: "json" };
import { repeatsQuestion } from "./short-answer";

export const SELECTOR_THRESHOLD = model.threshold;

import { wordsOf } from "./language";
import { MAX_UNIT_CHARS, type Unit, unitsOf } from "./units";

/*
 * A logistic model over features.ts's features, trained by scripts/train-answer-selector.ts on the developers' half
 * of SQuAD 2.0 (provenance in selector-model.json). Every unit of every passage gets the probability that it holds
 * the answer; the best one answers when that probability reaches the model's threshold and it holds at least
 * MIN_COVERAGE of the question's weight, synonyms counted (a question on a topic no passage covers is declined,
 * whatever the model says).
 */

const HOLDS_NEW_OF_TYPE = FEATURE_NAMES.indexOf("holdsNewOfType");
/** How much of the best unit's coverage a unit holding the asked kind of answer must have to be preferred. */
const TYPED_COVERAGE_SHARE = 0.55;

/** Below this share of the question's weight, no unit answers, whatever its probability. */
const MIN_COVERAGE = 0.3;

export type Judged = Scored & { probability: number };

export type Selection = {
  question: Question;
  /** The weight of each of the question's terms (features.ts weighTerms). */
  termWeights: number[];
  /** Every unit judged, best first. */
  judged: Judged[];
  /** The units that may be quoted whole, best first (a record or a long row answers through its cells only). */
  eligible: Judged[];
  /** The unit that answers, or null (abstain). */
  best: Judged | null;
  /** Why the best candidate did not answer, when none does. */
  reason: string | null;
};

/** The model was trained on these features, in this order (checked on use: the trainer itself imports this module). */
const modelMatches = model.features.join() === FEATURE_NAMES.join();

/** A row's values must hold this much of the question's weight: its subject, not only its header's words. */
const ROW_SUBJECT_WEIGHT = 0.2;

function namesSubject(question: Question, weights: readonly number[], unit: Unit): boolean {
  const stems = new Set<string>();
  for (const cell of unit.cells ?? [])
    for (const word of wordsOf(cell.value, unit.language)) if (!word.stop) stems.add(word.stem);
  let weight = 0;
  for (const [index, term] of question.terms.entries())
    if (stems.has(term.stemIn(unit.language))) weight += weights[index] ?? 0;
  return weight >= ROW_SUBJECT_WEIGHT;
}

const HOLDS_RAREST = FEATURE_NAMES.indexOf("holdsRarest");
/** Strong evidence holds at least this share of the question's weight ... */
export const STRONG_COVERAGE = 0.5;

/**
 * Whether a unit answers on its words alone, whatever the model's probability: it holds at least half of the
 * question's weight (a term held as a WordNet synonym counts), the rarest of its terms that any passage holds and
 * its heaviest term of all (so none that no passage holds outweighs what it holds), and, for a question after a
 * fact, one the question does not already say. The threshold is fitted with this rule in place (the trainer
 * declines its share of unanswerable questions among the rest).
 */
export function isStrongEvidence(question: Question, scored: Scored, weights: readonly number[]): boolean {
  if (scored.coverageWithSynonyms < STRONG_COVERAGE || scored.features[HOLDS_RAREST] !== 1) return false;
  if (question.answerType && scored.features[HOLDS_NEW_OF_TYPE] !== 1) return false;
  // A field whose value only repeats the question ("x-ratelimit-resource: search") says nothing new.
  const value = scored.unit.kind === "field" ? scored.unit.cells?.[0]?.value : undefined;
  if (value !== undefined && repeatsQuestion(value, question, scored.unit.language)) return false;
  // The heaviest of the question's topic terms is held (a term no passage holds weighs most: "ibuprofen"); a word
  // that only names the kind of answer ("dose", "price") says nothing of the topic.
  let heaviestHeld = 0;
  let heaviestMissing = 0;
  for (const [index, weight] of weights.entries()) {
    const term = question.terms[index];
    if (!term || namesOnlyAnswerType([{ word: term.surface }])) continue;
    if (scored.heldOrSynonym.has(index)) heaviestHeld = Math.max(heaviestHeld, weight);
    else heaviestMissing = Math.max(heaviestMissing, weight);
  }
  return heaviestHeld > 0 && heaviestHeld >= heaviestMissing;
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
  if (!modelMatches)
    throw new Error(
      "selector-model.json was trained on other features: run scripts/train-answer-selector.ts",
    );
  const { units, all } = unitsOf(passages);
  const question = readQuestion(questionText, units[0]?.language ?? null, borrowed);
  const judged = featuresOf(question, units, all)
    .map((scored) => ({ ...scored, probability: probabilityOf(scored.features) }))
    .sort(
      (a, b) => b.probability - a.probability || a.unit.rank - b.unit.rank || a.unit.order - b.unit.order,
    );
  const termWeights = weighTerms(question, all);
  // A row is quoted only when short enough and when the question's subject is among its values (a row that only
  // shares its header's words with the question is not an answer); a record built from fields, and a long row,
  // answer through their cells only (records.ts).
  const eligible = judged.filter(
    ({ unit }) =>
      unit.kind !== "row" ||
      (!unit.quoted && unit.quote.length <= MAX_UNIT_CHARS && namesSubject(question, termWeights, unit)),
  );
  // A question after a fact (when, how much, who, where) is answered by a unit that says one the question does not
  // already say: the best such unit, when it holds nearly as much of the question as the best unit of all.
  const first = eligible[0];
  const typed =
    question.answerType && first
      ? eligible.find(
          (judged) =>
            judged.features[HOLDS_NEW_OF_TYPE] === 1 &&
            judged.coverage >= first.coverage * TYPED_COVERAGE_SHARE,
        )
      : undefined;
  const top = typed ?? first;
  const abstain = (reason: string): Selection => ({
    question,
    termWeights,
    judged,
    eligible,
    best: null,
    reason,
  });
  // "And what about its price?" with nothing before it: the question says what kind of thing it asks for, not whose.
  const own = question.terms.slice(0, question.borrowedFrom);
  if (
    own.length > 0 &&
    own.length === question.terms.length &&
    namesOnlyAnswerType(own.map((term) => ({ word: term.surface }))) &&
    question.answerType
  )
    return abstain("The question names the kind of answer it wants, but not what it is about.");
  if (question.terms.length === 0) return abstain("The question has no words to look for.");
  if (!top || top.coverage === 0) return abstain("No passage holds any of the question's words.");
  if (top.coverageWithSynonyms < MIN_COVERAGE)
    return abstain("The closest passage holds too few of the question's words.");
  if (top.probability < threshold && !isStrongEvidence(question, top, termWeights))
    return abstain(
      "The closest statement does not say what the question asks (a word of the question, or the kind of answer it asks for, is missing).",
    );
  return { question, termWeights, judged, eligible, best: top, reason: null };
}
