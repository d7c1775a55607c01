// The words of a question that carry its meaning: our analyzer's stems without stop words or chat scaffolding.
import { analyzeText } from "../../text-search/lexical-analyzer";

/**
 * Words that frame a request rather than say what it is about ("can you tell me", "please explain"). PostgreSQL's
 * english stop list already drops pronouns, auxiliaries and question words; these survive it yet match nothing a
 * document could answer with, so they are neither searched for nor required of an answer.
 */
export const SCAFFOLDING_WORDS =
  "tell know please explain describe say said give show would could might may must shall anything something " +
  "everything also like want think mean get regarding let thanks thank hi hello hey okay ok yes info many much";

/** Stems of SCAFFOLDING_WORDS as the analyzer produces them (so "explaining" and "explain" both drop). */
const SCAFFOLDING: ReadonlySet<string> = new Set(
  SCAFFOLDING_WORDS.split(" ").flatMap((word) => Object.keys(analyzeText(word).termCounts)),
);

/** A content word: its stem (what matching compares) and the word as written (what a search query repeats). */
export type ContentTerm = { stem: string; word: string };

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’._-]*[\p{L}\p{M}\p{N}]|[\p{L}\p{N}]/gu;

/** Content terms in order of first appearance, one per stem. */
export function contentTerms(text: string): ContentTerm[] {
  const seen = new Set<string>();
  const terms: ContentTerm[] = [];
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    for (const stem of Object.keys(analyzeText(word).termCounts)) {
      // A hyphenated word also yields its parts, which match "follow up" as well as "follow-up".
      if (seen.has(stem) || SCAFFOLDING.has(stem) || stem.includes("-")) continue;
      seen.add(stem);
      terms.push({ stem, word });
    }
  }
  return terms;
}
