// The built-in responder's whole answer and its trace: the short answer, the quoted evidence with its marker, or the "not found".
import type { AnswerTrace } from "@acp/contracts/chat";
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { answerFromLabels, labelledShortAnswer } from "./labelled";
import { languageName, wordsOf } from "./language";
import { answerFromRecords, type RecordAnswer } from "./records";
import { type Judged, type Selection, type SelectorModel, selectAnswer } from "./selector";
import { shortAnswerOf } from "./short-answer";
import { fitQuote, MAX_ANSWER_WORDS } from "./trim";
import { type Cell, collapse } from "./units";

/*
 * How an answer reads (plain text: API callers read it as it is, the browser renders it as Markdown, and nothing is
 * escaped):
 *
 *     <short answer>                      only when one is found (short-answer.ts)
 *
 *     <quoted unit> [n]                   the unit as written in passage n (a row: its cells joined by " | ")
 *     <a second unit of passage n> [n]    only when it is judged almost as likely to answer
 *
 * and, when the quote's language is not the question's, a first line "Quoted in <language>:". Every word of the
 * answer is checked against the cited passages after composing (wordsOutsidePassages); a short answer that fails
 * the check is left out, and the quote always passes since it is the passage's own text.
 */

export const NOT_FOUND_ANSWER =
  "I couldn't find this in the agent's knowledge. Try rephrasing the question, or add a document that covers it.";

/** A second unit is quoted when its probability is at least this share of the best one's ... */
const SECOND_UNIT_SHARE = 0.9;
/** ... it comes from the same passage, and both together stay within this many words. */
const SECOND_UNIT_MAX_WORDS = 45;
/** Passages listed in a trace, and characters of a unit quoted there. */
const TRACE_UNIT_CHARS = 300;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;
const round = (value: number) => Math.round(value * 1000) / 1000;

export type Composed = { content: string; abstained: boolean; trace: AnswerTrace };

