// What the answer selector knows about a unit for a question: lexical features, each in about [0, 1].

import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { stemEnglish } from "../../../text-search/english-stemmer";
import { hasAnswerType, namesOnlyAnswerType } from "../answer-type";
import { wordsOf } from "./language";
import type { Question } from "./question";
import { newPhrasesOfType } from "./short-answer";
import { termsHeld } from "./term-match";
import type { Unit, UnitStems } from "./units";
import { relatedWords } from "./wordnet";

/*
 * The features a learned answer selector (selector-model.ts) weighs. They are about the match, never about a
 * language or a document: how much of the question's weight a unit holds (terms weighted by how rare they are among
 * the passages' units, so a term no passage holds weighs most), alone and with its neighbours (the answer is often
 * the sentence after the one that repeats the question); the weight of the one term it misses (adversarial "one word
 * changed" questions); whether it holds the kind of answer asked for, and something of that kind the question does
 * not already say; how the question's word pairs hold together in it; its passage's rank and relevance; its rank
 * among all units; whether it negates what the question does not; whether it follows the unit that repeats the
 * question most; how many of the question's names and numbers it and its neighbours miss (another name in their
 * place is another fact); how much of the question its whole passage holds; how close together its terms stand;
 * whether it comes just before the unit that repeats the question most (the answer often precedes the restatement);
 * how early it names a word of the question; how many of the question's word pairs it writes as the question does;
 * and, when it opens by referring back ("It was ..."), what it holds with the statement before it.
 */

export const FEATURE_NAMES = [
  "bias",
  "coverage",
  "coverageWithNeighbours",
  "largestMissing",
  "absentEverywhere",
  "pairsInOrder",
  "asksForType",
  "holdsType",
  "holdsNewOfType",
  "passageRank",
  "relevance",
  "unitRank",
  "gapToBest",
  "length",
  "position",
  "nextCoverage",
  "previousCoverage",
  "negationMismatch",
  "isRow",
  "isField",
  "isLine",
  "questionTerms",
  "coverageSquared",
  "coverageTimesType",
  "termsHeld",
  "newWords",
  "holdsRarest",
  "synonymCoverage",
  "antonymInstead",
  "nextHoldsNewOfType",
  "followsBest",
  "namesMissingAround",
  "passageCoverage",
  "density",
  "precedesBest",
  "opensWithTerm",
  "phraseOverlap",
  "referenceCoverage",
] as const;

export type Features = number[];

export type TermWeight = { index: number; weight: number };

export type Scored = {
  unit: Unit;
  features: Features;
  coverage: number;
  /** Indexes of the question's terms the unit holds. */
  held: Set<number>;
  /** `held` and the terms the unit holds as a WordNet synonym. */
  heldOrSynonym: Set<number>;
  /** The question's weight in `heldOrSynonym`. */
  coverageWithSynonyms: number;
  /** The question's weight in terms no unit holds, even as a synonym (the same for every unit). */
  absentWithSynonyms: number;
};

/** What the terms borrowed from the conversation weigh together beside the question's own (a follow-up's subject ranks, it does not answer). */
const BORROWED_SHARE = 0.4;

/** A term that names one thing (a name, a number, a year): "Normans", "1066". Another in its place is another fact. */
const SPECIFIC = /^\p{Lu}|\d/u;
export const namesOneThing = (term: { surface: string }) => SPECIFIC.test(term.surface);

const NEGATION = /\b(?:not|never|no|none|without|cannot|nobody|nothing)\b|n't\b/i;

