// The shortest phrase of the chosen unit that answers: a table cell with its field name, a field's value, or the amount, date, name or place a sentence gives.

import { wordsOf } from "./language";
import type { Question } from "./question";
import { collapse, type Unit } from "./units";

/*
 * Every word of a short answer is a word of the unit it comes from (a cell's field name is its header's), so the
 * answer never says more than the passage. A sentence gives a short answer only for a question that asks for a kind
 * of thing (answer-type.ts) and only when the sentence holds one the question does not already say; otherwise the
 * quote alone answers.
 */

const MAX_SHORT_WORDS = 12;

const PATTERNS = {
  money: [
    /(?:[$€£¥₹]|\b(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY)\b)\s?\d[\d,.]*(?:\s?(?:thousand|million|billion|bn|m|k)\b)?|\d[\d,.]*\s?(?:[$€£¥₹]|(?:(?:thousand|million|billion)\s+)?(?:USD|EUR|GBP|JPY|CHF|CAD|AUD|INR|CNY|dollars?|euros?|pounds?|cents?|yen)\b)/giu,
  ],
  quantity: [
    /\d[\d,.]*(?:\s?%|\s+(?:per\s?cent|percent|thousand|million|billion|[\p{L}]+))?|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|dozen|half|quarter|double|twice)\b(?:\s+(?:an?\s+)?[\p{L}]+)?/giu,
  ],
  time: [
    /\b(?:(?:\d{1,2}\s+)?(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.?(?:\s+\d{1,2}(?:st|nd|rd|th)?)?,?(?:\s+\d{4})?)\b|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|thirty|sixty|ninety)[\s-]+(?:(?:business|working|calendar)\s+)?(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b|(?<!\d[–-])\b(?:1[0-9]|20)\d{2}s?\b(?![–-]\d)|\b\d{1,2}(?:st|nd|rd|th)\s+century\b/giu,
  ],
  person: [/\b\p{Lu}[\p{L}'’.-]+(?:\s+(?:(?:de|van|von|der|da|di|du|le|la|of)\s+)?\p{Lu}[\p{L}'’.-]+)*/gu],
  place: [/\b\p{Lu}[\p{L}'’.-]+(?:\s+(?:(?:de|of|the|upon|on)\s+)?\p{Lu}[\p{L}'’.-]+)*/gu],
} as const;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Whether the phrase only repeats the question (every word of it is a question's word). */
export function repeatsQuestion(phrase: string, question: Question, language: string | null): boolean {
  const asked = new Set(question.terms.map((term) => term.stemIn(language)));
  const words = wordsOf(phrase, language).filter((word) => !word.stop);
  return words.length > 0 && words.every((word) => asked.has(word.stem));
}

function shortFromCells(question: Question, unit: Unit): string | null {
  const cells = unit.cells ?? [];
  if (cells.length === 0) return null;
  const asked = (text: string) => {
    const stems = new Set(question.terms.map((term) => term.stemIn(unit.language)));
    return wordsOf(text, unit.language).some((word) => !word.stop && stems.has(word.stem));
  };
  // The column the question names whose value it does not already say ("price" of "the Pro plan").
  const named = cells.find((cell) => cell.field !== "" && asked(cell.field) && !asked(cell.value));
  const typed =
    named ??
    (question.answerType
      ? cells.find(
          (cell) =>
            !asked(cell.value) &&
            PATTERNS[question.answerType as keyof typeof PATTERNS].some((p) =>
              new RegExp(p.source, p.flags).test(cell.value),
            ),
        )
      : undefined);
  const cell = typed ?? (unit.kind === "field" ? cells[0] : undefined);
  if (!cell) return null;
  const value = collapse(cell.value);
  const text = cell.field ? `${collapse(cell.field)}: ${value}` : value;
  return wordCount(text) <= MAX_SHORT_WORDS * 2 ? text : null;
}

/**
 * The phrases of `text` that are an answer of the asked kind and that the question does not already say, in order
 * (an amount, a date, a name, a place).
 */
export function newPhrasesOfType(question: Question, text: string, language: string | null): string[] {
  return placedPhrasesOfType(question, text, language).map((placed) => placed.phrase);
}

/** The spans of `text` that are dates or times ("March 10, 2019"): a number inside one is not an amount. */
function dateSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  for (const pattern of PATTERNS.time)
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags)))
      if (/\p{L}|[/:-]\d/u.test(match[0])) spans.push([match.index, match.index + match[0].length]);
  return spans;
}

/** newPhrasesOfType's phrases with where each starts in `text`. */
function placedPhrasesOfType(
  question: Question,
  text: string,
  language: string | null,
): { phrase: string; index: number }[] {
  const type = question.answerType;
  if (!type) return [];
  const phrases: { phrase: string; index: number }[] = [];
  const dates = type === "quantity" ? dateSpans(text) : [];
  for (const pattern of PATTERNS[type]) {
    for (const match of text.matchAll(new RegExp(pattern.source, pattern.flags))) {
      // "10" of "March 10, 2019" is a day, not how many.
      if (dates.some(([start, end]) => match.index >= start && match.index < end)) continue;
      // Nor is "737" of a model "737–8" or of a docket "2018–23–51": a number joined to another by a dash.
      if (
        type === "quantity" &&
        (/^[–-]\d/.test(text.slice(match.index + match[0].trimEnd().length)) ||
          /\d[–-]$/.test(text.slice(Math.max(0, match.index - 2), match.index)))
      )
        continue;
      // A capitalised function word opening the sentence is not part of a name ("For Boeing" is "Boeing").
      const phrase = match[0]
        .trim()
        .replace(/[,.;:]+$/, "")
        .replace(
          /^(?:For|The|In|On|At|By|From|To|Of|And|But|As|If|When|After|Before|During|Since|With|A|An)\s+/u,
          "",
        );
      if (phrase === "" || wordCount(phrase) > MAX_SHORT_WORDS) continue;
      // A capitalised word that opens the sentence is not a name by that alone.
      if ((type === "person" || type === "place") && match.index === 0 && wordCount(phrase) === 1) continue;
      if (question.text.includes(phrase) || repeatsQuestion(phrase, question, language)) continue;
      phrases.push({ phrase, index: match.index });
    }
  }
  return phrases;
}

function shortFromSentence(question: Question, unit: Unit): string | null {
  const phrases = placedPhrasesOfType(question, unit.quote, unit.language);
  // A computation's result is what it gives: the amount after its last "=" ("40 × $85 = $3,400").
  const equals = unit.quote.lastIndexOf("=");
  const result = equals >= 0 ? phrases.find((placed) => placed.index > equals) : undefined;
  return (result ?? phrases[0])?.phrase ?? null;
}

/** The short answer to lead with, or null when the quote alone answers. */
export function shortAnswerOf(question: Question, unit: Unit): string | null {
  if (unit.kind === "row" || unit.kind === "field") return shortFromCells(question, unit);
  return shortFromSentence(question, unit);
}
