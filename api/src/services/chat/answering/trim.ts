// A quote too long to read at a glance, cut to its clauses that hold the question's words (and the short answer).
import { wordsOf } from "./language";
import type { Question } from "./question";

/*
 * An answer is read at a glance: at most MAX_ANSWER_WORDS words. A sentence of seventy words (a Wikipedia sentence
 * listing models, dynasties, regions) is cut to the run of its clauses, as written and in order, that holds the most
 * of the question's words within what is left of that length, and always the short answer the answer leads with when
 * it comes from this quote. Clauses end at a comma, a semicolon, a colon or a dash, so what is quoted is still a
 * piece of the passage word for word. A quote without such boundaries is left whole.
 */

export const MAX_ANSWER_WORDS = 60;

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The quote's clauses, each with the punctuation that ends it. */
function clausesOf(quote: string): string[] {
  return quote.match(/[^,;:—–]+(?:[,;:—–]+|$)/gu)?.filter((clause) => clause.trim() !== "") ?? [quote];
}

/**
 * `quote` cut to at most `budget` words (whole clauses, the ones holding most of the question's terms), or the quote
 * itself when it fits or cannot be cut so.
 */
export function fitQuote(
  quote: string,
  question: Question,
  language: string | null,
  budget: number,
  keep: string | null,
): string {
  if (wordCount(quote) <= budget) return quote;
  const clauses = clausesOf(quote);
  if (clauses.length < 2) return quote;
  const asked = new Set(question.terms.map((term) => term.stemIn(language)));
  const hits = clauses.map((clause) => {
    const stems = new Set(wordsOf(clause, language).map((word) => word.stem));
    let count = 0;
    for (const stem of stems) if (asked.has(stem)) count += 1;
    return count;
  });
  const sizes = clauses.map(wordCount);
  let best: { from: number; to: number; hits: number } | null = null;
  for (let from = 0; from < clauses.length; from += 1) {
    let words = 0;
    let held = 0;
    for (let to = from; to < clauses.length; to += 1) {
      words += sizes[to] ?? 0;
      held += hits[to] ?? 0;
      if (words > budget) break;
      const text = clauses.slice(from, to + 1).join("");
      if (keep && !text.includes(keep)) continue;
      if (!best || held > best.hits) best = { from, to, hits: held };
    }
  }
  if (!best || best.hits === 0) return quote;
  return clauses
    .slice(best.from, best.to + 1)
    .join("")
    .trim()
    .replace(/[,;:—–]+$/u, "");
}