/** The question's terms weighted by how rare they are among all units (IDF), normalised to sum to 1. */
export function weighTerms(question: Question, all: readonly UnitStems[]): number[] {
  const count = all.length;
  const raw = question.terms.map((term, _index) => {
    let df = 0;
    for (const unit of all) if (unit.stems.has(term.stemIn(unit.language))) df += 1;
    // A word describing the document ("the multilingual PDF") that no passage holds says nothing of the answer.
    if (df === 0 && term.describesDocument) return 0;
    return Math.log(1 + (count + 1) / (df + 0.5));
  });
  // Borrowed terms together weigh at most BORROWED_SHARE of the question's own.
  const own = raw.slice(0, question.borrowedFrom).reduce((a, b) => a + b, 0);
  const lent = raw.slice(question.borrowedFrom).reduce((a, b) => a + b, 0);
  const scale = lent > 0 && own > 0 ? Math.min(1, (own * BORROWED_SHARE) / lent) : 1;
  for (let index = question.borrowedFrom; index < raw.length; index += 1)
    raw[index] = (raw[index] ?? 0) * scale;
  const total = raw.reduce((a, b) => a + b, 0);
  return raw.map((weight) => (total > 0 ? weight / total : 0));
}

/**
 * The question's terms a unit holds. A term that names the kind of answer asked for ("price", "deadline", "cost")
 * is held by a unit holding that kind of answer: "must be received by October 26" answers "the deadline".
 */
function heldTerms(question: Question, unit: Unit): Set<number> {
  const held = termsHeld(question, unit.words, unit.language);
  if (question.answerType !== null && hasAnswerType(unit.quote, question.answerType))
    for (const [index, term] of question.terms.entries())
      if (namesOnlyAnswerType([{ word: term.surface }])) held.add(index);
  return held;
}

const sumWeights = (weights: readonly number[], held: ReadonlySet<number>) =>
  [...held].reduce((total, index) => total + (weights[index] ?? 0), 0);

/** Share of the question's consecutive term pairs found in the unit in order, at most three words apart. */
function pairsInOrder(question: Question, unit: Unit): number {
  if (question.terms.length < 2) return 0;
  const positions = new Map<string, number[]>();
  let position = 0;
  for (const word of unit.words) {
    if (word.stop) continue;
    const list = positions.get(word.stem) ?? [];
    list.push(position);
    positions.set(word.stem, list);
    position += 1;
  }
  let found = 0;
  for (let i = 0; i + 1 < question.terms.length; i += 1) {
    const a = positions.get(question.terms[i]?.stemIn(unit.language) ?? "");
    const b = positions.get(question.terms[i + 1]?.stemIn(unit.language) ?? "");
    if (a && b && a.some((x) => b.some((y) => y > x && y - x <= 3))) found += 1;
  }
  return found / (question.terms.length - 1);
}

/**
 * How close together the question's terms stand in the unit: the terms found over the words from the first to the
 * last of them (1 when they stand side by side, 0 when none is found). A sentence that says what the question asks
 * holds its words together; one that merely mentions them holds them far apart.
 */
function density(question: Question, unit: Unit): number {
  const asked = new Set(question.terms.map((term) => term.stemIn(unit.language)));
  let first = -1;
  let last = -1;
  let found = 0;
  let position = 0;
  for (const word of unit.words) {
    if (word.stop) continue;
    if (asked.has(word.stem)) {
      if (first < 0) first = position;
      last = position;
      found += 1;
    }
    position += 1;
  }
  return found === 0 ? 0 : found / (last - first + 1);
}

/**
 * Where the unit's first word of the question stands among its content words: 1 when it opens the unit, less the
 * later it comes (0 when none). A unit that opens with what is asked about ("Telenet was the first ...") says what
 * it is; one that names it in passing is about something else.
 */
function opensWithTerm(question: Question, unit: Unit): number {
  const asked = new Set(question.terms.map((term) => term.stemIn(unit.language)));
  let position = 0;
  for (const word of unit.words) {
    if (word.stop) continue;
    if (asked.has(word.stem)) return 1 / (1 + position);
    position += 1;
  }
  return 0;
}

/** A statement opening with a word that refers back ("It was commissioned by Odo", "They settled ..."). */
const OPENS_WITH_REFERENCE =
  /^(?:it|its|he|his|she|her|they|their|them|this|these|that|those|there|such|the latter|the former)\b/i;

/** Consecutive word pairs (stop words included, lower-cased as written) of a text. */
function wordPairs(words: readonly { surface: string }[]): Set<string> {
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < words.length; i += 1)
    pairs.add(`${words[i]?.surface.toLowerCase()} ${words[i + 1]?.surface.toLowerCase()}`);
  return pairs;
}

