// A question as matching sees it: its content terms, stemmed in each passage's language, and the kind of answer it asks for.
import { stemEnglish } from "../../../text-search/english-stemmer";
import { answerTypeOf } from "../answer-type";
import { SCAFFOLDING_WORDS } from "../question-terms";
import { detectQuestionLanguage, wordsOf } from "./language";

/**
 * Words that frame a request (question-terms.ts's), and words that point at the document rather than at what it
 * says ("listed in the spreadsheet", "the countries data"): neither is required of an answer.
 */
const SCAFFOLDING = new Set(
  `${SCAFFOLDING_WORDS} find list listed name named called call use used using given shown mentioned stated written
   doc document file files documents data dataset table tables sheet spreadsheet workbook record records row rows
   column columns cell cells entry entries page pdf beside besides alongside`
    .split(/\s+/)
    .map(stemEnglish),
);

export type QuestionTerm = {
  /** The word as asked. */
  surface: string;
  /** Its stem in a language: stemmed again for each passage's language. */
  stemIn: (language: string | null) => string;
};

export type Question = {
  text: string;
  language: string | null;
  terms: QuestionTerm[];
  answerType: ReturnType<typeof answerTypeOf>;
  /** Whether the question says "not", "never", ... */
  negated: boolean;
  /** Terms from this index on are borrowed from the conversation (a follow-up's subject): they rank, at a lower weight. */
  borrowedFrom: number;
};

const NEGATION = /\b(?:not|never|no|none|without|n't|cannot|nobody|nothing)\b/i;

/**
 * The question read in its own language, or in `fallback` (the best passage's) when too short to tell; `borrowed`
 * are the words a follow-up takes from its conversation (contextual-query.ts).
 */
export function readQuestion(
  text: string,
  fallback: string | null,
  borrowed: readonly string[] = [],
): Question {
  const language = detectQuestionLanguage(text) ?? fallback;
  const seen = new Set<string>();
  const terms: QuestionTerm[] = [];
  let borrowedFrom = Number.POSITIVE_INFINITY;
  // "listed next to Huber" says where, not what: "next" there is not a word to find.
  const own = wordsOf(text.replace(/\bnext to\b/gi, "beside"), language);
  const lent = wordsOf(borrowed.join(" "), language).map((word) => ({ ...word, lent: true }));
  for (const word of [...own.map((w) => ({ ...w, lent: false })), ...lent]) {
    if (word.lent && borrowedFrom === Number.POSITIVE_INFINITY) borrowedFrom = terms.length;
    if (word.stop || seen.has(word.stem)) continue;
    if ((language ?? "en") === "en" && SCAFFOLDING.has(word.stem)) continue;
    seen.add(word.stem);
    const surface = word.surface;
    const cache = new Map<string | null, string>([[language, word.stem]]);
    terms.push({
      surface,
      stemIn: (other) => {
        let stem = cache.get(other);
        if (stem === undefined) {
          stem = wordsOf(surface, other)[0]?.stem ?? surface.toLowerCase();
          cache.set(other, stem);
        }
        return stem;
      },
    });
  }
  return {
    text,
    language,
    terms,
    answerType: answerTypeOf(text),
    negated: NEGATION.test(text),
    borrowedFrom: Math.min(borrowedFrom, terms.length),
  };
}
