// A question as matching sees it: its content terms, stemmed in each passage's language, and the kind of answer it asks for.
import { stemEnglish } from "../../../text-search/english-stemmer";
import { answerTypeOf } from "../answer-type";
import { SCAFFOLDING_WORDS } from "../question-terms";
import { detectQuestionLanguage, wordsOf } from "./language";

/**
 * Words that frame a request (question-terms.ts's), and words that point at the document rather than at what it
 * says ("listed in the spreadsheet", "the countries data"): neither is required of an answer.
 */
/** Words for a document (any language's "PDF", "file", "table", "sheet" that the scaffolding list names in English). */
const DOCUMENT_WORDS =
  /^(?:doc|docs|document|documents|file|files|pdf|pdfs|table|tables|sheet|sheets|spreadsheet|spreadsheets|workbook|data|dataset|deck|slides|report|notice|invoice|csv|json|xlsx?|docx?)$/i;

const GREETING = /^(?:hi|hello|hey)$/i;

/**
 * The same framing in the other languages we read, as written: the question words their stop lists keep ("Jaka",
 * "Quelle", "Какая") and the verbs that point at the document rather than at what it says ("citée", "erwähnt",
 * "указана"), like the English scaffolding's "listed", "mentioned", "given", "shown".
 */
const FOREIGN_SCAFFOLDING = new Set(
  `quel quelle quels quelles lequel laquelle lesquels lesquelles cité citée cités citées mentionné mentionnée
   mentionnés mentionnées indiqué indiquée indiqués indiquées
   welche welcher welches welchen welchem erwähnt erwähnte genannt genannte angegeben angegebene aufgeführt
   cuál cuáles mencionado mencionada citado citada indicado indicada
   quale quali citato citata citati menzionato menzionata indicato indicata
   qual quais mencionado mencionada citado citada indicado indicada
   jaki jaka jakie jakiego jakiej jakim który która które którego wymieniony wymieniona wymienione podany podana podane
   какой какая какое какие каков какова каково каковы упомянут упомянута упомянуто указан указана указано назван названа
   какъв каква какво какви кой коя кое кои споменат спомената споменато посочен посочена посочено`
    .split(/\s+/)
    .filter(Boolean),
);

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
  /**
   * Whether it describes the document asked about rather than what is asked ("the multilingual PDF", "the monitor
   * table"): a word right before a word for a document. Such a word no passage holds is not held against an answer.
   */
  describesDocument: boolean;
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
  // Words right before a word for a document ("multilingual" of "the multilingual PDF").
  const describing = new Set<number>();
  for (const [index, word] of own.entries()) {
    const next = own[index + 1];
    if (next && DOCUMENT_WORDS.test(next.surface) && !word.stop) describing.add(index);
  }
  const lent = wordsOf(borrowed.join(" "), language).map((word) => ({ ...word, lent: true }));
  for (const word of [
    ...own.map((w, index) => ({ ...w, lent: false, describes: describing.has(index) })),
    ...lent.map((w) => ({ ...w, describes: false })),
  ]) {
    if (word.lent && borrowedFrom === Number.POSITIVE_INFINITY) borrowedFrom = terms.length;
    if (word.stop || seen.has(word.stem)) continue;
    // A greeting opens a question ("Hello, what is ..."); elsewhere it is asked about ("Hello World").
    if (
      (language ?? "en") === "en" &&
      SCAFFOLDING.has(word.stem) &&
      (!GREETING.test(word.surface) || word.index === own[0]?.index)
    )
      continue;
    if ((language ?? "en") !== "en" && FOREIGN_SCAFFOLDING.has(word.surface.toLowerCase())) continue;
    seen.add(word.stem);
    const surface = word.surface;
    const cache = new Map<string | null, string>([[language, word.stem]]);
    terms.push({
      surface,
      describesDocument: word.describes,
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
