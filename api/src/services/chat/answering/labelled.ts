// Answers from a labelled value ("Fax: 202-493-2251", "Termin płatności: 2021-05-03", "DATES: ... by September 21"):
// the label names what is asked, and the passage around it names whose it is.
import { FIELD_NAMES_OF_KIND, hasAnswerType, namesAnswerKind } from "../answer-type";
import type { Question } from "./question";
import { repeatsQuestion } from "./short-answer";
import { termsIn } from "./term-match";
import { collapse, documentNameWords, type Unit } from "./units";

/*
 * Forms, invoices, notices and rules documents state their facts as "Label: value", and the label is the word the
 * question asks with ("fax", "contact", "termin płatności"), while whose fax or which invoice is said once, in the
 * heading, elsewhere in the document or in its name. So a labelled unit is judged on three parts: its label must
 * hold a term of the question (or name the kind of answer asked for, "DATES" for a deadline, when its value holds
 * one); its value must say something the question does not; and the label, the value, the passages of its document
 * given and its name together must hold MIN_COVERAGE of the question's weight. A question about a topic no passage covers is not
 * answered here: much of its weight is in words no passage holds.
 */

const MIN_COVERAGE = 0.7;
/** The label's own terms must weigh this much: it names what is asked, not only the subject. */
const MIN_LABEL_WEIGHT = 0.1;
/** A label is a short phrase: at most this many words ... */
const MAX_LABEL_WORDS = 6;
/** ... and this many characters. */
const MAX_LABEL_CHARS = 60;
/** A short answer (the label and its value) of at most this many words. */
const MAX_SHORT_WORDS = 16;

export type LabelledAnswer = {
  unit: Unit;
  label: string;
  /** The value up to the next label on the same line ("2021-05-03" of "2021-05-03 Metoda płatności: przelew"). */
  value: string;
  coverage: number;
};

/** "Label: value" at the start of a unit: the label a short phrase, not a clock time, a URL or a sentence. */
function splitLabel(quote: string): { label: string; value: string } | null {
  const match = /^([^:：]{1,60}?)\s*[:：]\s+(\S[\s\S]*)$/u.exec(quote);
  if (!match) return null;
  const label = (match[1] ?? "").trim();
  const value = (match[2] ?? "").trim();
  if (!label || label.length > MAX_LABEL_CHARS || label.split(/\s+/).length > MAX_LABEL_WORDS) return null;
  // Not a clock time, a URL, a sentence or an aside: "The Normans (Norman: Nourmands" is not a label.
  if (/\d$|https?$|[.!?;,[\]{}"“”«»]/u.test(label) || !/^\p{L}/u.test(label)) return null;
  if ((label.match(/\(/g) ?? []).length !== (label.match(/\)/g) ?? []).length) return null;
  // A label starts as a heading does, with a capital (or a letter of a script without case): "certify that the
  // proposed regulation:" is the middle of a sentence.
  if (/^\p{Ll}/u.test(label)) return null;
  return { label, value };
}

/** A heading on a line of its own ("Nabywca", "Seller") is the label of the lines under it. */
function headingAndValue(unit: Unit): { label: string; value: string } | null {
  const label = unit.heading ? collapse(unit.heading) : "";
  if (label === "" || !unit.quote.startsWith(label)) return null;
  const value = unit.quote.slice(label.length).trim();
  return value === "" ? null : { label, value };
}

/** The value up to where the next "Label:" on the same line starts. */
function valueUntilNextLabel(value: string): string {
  const next = /\s(?:\p{Lu}[\p{L}\p{M}.-]*(?:\s[\p{L}\p{M}.-]+){0,3})\s*[:：]\s/u.exec(value);
  const cut = next ? value.slice(0, next.index) : value;
  return collapse(cut).replace(/[,;]$/, "");
}

/** The labelled unit that answers best (highest coverage, then the better passage), or null. */
export function answerFromLabels(
  question: Question,
  weights: readonly number[],
  units: readonly Unit[],
): LabelledAnswer | null {
  const weigh = (held: ReadonlySet<number>) =>
    [...held].reduce((sum, index) => sum + (weights[index] ?? 0), 0);
  // What the passages of each document given hold, with its name: the context a label's value is read in.
  const documentText = new Map<string, string>();
  for (const unit of units) {
    const name = unit.passage.documentName;
    const known = documentText.get(name) ?? `${documentNameWords(name)}\n`;
    if (!known.includes(unit.passage.text)) documentText.set(name, `${known}\n${unit.passage.text}`);
  }
  const contextOf = new Map<string, Set<number>>();
  let best: (LabelledAnswer & { labelWeight: number }) | null = null;
  for (const unit of units) {
    if (unit.kind === "row" || (!unit.opensWithLabel && !unit.heading)) continue;
    const parts = unit.opensWithLabel ? splitLabel(unit.quote) : headingAndValue(unit);
    if (!parts) continue;
    const value = valueUntilNextLabel(parts.value);
    if (!value) continue;
    const inLabel = termsIn(question, parts.label, unit.language);
    const type = question.answerType;
    if (type && !hasAnswerType(value, type)) continue;
    if (type && FIELD_NAMES_OF_KIND[type].test(parts.label))
      for (const [index, term] of question.terms.entries())
        if (namesAnswerKind(term.surface)) inLabel.add(index);
    const labelWeight = weigh(inLabel);
    if (labelWeight < MIN_LABEL_WEIGHT) continue;
    const inValue = termsIn(question, value, unit.language);
    // The value must say something the question does not.
    if (repeatsQuestion(value, question, unit.language)) continue;
    const name = unit.passage.documentName;
    let context = contextOf.get(name);
    if (!context) {
      context = termsIn(question, documentText.get(name) ?? "", unit.language);
      contextOf.set(name, context);
    }
    const coverage = weigh(new Set([...inLabel, ...inValue, ...context]));
    if (coverage < MIN_COVERAGE) continue;
    if (
      !best ||
      labelWeight > best.labelWeight + 1e-9 ||
      (Math.abs(labelWeight - best.labelWeight) <= 1e-9 && coverage > best.coverage + 1e-9)
    )
      best = { unit, label: parts.label, value, coverage, labelWeight };
  }
  if (!best) return null;
  const { labelWeight: _labelWeight, ...answer } = best;
  return answer;
}

/** The short answer of a labelled unit: "Label: value" when short, else null (the quote answers). */
export function labelledShortAnswer(answer: LabelledAnswer): string | null {
  const text = `${collapse(answer.label)}: ${answer.value}`;
  return text.split(/\s+/).length <= MAX_SHORT_WORDS ? text : null;
}