/**
 * Share of the question's word pairs, as written, that the unit writes too ("the Edict of Nantes", "was founded
 * in"): a unit that says what the question asks reuses its phrases, not only its words.
 */
function phraseOverlap(questionPairs: ReadonlySet<string>, unit: Unit): number {
  if (questionPairs.size === 0) return 0;
  const pairs = wordPairs(unit.words);
  let found = 0;
  for (const pair of questionPairs) if (pairs.has(pair)) found += 1;
  return found / questionPairs.size;
}

/** The terms unit `i` and the unit before it hold together. */
function withPrevious(held: readonly Set<number>[], i: number): Set<number> {
  return new Set([...(held[i] ?? []), ...(held[i - 1] ?? [])]);
}

/** Whether the unit holds something of the asked type that the question does not already say. */
const holdsNewOfType = (question: Question, unit: Unit) =>
  newPhrasesOfType(question, unit.quote, unit.language).length > 0;

/** Stems of each term's WordNet synonyms and antonyms (English questions only; empty otherwise). */
function relatedStems(question: Question): { synonyms: string[][]; antonyms: string[][] } {
  const english = (question.language ?? "en") === "en";
  const related = question.terms.map((term) =>
    english ? relatedWords(term.surface) : { synonyms: [], antonyms: [] },
  );
  return {
    synonyms: related.map((words) => words.synonyms.map(stemEnglish)),
    antonyms: related.map((words) => words.antonyms.map(stemEnglish)),
  };
}

