// Which passage sentences answer a question: weighted by the question's terms, judged passage by passage, then chosen.
import type { GroundingPassage, HistoryTurn } from "../../providers/chat-model/responder";
import { answerTypeOf, hasAnswerType, namesOnlyAnswerType } from "./answer-type";
import { contextTerms } from "./contextual-query";
import { type PassageSentence, splitPassage } from "./passage-sentences";
import { stemSet } from "./question-terms";

/*
 * How sentences are chosen. The question's content terms (our analyzer's stems, stop words and request scaffolding
 * removed) are weighted by how rare they are among the passages' sentences (an IDF: a term no passage has weighs
 * most). A sentence scores the weighted share of those terms it holds (a table row also holds its header's), scaled
 * by its passage's relevance, its position (earlier sentences of a passage slightly first), its length, whether it
 * has the kind of answer the question asks for, and for a follow-up how much of the conversation's subject it holds
 * (contextual-query.ts; a follow-up with no terms of its own, "tell me more about that", is judged on the subject).
 * The best ones are taken, near-duplicates (overlapping chunks repeat sentences) dropped, up to MAX_SENTENCES and
 * MAX_CHARS (answer-rendering.ts groups them by passage and puts them back in document order).
 *
 * When it abstains. Retrieval returns passages for any question, so an answer has to be earned: at least one passage
 * must, with its best few sentences, (a) hold COVERAGE_THRESHOLD of the question's weighted terms, (b) miss at most one
 * in four of the question's own terms (none of a question with three terms or fewer), and (c) for a question asking
 * how much / when / who / where, hold a number / a date or time / a name / a place (answer-type.ts).
 */

export const MAX_SENTENCES = 5;
export const MAX_CHARS = 900;
const COVERAGE_THRESHOLD = 0.6;
/** A sentence after the first must score this share of the best one, and hold this share of its terms' weight. */
const FOLLOWER_SCORE_SHARE = 0.6;
const FOLLOWER_COVERAGE_SHARE = 0.75;
/** ... and, from a passage that does not answer on its own, this share of the best score. */
const OUTSIDER_SCORE_SHARE = 0.85;
/** Sentences per passage that are judged together (a passage answers with its best few, not its whole text). */
const JUDGED_PER_PASSAGE = 3;
/** A single unit longer than this is never quoted (a run of text with no sentence ends, e.g. a broken PDF layout). */
const MAX_UNIT_CHARS = 700;
/** How much of a sentence's score the conversation's subject decides, for a follow-up with terms of its own. */
const CONTEXT_SHARE = 0.3;
/** ... and for a follow-up whose own words only ask for a kind of answer ("what about its price?"). */
const TYPE_ONLY_CONTEXT_SHARE = 0.6;

/** One quotable unit of one passage with what it is matched on. */
export type Candidate = {
  passage: GroundingPassage;
  /** Index of the passage in the request (its rank: best first). */
  rank: number;
  unit: PassageSentence;
  /** Its order within the passage. */
  order: number;
  /** The unit as quoted: whitespace collapsed. */
  quote: string;
  stems: Set<string>;
  coverage: number;
  score: number;
};

type WeightedTerm = { stem: string; weight: number };

/** The question's terms an answer must hold, the conversation's terms that only rank, and what each weighs in all. */
type QuestionWeights = {
  required: WeightedTerm[];
  context: WeightedTerm[];
  requiredWeight: number;
  contextWeight: number;
};

/** A passage's best sentences answer the question (chosen), or none does (touched: the sentences on its subject). */
type Selection = { answers: true; chosen: Candidate[] } | { answers: false; touched: Candidate[] };

const QUOTABLE_KINDS = new Set(["prose", "field", "row"]);

export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

const sum = (list: readonly WeightedTerm[], held: (stem: string) => boolean) =>
  list.reduce((total, term) => total + (held(term.stem) ? term.weight : 0), 0);

