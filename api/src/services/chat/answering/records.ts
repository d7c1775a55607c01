// Answers "the X of Y" from a record (a table row read with its header, a JSON object's fields): the cell whose field the question names, in the row whose values name its subject.
import { FIELD_NAMES_OF_KIND, hasAnswerType, namesAnswerKind } from "../answer-type";
import { wordsOf } from "./language";
import type { Question } from "./question";
import { termsHeld, termsIn } from "./term-match";
import { type Cell, documentNameWords, type Unit } from "./units";

/*
 * A record answers when, in one row, the question's subject is among the values ("Algeria", "Armenia", "DELL") and
 * what it asks about is a field ("currency", "capital", "dial") whose value the question does not already say; or,
 * for a question that asks for a kind of answer (a date, an amount), a cell holding one. The row must hold at least
 * MIN_RECORD_COVERAGE of the question's weight between its values and that field, and its subject must weigh
 * MIN_SUBJECT_WEIGHT: a row is precise, so it answers only when it clearly is the row asked about.
 */

const MIN_RECORD_COVERAGE = 0.7;
const MIN_SUBJECT_WEIGHT = 0.2;
/** Above this share of the question's weight in words no passage holds, no record answers. */
const MAX_ABSENT_WEIGHT = 0.5;

/** A table cell that is an amount without its currency: "26,70", "1.234,50", "1,049.00". */
const AMOUNT_CELL = /^\d{1,3}(?:[ .,’']\d{3})*[.,]\d{2}$/;

export type RecordAnswer = {
  unit: Unit;
  /** The cell that answers, with its field. */
  answer: Cell;
  /** The cells that name the row's subject. */
  subject: Cell[];
  coverage: number;
};

/** Words of a field's name (two letters or more) that are none of the question's terms, nor spell a run of them. */
function extraWords(question: Question, field: string, language: string | null): number {
  let extra = 0;
  for (const word of wordsOf(field, language))
    if (!word.stop && word.surface.length > 1 && termsIn(question, word.surface, language).size === 0)
      extra += 1;
  return extra;
}

/** Whether every word of `text` is one of the question's terms (as matching holds them, across languages too). */
function onlyQuestionWords(question: Question, text: string, language: string | null): boolean {
  const words = wordsOf(text, language).filter((word) => !word.stop && word.surface.length > 1);
  return words.length > 0 && words.every((word) => termsIn(question, word.surface, language).size > 0);
}

/** The script most of a text's letters are in (Han, Arabic, Cyrillic, Greek, Latin, or another). */
function scriptOfText(text: string): string {
  let best = "";
  let bestCount = 0;
  for (const script of [
    "Han",
    "Arabic",
    "Cyrillic",
    "Greek",
    "Latin",
    "Hangul",
    "Hebrew",
    "Devanagari",
    "Thai",
  ]) {
    const count = text.match(new RegExp(`\\p{Script=${script}}`, "gu"))?.length ?? 0;
    if (count > bestCount) {
      best = script;
      bestCount = count;
    }
  }
  return best;
}

function recordAnswerOf(
  question: Question,
  weights: readonly number[],
  unit: Unit,
  rowsHolding: readonly number[],
  context: ReadonlySet<number>,
): RecordAnswer | null {
  const cells = unit.cells ?? [];
  if (cells.length < 2) return null;
  const weigh = (held: ReadonlySet<number>) =>
    [...held].reduce((sum, index) => sum + (weights[index] ?? 0), 0);
  const inValue = cells.map((cell) => termsIn(question, cell.value, unit.language));
  // A record's shared path names its subject too ("response.headers" of "the response headers"), and its
  // document's name says what all its records are ("the countries data").
  const inPath = unit.recordPath
    ? termsIn(question, unit.recordPath.replace(/[._[\]"']+/g, " "), unit.language)
    : new Set<number>();
  const inName = termsIn(question, documentNameWords(unit.passage.documentName), unit.language);
  let best: {
    cell: Cell;
    held: Set<number>;
    subject: Set<number>;
    score: number;
    distance: number;
    extra: number;
    script: number;
  } | null = null;
  const questionScript = scriptOfText(question.text);
  for (const [i, cell] of cells.entries()) {
    if (cell.value.trim() === "") continue;
    // The row's subject is what its other cells say.
    const subjectTerms = new Set(inPath);
    for (const [j, held] of inValue.entries()) if (j !== i) for (const index of held) subjectTerms.add(index);
    // The subject weighs enough, or names this row alone among the rows given ("Kidwelly" in an incident log).
    const identifies = [...subjectTerms].some((index) => rowsHolding[index] === 1);
    if (subjectTerms.size === 0 || (weigh(subjectTerms) < MIN_SUBJECT_WEIGHT && !identifies)) continue;
    for (const index of inName) subjectTerms.add(index);
    const named = termsIn(question, cell.field, unit.language);
    for (const index of subjectTerms) named.delete(index);
    // "the monitor table" names the table, not its Monitor column.
    for (const index of named) if (question.terms[index]?.describesDocument) named.delete(index);
    // A cell repeating the question's words answers only for a field it names beyond them ("TOC": "Arriva Trains").
    const own = inValue[i] ?? new Set<number>();
    for (const index of own) named.delete(index);
    if (own.size > 0 && named.size === 0) continue;
    // A value that only says the question's words back ("Afghanistan" for the formal name of 阿富汗) tells nothing.
    if (own.size > 0 && onlyQuestionWords(question, cell.value, unit.language)) continue;
    const typed =
      named.size === 0 &&
      question.answerType !== null &&
      (hasAnswerType(cell.value, question.answerType) ||
        (question.answerType === "money" && AMOUNT_CELL.test(cell.value)) ||
        FIELD_NAMES_OF_KIND[question.answerType].test(cell.field));
    if (named.size === 0 && !typed) continue;
    // A field the question names outranks a cell that only holds the asked kind; such a cell holds the words that
    // only name that kind ("the date" next to Huber is a date).
    const score = weigh(named) + (named.size > 0 ? 1 : 0);
    // Among cells that only hold the asked kind, the one beside the subject, after it first ("DELL | 450").
    let distance = cells.length;
    for (const [j, held] of inValue.entries())
      if (j !== i && held.size > 0) distance = Math.min(distance, i > j ? i - j : j - i + 0.5);
    if (typed)
      for (const [index, term] of question.terms.entries())
        if (!subjectTerms.has(index) && namesAnswerKind(term.surface)) named.add(index);
    for (const index of own) named.add(index);
    // Then the field named most exactly: fewest words of its name the question does not say ("x-ratelimit-limit"
    // before "x-ratelimit-used" for "the rate limit").
    const extra = extraWords(question, cell.field, unit.language);
    // Then a value not written in another script than the question's: a row giving a name in several languages
    // answers a Chinese question with the Chinese one.
    const written = scriptOfText(cell.value);
    const script = written !== "" && written !== questionScript ? 0 : 1;
    if (
      !best ||
      score > best.score ||
      (score === best.score &&
        (extra < best.extra ||
          (extra === best.extra &&
            (script > best.script || (script === best.script && distance < best.distance)))))
    )
      best = { cell, held: named, subject: subjectTerms, score, distance, extra, script };
  }
  if (!best) return null;
  // The rest of its passage says what its records are ("the recorded response" of an API: `[0].response.items`,
  // "api.github.com"), as a labelled value is read with its document (labelled.ts); but not a word naming one of
  // this row's own fields ("brand"), which a cell must answer.
  const fields = new Set<number>();
  for (const cell of cells)
    for (const index of termsIn(question, cell.field, unit.language)) fields.add(index);
  const around = [...context].filter((index) => !fields.has(index));
  const coverage = weigh(new Set([...best.subject, ...best.held, ...around]));
  if (coverage < MIN_RECORD_COVERAGE) return null;
  const answerCell = best.cell;
  const subject = cells.filter((cell, i) => cell !== answerCell && (inValue[i]?.size ?? 0) > 0);
  return { unit, answer: answerCell, subject, coverage };
}

/** The record that answers the question best (highest coverage, then the better passage), or null. */
export function answerFromRecords(
  question: Question,
  weights: readonly number[],
  units: readonly Unit[],
): RecordAnswer | null {
  // Judged on the terms the passages hold: a word of the question found nowhere ("use") weighs nothing here, unless
  // such words are most of the question (then the passages are about something else). Held as matching holds them
  // (term-match.ts), in the units or their documents' names; a word naming the kind of answer is held by a cell of
  // that kind.
  const present = new Set<number>();
  const names = new Set<string>();
  for (const unit of units) {
    for (const index of termsHeld(question, unit.words, unit.language)) present.add(index);
    const name = unit.passage.documentName;
    if (names.has(name)) continue;
    names.add(name);
    for (const index of termsIn(question, documentNameWords(name), unit.language)) present.add(index);
  }
  if (question.answerType)
    for (const [index, term] of question.terms.entries())
      if (namesAnswerKind(term.surface)) present.add(index);
  const presentWeight = [...present].reduce((sum, index) => sum + (weights[index] ?? 0), 0);
  if (presentWeight < 1 - MAX_ABSENT_WEIGHT) return null;
  const scaled = weights.map((weight, index) => (present.has(index) ? weight / presentWeight : 0));
  const rowsHolding = question.terms.map(() => 0);
  for (const unit of units)
    if (unit.kind === "row")
      for (const [index, term] of question.terms.entries())
        if (unit.stems.has(term.stemIn(unit.language))) rowsHolding[index] = (rowsHolding[index] ?? 0) + 1;
  // The terms each passage holds, all its units together.
  const inPassage = new Map<Unit["passage"], Set<number>>();
  for (const unit of units) {
    const held = inPassage.get(unit.passage) ?? new Set<number>();
    for (const index of termsHeld(question, unit.words, unit.language)) held.add(index);
    inPassage.set(unit.passage, held);
  }
  let best: RecordAnswer | null = null;
  for (const unit of units) {
    if (unit.kind !== "row") continue;
    const answer = recordAnswerOf(
      question,
      scaled,
      unit,
      rowsHolding,
      inPassage.get(unit.passage) ?? new Set(),
    );
    if (answer && (!best || answer.coverage > best.coverage + 1e-9)) best = answer;
  }
  return best;
}
