// How an answer of the real-file question set is judged (the API test and `npm run bench` share this):
//   - answered correctly: the answer holds one of the expected strings AND cites a passage of one of the question's
//     files. Compared after normalising case, whitespace, punctuation and Markdown escapes, and with citation
//     markers removed, as SQuAD's scorer does (twice: ASCII punctuation deleted, then any punctuation or symbol read
//     as a space; whole words, or a plain substring for scripts written without spaces such as Chinese).
//   - declined: the answer cites no source (the built-in responder's abstention, answer-rendering.ts).
//   - quoted spans supported: every part of the answer that ends with a citation marker must be found in that
//     marker's passage (see `claimsOf` and `supportedIn`).
import type { ChatMessage } from "@acp/contracts/chat";
import type { AnswerClass, AnswerSetQuestion, QuestionLanguage } from "./real-world-questions";

// ------------------------------------------------------------------------------------------------ normalising

/** Citation markers as answers show them: [1], [1, 2], [1-3], [1][2]; an escaped \[1\] is text. */
const MARKER_RE = /(?<!\\)\[\s*\d{1,3}(?:\s*(?:,|;|-|–|and)\s*\d{1,3})*\s*\]/g;
/** A Markdown backslash escape: a backslash before ASCII punctuation. */
const MARKDOWN_ESCAPE_RE = /\\([!-/:-@[-`{-~])/g;
const ASCII_PUNCTUATION_RE = /[!-/:-@[-`{-~]/g;
const ANY_PUNCTUATION_OR_SYMBOL_RE = /[\p{P}\p{S}]/gu;
/** Scripts written without spaces between words: an expected answer in them is matched as a plain substring. */
const UNSPACED_SCRIPT_RE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

export const unescapeMarkdown = (text: string): string => text.replace(MARKDOWN_ESCAPE_RE, "$1");
const collapse = (text: string): string => text.replace(/\s+/g, " ").trim();

/** The answer's words as a reader sees them: markers removed, Markdown escapes undone, whitespace collapsed. */
export function shownText(answer: string): string {
  return collapse(unescapeMarkdown(answer.replace(MARKER_RE, " ")));
}

/** The two comparison forms: ASCII punctuation deleted ("1,49" -> "149"), and any punctuation or symbol as a space. */
function forms(text: string): [string, string] {
  const lower = unescapeMarkdown(text).normalize("NFKC").toLowerCase();
  return [
    collapse(lower.replace(ASCII_PUNCTUATION_RE, "")),
    collapse(lower.replace(ANY_PUNCTUATION_OR_SYMBOL_RE, " ")),
  ];
}

/** Whether `text` holds `expected` after normalisation (whole words, or a substring in unspaced scripts). */
export function containsExpected(text: string, expected: string): boolean {
  const have = forms(shownText(text));
  const want = forms(expected);
  const unspaced = UNSPACED_SCRIPT_RE.test(expected);
  return want.some((w, i) => {
    if (!w) return false;
    const h = have[i] ?? "";
    return unspaced ? h.includes(w) : ` ${h} `.includes(` ${w} `);
  });
}

// ------------------------------------------------------------------------------------- quoted spans and support

export type Claim = {
  /** The text the answer attributes to the passage, as shown (escapes undone, Markdown marks and quotes removed). */
  text: string;
  /** The passage number of the marker that follows it. */
  number: number;
};

/** Markdown a quote may be wrapped in: bold/italic marks, code ticks, a blockquote or list prefix, quotation marks. */
function stripMarkup(line: string): string {
  return line
    .replace(/^\s*(?:>\s*)+/, "")
    .replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+/, "")
    .replace(/\*\*|__|`/g, "")
    .replace(/^\s*["'“”‘’«»„]+|["'“”‘’«»„]+\s*$/g, "")
    .trim();
}

/**
 * The parts of an answer that end with a citation marker, each with its passage number: the text between the
 * previous marker (or the start) and the marker, limited to its last block (a paragraph, a table, a list). The
 * answer format "short answer, then quoted evidence" puts the short answer in a block of its own: it is a claim
 * only when a marker follows it. A marker that cites several passages ([1, 2]) checks the part against each.
 */
export function claimsOf(answer: string, passageCount = Number.POSITIVE_INFINITY): Claim[] {
  const claims: Claim[] = [];
  let start = 0;
  for (const match of markersOf(answer, passageCount)) {
    const before = answer.slice(start, match.index);
    start = match.index + match.text.length;
    const blocks = before.split(/\n\s*\n/).filter((block) => block.trim() !== "");
    const block = blocks.at(-1);
    if (!block) continue;
    const lines = block
      .split("\n")
      .map((line) => stripMarkup(unescapeMarkdown(line)))
      .filter((line) => line !== "");
    const text = lines.join("\n");
    if (!text.replace(/[\s.,;:!?。，、；：！？]/g, "")) continue;
    for (const number of match.numbers) claims.push({ text, number });
  }
  return claims;
}

/**
 * The citation markers of an answer as the product reads them (services/chat/citations.ts): a bracketed number of a
 * passage it was given, not escaped and not link text; "[0]" or "[7]" of six passages is text ("items[0].title").
 */
function markersOf(
  answer: string,
  passageCount: number,
): { index: number; text: string; numbers: number[] }[] {
  const out: { index: number; text: string; numbers: number[] }[] = [];
  for (const match of answer.matchAll(MARKER_RE)) {
    const index = match.index ?? 0;
    if (answer[index + match[0].length] === "(") continue;
    const numbers = (match[0].match(/\d{1,3}/g) ?? []).map(Number).filter((n) => n >= 1 && n <= passageCount);
    if (numbers.length > 0) out.push({ index, text: match[0], numbers });
  }
  return out;
}

/**
 * The answer's text outside its claims: blocks (paragraphs, tables, lists) with no marker, such as the short answer
 * above the quoted evidence, less labels that state no fact ("Quoted in Polish:"). Issue 28 wants every word of an
 * answer taken from its cited passages; these are checked against all of them together (a figure, not a floor).
 */
export function unmarkedOf(answer: string, passageCount = Number.POSITIVE_INFINITY): string[] {
  return answer
    .split(/\n\s*\n/)
    .filter((block) => block.trim() !== "" && markersOf(block, passageCount).length === 0)
    .flatMap((block) => block.split("\n"))
    .map((line) => stripMarkup(unescapeMarkdown(line)))
    .filter((line) => line !== "" && !(line.endsWith(":") && isFramingLabel(line.slice(0, -1))));
}

/** The passage's text in the forms a quote may take of it: as is, and with words hyphenated across lines joined. */
function passageForms(passage: string): string[] {
  const plain = collapse(passage.normalize("NFC")).toLowerCase();
  const joined = collapse(
    passage.normalize("NFC").replace(/(\p{L})-\s*\n\s*(\p{Ll})/gu, "$1$2"),
  ).toLowerCase();
  return plain === joined ? [plain] : [plain, joined];
}

const foundIn = (piece: string, passage: readonly string[]) => {
  const p = collapse(piece.normalize("NFC")).toLowerCase();
  return p === "" || passage.some((form) => form.includes(p));
};

/** A table line's cells ("| a | b |" or "a | b" -> ["a", "b"]); null for a separator line ("| --- | --- |"). */
function cellsOf(line: string): string[] | null {
  const cells = line.split(/(?<!\\)\|/).map((cell) => cell.trim());
  if (cells.every((cell) => /^:?-{3,}:?$/.test(cell) || cell === "")) return null;
  return cells.filter((cell) => cell !== "");
}

/**
 * A label before a colon that states no fact of its own, only how the text below it is given: "Quoted in German",
 * "In Russian", "Answer", "Evidence", "Source" (no digit, at most 6 words). A field name ("Unit price") is not one: it
 * must be found in the passage like any other word.
 */
const isFramingLabel = (label: string): boolean =>
  /^(?:quoted?|quotation|evidence|source|(?:short )?answer|in|from|translated|original)\b/i.test(
    label.trim(),
  ) &&
  !/\d/.test(label) &&
  label.trim().split(/\s+/).length <= 6;

/**
 * Whether a claim is found in its passage (case and whitespace aside, words hyphenated across lines joined):
 *   - the claim whole; else each of its lines (a list, a table, a short answer above its quote), a line counting when
 *   - it is found whole; or
 *   - it is a table row (cells between "|"), each of its cells found in one line of the passage (the row re-rendered,
 *     empty cells dropped), or a table's separator line; or
 *   - it is "field: value" with the field and the value both found (a row read with its header, a JSON path), or a
 *     short label stating no fact ("Quoted in German: ...") before a supported line; or
 *   - it is "a; b" of supported pieces; or
 *   - it is several sentences (or pieces cut by an ellipsis), each found.
 */
export function supportedIn(claim: string, passage: string): boolean {
  const forms = passageForms(passage);
  if (foundIn(claim, forms)) return true;
  const passageLines = passage
    .split("\n")
    .map((line) => collapse(line.normalize("NFC")).toLowerCase())
    .filter((line) => line !== "");
  const inOneLine = (cells: readonly string[]) =>
    passageLines.some((line) =>
      cells.every((cell) => line.includes(collapse(cell.normalize("NFC")).toLowerCase())),
    );
  const lineSupported = (line: string): boolean => {
    if (foundIn(line, forms)) return true;
    if (/(?<!\\)\|/.test(line)) {
      const cells = cellsOf(line);
      if (cells === null || (cells.length > 0 && inOneLine(cells))) return true;
    }
    const field = /^([^:]{1,120}):\s+(.+)$/.exec(line);
    if (field?.[1] && field[2]) {
      if (foundIn(field[1], forms) && foundIn(field[2], forms)) return true;
      if (isFramingLabel(field[1]) && lineSupported(field[2])) return true;
    }
    const pieces = line.split(/;\s+/);
    if (pieces.length > 1 && pieces.every(lineSupported)) return true;
    const sentences = line
      .split(/(?<=[.!?。！？])\s+|\s*(?:…|\.\.\.)\s*/)
      .map((sentence) => stripMarkup(sentence))
      .filter((sentence) => sentence !== "");
    return sentences.length > 1 && sentences.every((sentence) => foundIn(sentence, forms));
  };
  return claim.split("\n").every(lineSupported);
}

// ------------------------------------------------------------------------------------------------- one answer

export type QuestionResult = {
  id: string;
  question: string;
  language: QuestionLanguage;
  classes: AnswerClass[];
  unanswerable: boolean;
  expected: string[];
  files: string[];
  /** The answer as stored (content), or the failure when the request did not answer. */
  answer: string;
  /** Names of the documents of the cited passages. */
  cited: string[];
  abstained: boolean;
  /** The answer holds an expected string (answerable questions). */
  hasExpected: boolean;
  /** A passage of one of the question's files is cited (answerable questions). */
  rightFile: boolean;
  /**
   * Answerable: the number of a given passage (cited or not) of one of the question's files that holds an expected
   * answer, or null when none does (retrieval did not bring it): tells a selection failure from a retrieval one.
   */
  answerIn: number | null;
  /** Answerable: hasExpected and rightFile. Unanswerable: abstained. */
  correct: boolean;
  spans: { text: string; number: number; supported: boolean }[];
  /** Text outside the claims (a short answer above the quotes), each line found in a cited passage or not. */
  unmarked: { text: string; supported: boolean }[];
  seconds: number;
  error?: string;
};

/** Judges one stored answer (POST /api/chat's `message`). */
export function judgeAnswer(q: AnswerSetQuestion, message: ChatMessage, seconds: number): QuestionResult {
  const cited = message.sources.filter((source) => source.cited);
  const abstained = cited.length === 0;
  const expected = q.unanswerable ? [] : q.expected;
  const files = q.unanswerable ? [] : q.files;
  const hasExpected = !abstained && expected.some((e) => containsExpected(message.content, e));
  const rightFile = cited.some((source) => files.includes(source.documentName));
  const holding = message.sources.find(
    (source) =>
      files.includes(source.documentName) && expected.some((e) => containsExpected(source.excerpt, e)),
  );
  const unmarked = abstained
    ? []
    : unmarkedOf(message.content, message.sources.length).map((text) => ({
        text,
        supported: cited.some((source) => supportedIn(text, source.excerpt)),
      }));
  const spans = claimsOf(message.content, message.sources.length).map((claim) => {
    const passage = message.sources.find((source) => source.number === claim.number);
    return { ...claim, supported: passage !== undefined && supportedIn(claim.text, passage.excerpt) };
  });
  return {
    id: q.id,
    question: q.question,
    language: q.language,
    classes: q.classes,
    unanswerable: q.unanswerable === true,
    expected,
    files,
    answer: message.content,
    cited: [...new Set(cited.map((source) => source.documentName))],
    abstained,
    hasExpected,
    rightFile,
    answerIn: holding?.number ?? null,
    correct: q.unanswerable ? abstained : hasExpected && rightFile,
    spans,
    unmarked,
    seconds,
    ...(message.status !== "complete" ? { error: `status ${message.status}: ${message.error ?? ""}` } : {}),
  };
}

/** A request that never produced an answer: wrong on every count. */
export function failedAnswer(q: AnswerSetQuestion, error: string, seconds: number): QuestionResult {
  return {
    id: q.id,
    question: q.question,
    language: q.language,
    classes: q.classes,
    unanswerable: q.unanswerable === true,
    expected: q.unanswerable ? [] : q.expected,
    files: q.unanswerable ? [] : q.files,
    answer: "",
    cited: [],
    abstained: false,
    hasExpected: false,
    rightFile: false,
    answerIn: null,
    correct: false,
    spans: [],
    unmarked: [],
    seconds,
    error,
  };
}

// -------------------------------------------------------------------------------------------------- the figures

export type Share = { part: number; whole: number };
export const ratio = ({ part, whole }: Share): number => (whole === 0 ? 1 : part / whole);
export const percent = (share: Share): string =>
  share.whole === 0 ? "-" : `${share.part}/${share.whole} (${(100 * ratio(share)).toFixed(1)} %)`;

export type AnswerSetFigures = {
  /** Answerable questions answered with an expected string and the right file cited. */
  answered: Share;
  /** Unanswerable questions declined (no source cited). */
  declined: Share;
  /** Claims (parts ending in a marker) found in their passage, over every answer. */
  spans: Share;
  /** Lines outside the claims (short answers) found in a cited passage, over answers that cite (no floor). */
  unmarked: Share;
  /** Answerable questions whose given passages (cited or not) include one of their files holding the answer. */
  retrieved: Share;
};

export function figuresOf(results: readonly QuestionResult[]): AnswerSetFigures {
  const answerable = results.filter((r) => !r.unanswerable);
  const unanswerable = results.filter((r) => r.unanswerable);
  const spans = results.flatMap((r) => r.spans);
  return {
    answered: { part: answerable.filter((r) => r.correct).length, whole: answerable.length },
    declined: { part: unanswerable.filter((r) => r.correct).length, whole: unanswerable.length },
    spans: { part: spans.filter((s) => s.supported).length, whole: spans.length },
    unmarked: {
      part: results.flatMap((r) => r.unmarked).filter((u) => u.supported).length,
      whole: results.flatMap((r) => r.unmarked).length,
    },
    retrieved: { part: answerable.filter((r) => r.answerIn !== null).length, whole: answerable.length },
  };
}

/** One question's result in a few lines: what was asked, what counts, what came back. */
export function describeResult(r: QuestionResult): string {
  const mark = r.correct ? "ok  " : "FAIL";
  const want = r.unanswerable
    ? "a refusal (no file covers this)"
    : `${r.expected.map((e) => JSON.stringify(e)).join(" or ")}, citing ${r.files.join(" or ")}`;
  const got = r.error
    ? `error: ${r.error}`
    : `${r.abstained ? "abstained" : `cited ${r.cited.join(", ")}`}: ${JSON.stringify(r.answer.slice(0, 500))}`;
  const where = r.answerIn === null ? "; no passage given holds it" : `; passage ${r.answerIn} holds it`;
  const why = r.correct
    ? ""
    : r.unanswerable
      ? " [answered although nothing answers]"
      : r.abstained
        ? ` [abstained${where}]`
        : !r.hasExpected && !r.rightFile
          ? ` [no expected answer, wrong file${where}]`
          : !r.hasExpected
            ? ` [no expected answer${where}]`
            : " [expected answer but not from the right file]";
  const unsupported = r.spans.filter((s) => !s.supported);
  const spanLines = [
    ...unsupported.map(
      (s) => `\n      unsupported span [${s.number}]: ${JSON.stringify(collapse(s.text).slice(0, 200))}`,
    ),
    ...r.unmarked
      .filter((u) => !u.supported)
      .map(
        (u) => `\n      unmarked text in no cited passage: ${JSON.stringify(collapse(u.text).slice(0, 200))}`,
      ),
  ];
  return `${mark} ${r.id} [${r.classes.join(", ") || "prose"}] ${JSON.stringify(r.question)}${why}\n      expected: ${want}\n      got: ${got}${spanLines.join("")}`;
}
