// Chooses the unit that answers a question (or none): a learned unit model ranks every unit of the passages, a learned confidence model decides.
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { namesOnlyAnswerType } from "../answer-type";
import { FEATURE_NAMES, featuresOf, namesOneThing, type Scored, weighTerms } from "./features";
import { wordsOf } from "./language";
import { type Question, readQuestion } from "./question";
import model from "./selector-model.json" with { type: "json" };
import { repeatsQuestion } from "./short-answer";
import { MAX_UNIT_CHARS, type Unit, unitsOf } from "./units";

/**
 * The two models' features and weights and the confidence threshold: selector-model.json's shape. The selector
 * answers with the shipped one; the trainer's cross-checks pass their own.
 */
export type SelectorModel = {
  features: readonly string[];
  weights: readonly number[];
  confidence: { features: readonly string[]; weights: readonly number[] };
  threshold: number;
};
export const SHIPPED_MODEL: SelectorModel = model;

/*
 * Two logistic models, trained by scripts/train-answer-selector.ts on the developers' half of SQuAD 2.0 (provenance
 * in selector-model.json). The unit model gives every unit of every passage the probability that it holds the
 * answer, which ranks them; the confidence model judges the best one against the question as a whole (how sure the
 * unit model is, how far ahead of the runner-up, what the best unit misses), and it answers when that confidence
 * reaches the model's threshold and it holds at least MIN_COVERAGE of the question's weight, synonyms counted (a
 * question on a topic no passage covers is declined, whatever the models say). Ranking and declining are separate
 * questions: a unit can be the likeliest of its passages and still not answer.
 */

const HOLDS_NEW_OF_TYPE = FEATURE_NAMES.indexOf("holdsNewOfType");

/** Below this share of the question's weight, no unit answers, whatever its probability. */
const MIN_COVERAGE = 0.3;
const NAMES_MISSING = FEATURE_NAMES.indexOf("namesMissingAround");
/** Above this share of the question's weight in words no passage holds (even as a synonym), it is about something else. */
const MAX_ABSENT_WEIGHT = 0.5;

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