/** The "not found" naming the documents searched when some of them at least touched the question. */
function abstention(touched: readonly string[]): string {
  const names = [...new Set(touched)].slice(0, 3).map(collapse);
  if (names.length === 0) return NOT_FOUND_ANSWER;
  const quoted = names.map((name) => `“${name}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
  return `I couldn't find this in the agent's knowledge. I looked through ${list}, but ${
    names.length === 1 ? "it doesn't" : "they don't"
  } answer this question. Try rephrasing it, or add a document that covers it.`;
}

/** The words of `text` that no cited passage holds (case-insensitive, as written): empty when the text is grounded. */
export function wordsOutsidePassages(text: string, passages: readonly GroundingPassage[]): string[] {
  const known = new Set<string>();
  for (const passage of passages)
    for (const word of wordsOf(passage.text, null)) known.add(word.surface.toLowerCase());
  return wordsOf(text, null)
    .map((word) => word.surface.toLowerCase())
    .filter((word) => !known.has(word));
}

function traceOf(
  selection: Selection,
  passages: readonly GroundingPassage[],
  chosen: readonly Judged[],
  shortAnswer: string | null,
  outcome: AnswerTrace["outcome"],
): AnswerTrace {
  const held = new Set<number>();
  for (const unit of chosen) for (const index of unit.held) held.add(index);
  const { question } = selection;
  const termWeights = selection.termWeights;
  const answering = new Set(chosen.map((unit) => unit.unit.passage.number));
  const bestOf = new Map<number, Judged>();
  for (const judged of selection.judged) {
    const number = judged.unit.passage.number;
    if (!bestOf.has(number)) bestOf.set(number, judged);
  }
  const top = selection.judged[0];
  return {
    responder: "extractive",
    outcome,
    answerType: question.answerType,
    questionLanguage: question.language,
    terms: question.terms.map((term, index) => ({
      term: term.surface,
      weight: round(termWeights[index] ?? 0),
      found: held.has(index),
    })),
    passages: passages.map((passage) => {
      const best = bestOf.get(passage.number);
      return {
        number: passage.number,
        documentName: passage.documentName,
        relevance: round(passage.relevance),
        score: round(best?.probability ?? 0),
        answers: answering.has(passage.number),
        bestUnit: best ? best.unit.quote.slice(0, TRACE_UNIT_CHARS) : null,
      };
    }),
    chosen: chosen.map((judged) => ({
      number: judged.unit.passage.number,
      kind: judged.unit.kind,
      text: judged.unit.quote.slice(0, TRACE_UNIT_CHARS),
      score: round(judged.probability),
    })),
    shortAnswer,
    abstention:
      outcome === "answered"
        ? null
        : {
            best:
              top && top.coverage > 0
                ? {
                    number: top.unit.passage.number,
                    text: top.unit.quote.slice(0, TRACE_UNIT_CHARS),
                    score: round(top.probability),
                  }
                : null,
            reason: selection.reason ?? "The agent's knowledge holds no passage to search.",
          },
  };
}

/** The answer to `question` from `passages` (numbered as their markers), and why. */
export function composeAnswer(
  question: string,
  passages: readonly GroundingPassage[],
  borrowed: readonly string[] = [],
  selector?: SelectorModel,
): Composed {
  const selection = selectAnswer(question, passages, borrowed, selector);
  if (passages.length === 0) {
    return {
      content: NOT_FOUND_ANSWER,
      abstained: true,
      trace: traceOf(selection, passages, [], null, "no-passages"),
    };
  }
  const record = answerFromRecords(
    selection.question,
    selection.termWeights,
    selection.judged.map((judged) => judged.unit),
  );
  const labelled = answerFromLabels(
    selection.question,
    selection.termWeights,
    selection.judged.map((judged) => judged.unit),
  );
  // A record and a labelled value both answering: the one holding more of the question, then the better passage.
  const recordFirst =
    record &&
    (!labelled ||
      record.coverage > labelled.coverage + 1e-9 ||
      (Math.abs(record.coverage - labelled.coverage) <= 1e-9 && record.unit.rank <= labelled.unit.rank));
  if (record && recordFirst && (!selection.best || record.coverage >= selection.best.coverage)) {
    return composeFromRecord(selection, passages, record);
  }
  const labelledJudged =
    labelled && (!selection.best || labelled.coverage >= selection.best.coverage)
      ? selection.judged.find((judged) => judged.unit === labelled.unit)
      : undefined;
  const best = labelledJudged ?? selection.best;
  if (!best) {
    const touched = selection.judged
      .filter((judged) => judged.coverage > 0)
      .map((judged) => judged.unit.passage.documentName);
    return {
      content: abstention(touched),
      abstained: true,
      trace: traceOf(selection, passages, [], null, "abstained"),
    };
  }
  const chosen: Judged[] = [best];
  const second = selection.eligible.find(
    (judged) =>
      !labelledJudged &&
      judged !== best &&
      !judged.unit.quote.includes(best.unit.quote) &&
      !best.unit.quote.includes(judged.unit.quote) &&
      judged.unit.passage === best.unit.passage &&
      judged.unit.quote !== best.unit.quote &&
      judged.probability >= best.probability * SECOND_UNIT_SHARE,
  );
  if (second && wordCount(best.unit.quote) + wordCount(second.unit.quote) <= SECOND_UNIT_MAX_WORDS)
    chosen.push(second);

  const cited = [best.unit.passage];
  let shortAnswer =
    labelledJudged && labelled ? labelledShortAnswer(labelled) : shortAnswerOf(selection.question, best.unit);
  if (
    shortAnswer &&
    (collapse(shortAnswer) === best.unit.quote || wordsOutsidePassages(shortAnswer, cited).length > 0)
  )
    shortAnswer = null;
  const marker = `[${best.unit.passage.number}]`;
  const lines: string[] = [];
  const quoteLanguage = best.unit.language;
  if (
    selection.question.language &&
    quoteLanguage &&
    quoteLanguage !== selection.question.language &&
    (best.unit.kind === "sentence" || best.unit.kind === "line")
  )
    lines.push(`Quoted in ${languageName(quoteLanguage)}:`);
  if (shortAnswer) lines.push(shortAnswer);
  // At most MAX_ANSWER_WORDS words: the second unit goes first, then the quote is cut to its clauses that answer.
  const budget = MAX_ANSWER_WORDS - wordCount(lines.join(" "));
  if (chosen.length > 1 && chosen.reduce((sum, judged) => sum + wordCount(judged.unit.quote), 0) > budget)
    chosen.pop();
  chosen.sort((a, b) => a.unit.order - b.unit.order);
  for (const judged of chosen) {
    const keep = shortAnswer && judged.unit.quote.includes(shortAnswer) ? shortAnswer : null;
    const quote = fitQuote(judged.unit.quote, selection.question, judged.unit.language, budget, keep);
    lines.push(`${quote} ${marker}`);
  }
  return {
    content: lines.join("\n\n"),
    abstained: false,
    trace: traceOf(selection, passages, chosen, shortAnswer, "answered"),
  };
}

/** Subject cells quoted beside the answering cell. */
const MAX_SUBJECT_CELLS = 2;

/** "field: value" as the passage names them (a JSON record's cells keep their full paths there). */
const fieldText = (cell: Cell) =>
  cell.field ? `${collapse(cell.field)}: ${collapse(cell.value)}` : collapse(cell.value);

/** The answer from a record: the answering cell with its field, then the row's subject and that cell, cited. */
function composeFromRecord(
  selection: Selection,
  passages: readonly GroundingPassage[],
  record: RecordAnswer,
): Composed {
  const { unit } = record;
  const quotedOf = (cell: Cell) => {
    const index = unit.cells?.indexOf(cell) ?? -1;
    return (index >= 0 ? unit.quoted?.[index] : undefined) ?? cell;
  };
  const shortAnswer = fieldText(record.answer);
  const evidence = [...record.subject.slice(0, MAX_SUBJECT_CELLS), record.answer].map((cell) =>
    fieldText(quotedOf(cell)),
  );
  const judged = selection.judged.find((candidate) => candidate.unit === unit);
  const chosen: Judged[] = judged ? [{ ...judged, probability: record.coverage }] : [];
  const trace = traceOf(selection, passages, chosen, shortAnswer, "answered");
  trace.chosen = [
    {
      number: unit.passage.number,
      kind: "row",
      text: evidence.join("; ").slice(0, TRACE_UNIT_CHARS),
      score: round(record.coverage),
    },
  ];
  return {
    content: `${shortAnswer}\n\n${evidence.join("; ")} [${unit.passage.number}]`,
    abstained: false,
    trace,
  };
}