/** Every quotable unit of the passages, and the stems of every unit (quotable or not: the IDF counts them all). */
function quotableUnits(passages: readonly GroundingPassage[]): {
  candidates: Candidate[];
  allUnits: Set<string>[];
} {
  const candidates: Candidate[] = [];
  const allUnits: Set<string>[] = [];
  for (const [rank, passage] of passages.entries()) {
    const units = splitPassage(passage.text);
    const headerStems = new Map<string, Set<string>>();
    for (const [order, unit] of units.entries()) {
      const stems = stemSet(unit.text);
      allUnits.push(stems);
      if (unit.kind === "header") headerStems.set(unit.text, stems);
      if (!QUOTABLE_KINDS.has(unit.kind) || unit.text.length > MAX_UNIT_CHARS) continue;
      // Dot leaders belong to a table of contents or a table flattened into text: not a sentence to quote. A question
      // (an FAQ's, a heading's) repeats what was asked rather than answering it.
      if (/\.{4,}|…{2,}|(?:\. ){3,}/.test(unit.text) || /\?["'”’)]*$/.test(unit.text)) continue;
      // A row is read with its header: "price" in the header and "Pro" in the row answer "the Pro plan's price".
      const matched = unit.header ? new Set([...stems, ...(headerStems.get(unit.header) ?? [])]) : stems;
      candidates.push({
        passage,
        rank,
        unit,
        order,
        quote: collapse(unit.text),
        stems: matched,
        coverage: 0,
        score: 0,
      });
    }
  }
  return { candidates, allUnits };
}

/** The question's terms weighted by IDF over every unit of every passage (a term found nowhere is the rarest). */
function weighTerms(
  terms: ReturnType<typeof contextTerms>,
  allUnits: readonly Set<string>[],
): QuestionWeights {
  const unitCount = allUnits.length;
  const idf = (stem: string) => {
    let df = 0;
    for (const stems of allUnits) if (stems.has(stem)) df += 1;
    return Math.log(1 + (unitCount + 1) / (df + 0.5));
  };
  // What an answer must hold: the question's own terms, or for a question with none of its own ("tell me more about
  // that") the subject it borrowed. Borrowed terms beside the question's own only rank sentences (CONTEXT_SHARE).
  const toWeighted = (list: readonly { stem: string }[]) =>
    list.map((term): WeightedTerm => ({ stem: term.stem, weight: idf(term.stem) }));
  const required = toWeighted(terms.question.length > 0 ? terms.question : terms.borrowed);
  const context = terms.question.length > 0 ? toWeighted(terms.borrowed) : [];
  return {
    required,
    context,
    requiredWeight: sum(required, () => true),
    contextWeight: sum(context, () => true),
  };
}

/** Sets each candidate's coverage of the required terms and its score (see the module comment). */
function scoreCandidates(
  candidates: readonly Candidate[],
  weights: QuestionWeights,
  { answerType, contextShare }: { answerType: ReturnType<typeof answerTypeOf>; contextShare: number },
): void {
  const { required, context, requiredWeight, contextWeight } = weights;
  const unitsPerPassage = new Map<number, number>();
  for (const candidate of candidates)
    unitsPerPassage.set(candidate.rank, (unitsPerPassage.get(candidate.rank) ?? 0) + 1);
  for (const candidate of candidates) {
    const holds = (stem: string) => candidate.stems.has(stem);
    candidate.coverage = sum(required, holds) / requiredWeight;
    const onSubject =
      contextWeight > 0 ? 1 - contextShare + (contextShare * sum(context, holds)) / contextWeight : 1;
    const relevance = Math.min(1, Math.max(0, candidate.passage.relevance));
    const count = unitsPerPassage.get(candidate.rank) ?? 1;
    const position = count > 1 ? candidate.order / (count - 1) : 0;
    const words = candidate.quote.split(" ").length;
    const length = words < 4 && candidate.unit.kind === "prose" ? 0.6 : words > 60 ? 0.8 : 1;
    const fits = answerType && hasAnswerType(candidate.quote, answerType) ? 1.15 : 1;
    candidate.score =
      candidate.coverage *
      onSubject *
      (0.75 + 0.25 * relevance) *
      (1 - 0.1 * Math.min(1, position)) *
      length *
      fits;
  }
}

/** The ranks of the passages whose best few sentences answer the question (the judgement of the module comment). */
function answeringPassages(
  relevant: readonly Candidate[],
  { required, context, requiredWeight }: QuestionWeights,
  {
    answerType,
    typeOnlyFollowUp,
  }: { answerType: ReturnType<typeof answerTypeOf>; typeOnlyFollowUp: boolean },
): Set<number> {
  const allowedMissing = Math.floor(required.length / 4);
  const answering = new Set<number>();
  for (const rank of new Set(relevant.map((candidate) => candidate.rank))) {
    const best = relevant
      .filter((candidate) => candidate.rank === rank)
      .sort((a, b) => b.score - a.score)
      .slice(0, JUDGED_PER_PASSAGE);
    const held = new Set<string>();
    for (const candidate of best) for (const stem of candidate.stems) held.add(stem);
    const coverage = sum(required, (stem) => held.has(stem)) / requiredWeight;
    const missing = required.filter((term) => !held.has(term.stem)).length;
    const typed = !answerType || best.some((candidate) => hasAnswerType(candidate.quote, answerType));
    // Such a follow-up is answered by a passage on the conversation's subject, not by any amount anywhere.
    const onSubject = !typeOnlyFollowUp || sum(context, (stem) => held.has(stem)) > 0;
    if (coverage >= COVERAGE_THRESHOLD && missing <= allowedMissing && typed && onSubject)
      answering.add(rank);
  }
  return answering;
}

/** Near-duplicates: overlapping chunks repeat sentences, and a sentence is not worth saying twice. */
function isNearDuplicate(a: Candidate, b: Candidate): boolean {
  if (a.quote === b.quote) return true;
  if (a.stems.size === 0 || b.stems.size === 0) return false;
  let shared = 0;
  for (const stem of a.stems) if (b.stems.has(stem)) shared += 1;
  const smaller = Math.min(a.stems.size, b.stems.size);
  // The same statement in other words around it ("Comments Due Date The FAA must receive comments ... by ...").
  if (smaller >= 4 && shared / smaller >= 0.85) return true;
  return shared / (a.stems.size + b.stems.size - shared) >= 0.8;
}

/**
 * The answering passages' sentences first; other passages may add a sentence that scores as well. A question after
 * a fact (how much, when, who, where) is answered only by sentences that hold one, the first one included.
 */
function chooseSentences(
  relevant: readonly Candidate[],
  answering: ReadonlySet<number>,
  answerType: ReturnType<typeof answerTypeOf>,
): Candidate[] {
  const ordered = (
    answerType ? relevant.filter((c) => hasAnswerType(c.quote, answerType)) : relevant
  ).toSorted(
    (a, b) =>
      Number(answering.has(b.rank)) - Number(answering.has(a.rank)) || b.score - a.score || a.rank - b.rank,
  );
  const chosen: Candidate[] = [];
  let chars = 0;
  const first = ordered[0] as Candidate;
  for (const candidate of ordered) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (chosen.length > 0) {
      const share = answering.has(candidate.rank) ? FOLLOWER_SCORE_SHARE : OUTSIDER_SCORE_SHARE;
      if (candidate.score < first.score * share) continue;
      if (candidate.coverage < first.coverage * FOLLOWER_COVERAGE_SHARE) continue;
      // A question after a fact (how much, when, who, where) is answered by sentences that hold one.
      if (answerType && !hasAnswerType(candidate.quote, answerType)) continue;
      if (chars + candidate.quote.length > MAX_CHARS) continue;
    }
    if (chosen.some((other) => isNearDuplicate(other, candidate))) continue;
    chosen.push(candidate);
    chars += candidate.quote.length;
  }
  return chosen;
}

/** The sentences that answer the question from the passages, or why none does (see the module comment). */
export function selectSentences(input: {
  question: string;
  history: readonly HistoryTurn[];
  passages: readonly GroundingPassage[];
}): Selection {
  const terms = contextTerms(input.history, input.question);
  const { candidates, allUnits } = quotableUnits(input.passages);
  const weights = weighTerms(terms, allUnits);
  if (weights.requiredWeight === 0) return { answers: false, touched: [] };

  const answerType = answerTypeOf(input.question);
  // A follow-up whose own words only name the kind of answer ("and what about its price?"): a sentence holding that
  // kind of answer (an amount) holds those words ("costs 1,850,000 EUR" answers "price"), and the conversation's
  // subject weighs more, since it is all the question is about.
  const typeOnlyFollowUp =
    answerType !== null && weights.context.length > 0 && namesOnlyAnswerType(terms.question);
  if (typeOnlyFollowUp) {
    for (const candidate of candidates) {
      if (!hasAnswerType(candidate.quote, answerType)) continue;
      candidate.stems = new Set([...candidate.stems, ...weights.required.map((term) => term.stem)]);
    }
  }
  const contextShare = typeOnlyFollowUp ? TYPE_ONLY_CONTEXT_SHARE : CONTEXT_SHARE;
  scoreCandidates(candidates, weights, { answerType, contextShare });
  const relevant = candidates.filter((candidate) => candidate.coverage > 0);
  if (relevant.length === 0) return { answers: false, touched: [] };

  const answering = answeringPassages(relevant, weights, { answerType, typeOnlyFollowUp });
  if (answering.size === 0) return { answers: false, touched: relevant };
  return { answers: true, chosen: chooseSentences(relevant, answering, answerType) };
}