/** Whether a unit is a field whose value only repeats the question ("x-ratelimit-resource: search"). */
function repeatsOnlyQuestion(question: Question, unit: Unit): boolean {
  const value = unit.kind === "field" ? unit.cells?.[0]?.value : undefined;
  return value !== undefined && repeatsQuestion(value, question, unit.language);
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
const logit = (p: number) => Math.log(Math.max(1e-6, p) / Math.max(1e-6, 1 - p));
const dot = (weights: readonly number[], features: readonly number[]) =>
  weights.reduce((sum, weight, j) => sum + weight * (features[j] ?? 0), 0);

/** The unit model's probability that a unit holds the answer. */
function probabilityOf(features: readonly number[], weights: readonly number[] = model.weights): number {
  return sigmoid(dot(weights, features));
}

/**
 * What the confidence model knows about the question's best candidate: its own features, how likely the unit model
 * finds it, and how far ahead of the runner-up (another statement) it is. A question written to look answerable
 * often has a best candidate that holds its words but no clear lead, or one that misses the word that matters.
 */
export const CONFIDENCE_FEATURE_NAMES = [
  ...FEATURE_NAMES.map((name) => `best.${name}`),
  "bestLogit",
  "bestProbability",
  "runnerUpProbability",
  "lead",
] as const;

/** Whether the models were trained on these features, in this order (checked on use: the trainer itself imports this module). */
const modelMatches = (selector: SelectorModel) =>
  selector.features.join() === FEATURE_NAMES.join() &&
  selector.confidence.features.join() === CONFIDENCE_FEATURE_NAMES.join();

export function confidenceFeaturesOf(top: Judged, eligible: readonly Judged[]): number[] {
  const runnerUp = eligible.find((judged) => judged !== top && judged.unit.quote !== top.unit.quote);
  const second = runnerUp?.probability ?? 0;
  return [...top.features, logit(top.probability), top.probability, second, top.probability - second];
}

/** The confidence model's probability that the best candidate answers the question. */
function confidenceOf(top: Judged, eligible: readonly Judged[], weights: readonly number[]): number {
  return sigmoid(dot(weights, confidenceFeaturesOf(top, eligible)));
}

/** Units with their features judged by the unit model, best first. */
export function judgeScored(scored: readonly Scored[], weights: readonly number[] = model.weights): Judged[] {
  return scored
    .map((unit) => ({ ...unit, probability: probabilityOf(unit.features, weights) }))
    .sort(
      (a, b) => b.probability - a.probability || a.unit.rank - b.unit.rank || a.unit.order - b.unit.order,
    );
}

/** The units that may be quoted whole, and the one that would answer if any does. */
export function candidateOf(
  question: Question,
  judged: readonly Judged[],
  termWeights: readonly number[],
): { eligible: Judged[]; top: Judged | undefined } {
  // A row is quoted only when short enough and when the question's subject is among its values (a row that only
  // shares its header's words with the question is not an answer); a record built from fields, and a long row,
  // answer through their cells only (records.ts).
  // A field whose value only repeats the question ("x-ratelimit-resource: search") says nothing new either.
  const eligible = judged.filter(
    ({ unit }) =>
      (unit.kind !== "row" ||
        (!unit.quoted && unit.quote.length <= MAX_UNIT_CHARS && namesSubject(question, termWeights, unit))) &&
      !repeatsOnlyQuestion(question, unit),
  );
  // The unit model's best is the candidate: it already weighs whether a unit says a fact of the asked kind that the
  // question does not (holdsNewOfType), so no rule overrides it.
  return { eligible, top: eligible[0] };
}

/**
 * Whether every question term the unit holds only names the kind of answer ("revenue", "cost" held by any amount):
 * "last quarter's revenue" is not answered by a sentence giving some other cost, however sure the models are.
 */
function holdsOnlyAnswerType(question: Question, top: Judged): boolean {
  return [...top.heldOrSynonym].every((index) => {
    const term = question.terms[index];
    return term !== undefined && namesOnlyAnswerType([{ word: term.surface }]);
  });
}

/** Why no unit can answer whatever the models say, or null when the best candidate is to be judged. */
export function declinedBeforeJudging(question: Question, top: Judged | undefined): string | null {
  // "And what about its price?" with nothing before it: the question says what kind of thing it asks for, not whose.
  const own = question.terms.slice(0, question.borrowedFrom);
  if (
    own.length > 0 &&
    own.length === question.terms.length &&
    namesOnlyAnswerType(own.map((term) => ({ word: term.surface }))) &&
    question.answerType
  )
    return "The question names the kind of answer it wants, but not what it is about.";
  if (question.terms.length === 0) return "The question has no words to look for.";
  if (!top || top.coverage === 0) return "No passage holds any of the question's words.";
  if (top.coverageWithSynonyms < MIN_COVERAGE)
    return "The closest passage holds too few of the question's words.";
  if (holdsOnlyAnswerType(question, top))
    return "The closest passage holds only the kind of answer asked for, none of what it is about.";
  // When most of the question is in words no passage holds, the passages are about something else ("the safe dose
  // of ibuprofen" over an airworthiness directive; "our Q3 sales in the Nordic region" over a table of countries,
  // whose code "Q3" and header "Region" a row holds), unless the best statement holds every name and number the
  // question gives and the rest is said in other words ("how many people died in the Ethiopian Airlines Flight 302
  // crash": "killing all 157 on board"). A row answers only when it clearly is the row asked about (records.ts).
  const namesHeld = question.terms.some(namesOneThing) && top.features[NAMES_MISSING] === 0;
  if (top.absentWithSynonyms > MAX_ABSENT_WEIGHT && (top.unit.kind === "row" || !namesHeld))
    return "Most of the question's words are in no passage: the passages are about something else.";
  return null;
}

export function selectAnswer(
  questionText: string,
  passages: readonly GroundingPassage[],
  borrowed: readonly string[] = [],
  selector: SelectorModel = SHIPPED_MODEL,
): Selection {
  if (!modelMatches(selector))
    throw new Error(
      "selector-model.json was trained on other features: run scripts/train-answer-selector.ts",
    );
  const { units, all } = unitsOf(passages);
  const question = readQuestion(questionText, units[0]?.language ?? null, borrowed);
  const judged = judgeScored(featuresOf(question, units, all), selector.weights);
  const termWeights = weighTerms(question, all);
  const { eligible, top } = candidateOf(question, judged, termWeights);
  const abstain = (reason: string): Selection => ({
    question,
    termWeights,
    judged,
    eligible,
    best: null,
    reason,
  });
  const before = declinedBeforeJudging(question, top);
  if (before !== null || !top) return abstain(before ?? "No passage holds any of the question's words.");
  if (
    confidenceOf(top, eligible, selector.confidence.weights) < selector.threshold &&
    !isStrongEvidence(question, top, termWeights)
  )
    return abstain(
      "The closest statement does not say what the question asks (a word of the question, or the kind of answer it asks for, is missing).",
    );
  return { question, termWeights, judged, eligible, best: top, reason: null };
}
