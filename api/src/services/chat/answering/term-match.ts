// Which of a question's terms a piece of text holds: by stem, as the compound or the acronym documents write for
// several of them ("rate limit" in "x-ratelimit-limit", "train operating company" as "TOC"), and, in a passage of
// another language, as the same name or international word there (cross-language.ts).
import { formsAcrossLanguages, sameAcrossLanguages, skeleton } from "./cross-language";
import { type Word, wordsOf } from "./language";
import type { Question } from "./question";

/*
 * Tables, headers and JSON keys name things tersely: a column is "TOC" for "train operating company", a header
 * "x-ratelimit-limit" for "the rate limit". So besides a term's own stem, a run of two to four consecutive question
 * terms is held by a word that spells them joined ("ratelimit") or by an acronym of their initials (three to five
 * capitals, "TOC"): every term of the run is then held.
 */

const MAX_RUN = 4;
/** An acronym as written: three to five capitals (two-letter ones, "US", "AD", are too often something else). */
const ACRONYM = /^\p{Lu}{3,5}$/u;
/** Numbers match as written, never as cognates. */
const NUMERIC = /^[\d.,:/-]+$/u;

/** The indexes of the question's terms that `words` (read in `language`) hold. */
export function termsHeld(question: Question, words: readonly Word[], language: string | null): Set<number> {
  const stems = new Set<string>();
  const joined = new Set<string>();
  const acronyms = new Set<string>();
  for (const word of words) {
    if (!word.stop) stems.add(word.stem);
    const lower = word.surface.toLowerCase();
    if (lower.length >= 6) joined.add(lower.replace(/[-_]/g, ""));
    if (ACRONYM.test(word.surface)) acronyms.add(lower);
  }
  const held = new Set<number>();
  const { terms } = question;
  for (const [index, term] of terms.entries()) if (stems.has(term.stemIn(language))) held.add(index);
  if (question.language && language && question.language !== language && held.size < terms.length) {
    // Language detection misreads short or mixed text (a table of country names read as Spanish): the words are
    // also read in the question's language, then as names and cognates.
    const again = wordsOf(words.map((word) => word.surface).join(" "), question.language);
    const restemmed = new Set(again.filter((word) => !word.stop).map((word) => word.stem));
    for (const [index, term] of terms.entries())
      if (restemmed.has(term.stemIn(question.language))) held.add(index);
    if (held.size < terms.length) holdAcrossLanguages(question, words, held);
  }
  if (joined.size === 0 && acronyms.size === 0) return held;
  for (let start = 0; start + 1 < terms.length; start += 1) {
    let spelled = "";
    let initials = "";
    for (let end = start; end < Math.min(terms.length, start + MAX_RUN); end += 1) {
      const surface = (terms[end]?.surface ?? "").toLowerCase();
      spelled += surface;
      initials += surface.charAt(0);
      if (end === start) continue;
      if (joined.has(spelled) || acronyms.has(initials))
        for (let index = start; index <= end; index += 1) held.add(index);
    }
  }
  return held;
}

/** Adds the terms that `words`, in another language than the question's, hold as names or cognates. */
function holdAcrossLanguages(question: Question, words: readonly Word[], held: Set<number>): void {
  const written = new Set<string>();
  for (const word of words)
    if (!word.stop && !NUMERIC.test(word.surface)) written.add(skeleton(word.surface));
  if (written.size === 0) return;
  for (const [index, term] of question.terms.entries()) {
    if (held.has(index) || NUMERIC.test(term.surface)) continue;
    const forms = formsAcrossLanguages(term.surface);
    search: for (const form of forms)
      for (const skeletonWritten of written)
        if (sameAcrossLanguages(form, skeletonWritten)) {
          held.add(index);
          break search;
        }
  }
}

/** The indexes of the question's terms that `text` holds. */
export function termsIn(question: Question, text: string, language: string | null): Set<number> {
  return termsHeld(question, wordsOf(text, language), language);
}