/** Features of every unit for the question (units of all passages, in their order). */
export function featuresOf(question: Question, units: readonly Unit[], all: readonly UnitStems[]): Scored[] {
  const weights = weighTerms(question, all);
  const related = relatedStems(question);
  const held = units.map((unit) => heldTerms(question, unit));
  const present = new Set<number>();
  for (const set of held) for (const index of set) present.add(index);
  for (const unit of all)
    for (const [index, term] of question.terms.entries())
      if (unit.stems.has(term.stemIn(unit.language))) present.add(index);
  const absent = question.terms.reduce(
    (total, _term, index) => total + (present.has(index) ? 0 : (weights[index] ?? 0)),
    0,
  );
  // The rarest of the question's terms that some passage holds: the one word that says what is asked about.
  let rarest = -1;
  for (const index of present)
    if (rarest < 0 || (weights[index] ?? 0) > (weights[rarest] ?? 0)) rarest = index;
  const coverage = held.map((set) => sumWeights(weights, set));
  const order = coverage.map((value, index) => ({ value, index })).sort((a, b) => b.value - a.value);
  const rankOf = new Array<number>(units.length);
  for (const [rank, entry] of order.entries()) rankOf[entry.index] = rank;
  const best = order[0]?.value ?? 0;
  // What each passage holds of the question, all its units together: the answer is in the passage about it.
  const passageHeld = new Map<GroundingPassage, Set<number>>();
  for (const [i, unit] of units.entries()) {
    const set = passageHeld.get(unit.passage) ?? new Set<number>();
    for (const index of held[i] ?? []) set.add(index);
    passageHeld.set(unit.passage, set);
  }
  const questionNegated = question.negated;
  // Read once a unit: each unit's is also its predecessor's "next holds new of type".
  const newOfType = units.map((unit) => holdsNewOfType(question, unit));
  const questionPairs = wordPairs(wordsOf(question.text, question.language));
  const specific = question.terms.map(namesOneThing);
  let specificWeight = 0;
  for (const [index, weight] of weights.entries()) if (specific[index]) specificWeight += weight;
  const scored = units.map((unit, i) => {
    const sameBefore = i > 0 && units[i - 1]?.passage === unit.passage;
    const sameAfter = i + 1 < units.length && units[i + 1]?.passage === unit.passage;
    const around = new Set(held[i]);
    if (sameBefore) for (const index of held[i - 1] ?? []) around.add(index);
    if (sameAfter) for (const index of held[i + 1] ?? []) around.add(index);
    const cov = coverage[i] ?? 0;
    let largestMissing = 0;
    for (const [index, weight] of weights.entries())
      if (!held[i]?.has(index)) largestMissing = Math.max(largestMissing, weight);
    const typed = question.answerType ? hasAnswerType(unit.quote, question.answerType) : false;
    // A term missing from the unit may be there as a synonym ("planes": "airplanes"), or replaced by its opposite
    // ("the last" where the unit says "the first": SQuAD's unanswerable questions are often written so).
    const withSynonyms = new Set(held[i]);
    let antonymInstead = 0;
    if (unit.language === null || unit.language === "en")
      for (const index of question.terms.keys()) {
        if (held[i]?.has(index)) continue;
        if (related.synonyms[index]?.some((stem) => unit.stems.has(stem))) withSynonyms.add(index);
        else if (related.antonyms[index]?.some((stem) => unit.stems.has(stem))) antonymInstead = 1;
      }
    const next = sameAfter ? units[i + 1] : undefined;
    let namesMissing = 0;
    for (const [index, weight] of weights.entries())
      if (specific[index] && !around.has(index)) namesMissing += weight;
    const asked = new Set(question.terms.map((term) => term.stemIn(unit.language)));
    let newWords = 0;
    for (const stem of unit.stems) if (!asked.has(stem)) newWords += 1;
    const features: Features = [
      1,
      cov,
      sumWeights(weights, around),
      largestMissing,
      absent,
      pairsInOrder(question, unit),
      question.answerType ? 1 : 0,
      typed ? 1 : 0,
      newOfType[i] ? 1 : 0,
      1 / (1 + unit.rank),
      Math.min(1, unit.passage.relevance),
      1 / (1 + (rankOf[i] ?? 0)),
      cov - best,
      Math.min(1, Math.log1p(unit.words.length) / 5),
      1 / (1 + unit.order),
      sameAfter ? (coverage[i + 1] ?? 0) : 0,
      sameBefore ? (coverage[i - 1] ?? 0) : 0,
      questionNegated !== NEGATION.test(unit.quote) ? 1 : 0,
      unit.kind === "row" ? 1 : 0,
      unit.kind === "field" ? 1 : 0,
      unit.kind === "line" ? 1 : 0,
      Math.min(1, Math.log1p(question.terms.length) / 3),
      cov * cov,
      cov * (typed ? 1 : 0),
      question.terms.length > 0 ? (held[i]?.size ?? 0) / question.terms.length : 0,
      unit.stems.size > 0 ? newWords / unit.stems.size : 0,
      rarest >= 0 && held[i]?.has(rarest) ? 1 : 0,
      sumWeights(weights, withSynonyms),
      antonymInstead,
      next && newOfType[i + 1] ? 1 : 0,
      sameBefore && rankOf[i - 1] === 0 ? 1 : 0,
      specificWeight > 0 ? namesMissing / specificWeight : 0,
      sumWeights(weights, passageHeld.get(unit.passage) ?? new Set()),
      density(question, unit),
      // The answer is often just before the statement that repeats the question ("All of this set the stage for").
      sameAfter && rankOf[i + 1] === 0 ? 1 : 0,
      opensWithTerm(question, unit),
      phraseOverlap(questionPairs, unit),
      // A unit that refers back holds, with the statement before it, what that statement names.
      sameBefore && OPENS_WITH_REFERENCE.test(unit.quote) ? sumWeights(weights, withPrevious(held, i)) : 0,
    ];
    return {
      unit,
      features,
      coverage: cov,
      held: held[i] ?? new Set(),
      heldOrSynonym: withSynonyms,
      coverageWithSynonyms: sumWeights(weights, withSynonyms),
      absentWithSynonyms: 0,
    };
  });
  const found = new Set(present);
  for (const unit of scored) for (const index of unit.heldOrSynonym) found.add(index);
  const absentWithSynonyms = question.terms.reduce(
    (total, _term, index) => total + (found.has(index) ? 0 : (weights[index] ?? 0)),
    0,
  );
  for (const unit of scored) unit.absentWithSynonyms = absentWithSynonyms;
  return scored;
}
