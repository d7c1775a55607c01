// Splits a retrieved passage into the units an extractive answer may quote: sentences, bullet items, table rows, fields.

/**
 * What a unit is:
 * - `prose`: a sentence of running text (line-wrapped PDF text included), or a bullet item's sentence;
 * - `field`: a `Label: value` line in a block of such lines (a table row split into fields, a form);
 * - `row` / `header`: a Markdown table row as our chunker renders tables (`| a | b |`), the first of a run being
 *   the header the rows are read with;
 * - `heading`: a title line, kept apart so it does not glue itself to the next sentence, never quoted on its own;
 * - `fragment`: a sentence cut by the passage's edge (chunks overlap and start mid-sentence), never quoted.
 */
type SentenceKind = "prose" | "field" | "row" | "header" | "heading" | "fragment";

export type PassageSentence = {
  kind: SentenceKind;
  /** The unit as it stands in the passage (trimmed; line breaks inside it kept). */
  text: string;
  /** Offsets in the passage text: `passage.slice(start, end) === text`. */
  start: number;
  end: number;
  /** For a row: its table's header row. */
  header?: string;
};

/** Words whose trailing period does not end a sentence (lowercase, without that period). */
const ABBREVIATIONS = new Set(
  (
    "mr mrs ms dr prof sr jr st mt ft vs etc e.g i.e cf al approx appx est no nos fig figs vol vols pp p para sec " +
    "art ch eq ref dept univ inc ltd co corp llc plc bros jan feb mar apr jun jul aug sep sept oct nov dec mon " +
    "tue tues wed thu thur thurs fri sat sun a.m p.m u.s u.k u.n e.u blvd ave rd hwy min max tel ext op ed eds " +
    "gen gov lt col sgt capt cmdr rev hon pres no. approx. ca"
  ).split(" "),
);

const TERMINATORS = new Set([".", "!", "?", "…"]);
/** Scripts that end sentences with full-width marks and no space after them. */
const FULL_WIDTH_TERMINATORS = new Set(["。", "！", "？"]);
const CLOSERS = new Set([")", "]", '"', "'", "”", "’", "»", "}"]);

const TABLE_ROW = /^\s*\|.*\|\s*$/;
/** The note our table chunker puts under a header it had to cut (table-chunker.ts). */
const HEADER_CUT_NOTE = /^\(header cut: the first \d+ of \d+ columns are repeated\)$/;
const TABLE_SEPARATOR = /^\s*\|(?:\s*:?-{2,}:?\s*\|)+\s*$/;
// A capital letter with a period is an initial ("J. Okafor"), not a list's letter.
const BULLET = /^(\s*)(?:[-*+•◦▪‣–—]|\d{1,3}[.)]|\(?[a-z][.)]|\(?[A-Z]\))\s+(?=\S)/;
const FIELD = /^\s*[^\s:|][^:|]{0,59}:\s+\S/;
const MARKDOWN_HEADING = /^\s*#{1,6}\s+\S/;
const ENDS_SENTENCE = /[.!?…。！？]["'”’»)\]]*\s*$/;

/**
 * A short line of capitalised words without punctuation: a title that PDF text runs into the next line. It must be
 * clearly shorter than the text's wrapped lines (`typicalLength`), or a wrapped line that happens to hold capitalised
 * words ("Except for Confidential Business") would be cut from its sentence.
 */
function looksLikeTitle(line: string, typicalLength: number): boolean {
  const trimmed = line.trim();
  if (trimmed.length === 0 || trimmed.length > Math.min(80, typicalLength * 0.7)) return false;
  if (/[.,;:!?]$|[:;]/.test(trimmed)) return false;
  const words = trimmed.split(/\s+/).filter((word) => /\p{L}/u.test(word));
  if (words.length === 0 || words.length > 10) return false;
  const significant = words.filter((word) => word.replace(/\P{L}/gu, "").length > 3);
  if (significant.length === 0) return false;
  const capitalised = significant.filter((word) => /^\P{L}*\p{Lu}/u.test(word));
  return capitalised.length / significant.length >= 0.75;
}

type Line = { text: string; start: number; end: number };

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    lines.push({ text: text.slice(start, end).replace(/\r$/, ""), start, end });
    if (newline === -1) return lines;
    start = newline + 1;
  }
}

/** Whether the period at `index` belongs to an abbreviation, an initial or a number rather than ending a sentence. */
function periodIsPartOfWord(text: string, index: number, from: number): boolean {
  let begin = index;
  while (begin > from && /[\p{L}\p{N}.]/u.test(text[begin - 1] as string)) begin -= 1;
  const word = text.slice(begin, index).toLowerCase();
  if (word.length === 0) return false;
  if (ABBREVIATIONS.has(word)) return true;
  // An initial ("J. Smith") or a dotted acronym ("U.S.A.", "e.g.").
  if (/^\p{L}$/u.test(word) && /\p{Lu}/u.test(text[begin] as string)) return true;
  if (/^(\p{L}\.)+\p{L}$/u.test(word)) return true;
  return false;
}

/** Sentence spans of text[from, to): boundaries at terminators followed by a space and a likely sentence start. */
function sentenceSpans(text: string, from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  let start = from;
  for (let i = from; i < to; i += 1) {
    const ch = text[i] as string;
    let end: number;
    if (FULL_WIDTH_TERMINATORS.has(ch)) {
      end = i + 1;
      while (end < to && CLOSERS.has(text[end] as string)) end += 1;
    } else if (TERMINATORS.has(ch)) {
      end = i + 1;
      while (end < to && (TERMINATORS.has(text[end] as string) || CLOSERS.has(text[end] as string))) end += 1;
      // Dot leaders ("test ......... $3,400") join a table's cells; they end nothing.
      if (end - i >= 4 && /^\.{4,}/.test(text.slice(i, end))) {
        i = end - 1;
        continue;
      }
      if (end < to && !/\s/.test(text[end] as string)) continue;
      let next = end;
      while (next < to && /\s/.test(text[next] as string)) next += 1;
      if (next < to) {
        const following = text[next] as string;
        // A lowercase word after the stop continues the sentence ("approx. five", "etc. and").
        if (/\p{Ll}/u.test(following)) continue;
        if (ch === "." && periodIsPartOfWord(text, i, start)) continue;
        // A short lowercase word then a number is a unit or a place's abbreviation ("szt. 2", "str. 14", "ok. 5"):
        // sentences seldom start with a digit.
        if (ch === "." && /\d/.test(following) && /(?<![\p{L}\p{N}])\p{Ll}{1,3}$/u.test(text.slice(start, i)))
          continue;
      }
    } else {
      continue;
    }
    spans.push([start, end]);
    start = end;
    i = end - 1;
  }
  if (start < to) spans.push([start, to]);
  return spans
    .map(([a, b]): [number, number] => {
      let s = a;
      let e = b;
      while (s < e && /\s/.test(text[s] as string)) s += 1;
      while (e > s && /\s/.test(text[e - 1] as string)) e -= 1;
      return [s, e];
    })
    .filter(([a, b]) => b > a);
}

/** A passage's last unit without a sentence end is a cut fragment only from this many words on. */
const FRAGMENT_MIN_WORDS = 12;

/** Rows longer than this are quoted by the sentences of their long cells instead. */
const LONG_ROW_CHARS = 400;
const LONG_CELL_CHARS = 120;

/** Cell spans of a rendered row `| a | b |` between `from` and `to` (an escaped `\|` stays inside its cell). */
function cellSpans(text: string, from: number, to: number): [number, number][] {
  const spans: [number, number][] = [];
  let start = text.indexOf("|", from) + 1;
  for (let i = start; i < to; i += 1) {
    if (text[i] === "|" && text[i - 1] !== "\\") {
      spans.push([start, i]);
      start = i + 1;
    }
  }
  return spans;
}

/** Splits a passage's text into units (see SentenceKind), in document order. */
export function splitPassage(text: string): PassageSentence[] {
  const units: PassageSentence[] = [];
  const lines = linesOf(text);
  let paragraph: { start: number; end: number } | null = null;
  let header: string | undefined;
  let previousWasRow = false;
  const lengths = lines
    .map((line) => line.text.trim().length)
    .filter((length) => length > 0)
    .sort((a, b) => a - b);
  // The upper quartile: wrapped text's full lines, not its paragraph ends and bullets.
  const typicalLength = lengths[Math.floor(lengths.length * 0.75)] ?? 0;

  const unit = (kind: SentenceKind, start: number, end: number, extra: Partial<PassageSentence> = {}) =>
    units.push({ kind, text: text.slice(start, end), start, end, ...extra });

  const flush = () => {
    if (!paragraph) return;
    for (const [start, end] of sentenceSpans(text, paragraph.start, paragraph.end)) unit("prose", start, end);
    paragraph = null;
  };

  const isField = (index: number) => {
    const line = lines[index];
    return line !== undefined && FIELD.test(line.text) && line.text.length <= 300;
  };
  const isBlankOrEdge = (index: number) => {
    const line = lines[index];
    return line === undefined || line.text.trim() === "" || TABLE_ROW.test(line.text);
  };

  for (const [index, line] of lines.entries()) {
    const content = line.text;
    const trimmedStart = line.start + (content.length - content.trimStart().length);
    const trimmedEnd = line.start + content.trimEnd().length;
    if (previousWasRow && HEADER_CUT_NOTE.test(content)) continue;
    if (content.trim() === "") {
      // A sentence broken by a blank line (OCR and PDF layouts put them between lines) goes on when the text before
      // has no sentence end and the next line starts in lowercase: "will be shut" / "off on Tuesday 25 March".
      const previousLine = lines[index - 1];
      const nextLine = lines.slice(index + 1).find((line) => line.text.trim() !== "");
      if (
        paragraph &&
        previousLine &&
        previousLine.text.trim() !== "" &&
        !ENDS_SENTENCE.test(previousLine.text) &&
        nextLine &&
        /^\s*\p{Ll}/u.test(nextLine.text) &&
        !TABLE_ROW.test(nextLine.text)
      )
        continue;
      flush();
      previousWasRow = false;
      continue;
    }
    if (TABLE_ROW.test(content)) {
      flush();
      if (TABLE_SEPARATOR.test(content)) continue;
      // A header too wide to repeat is followed by a note saying so ("(header cut: ...)"), then the rows.
      const after = lines[index + 1];
      const nextIsRow =
        after !== undefined &&
        (TABLE_ROW.test(after.text) ||
          (HEADER_CUT_NOTE.test(after.text) && TABLE_ROW.test(lines[index + 2]?.text ?? "")));
      if (previousWasRow && trimmedEnd - trimmedStart > LONG_ROW_CHARS) {
        // A long row is still a record (its cells answer "the X of Y"), and a row carrying prose (a narrative column)
        // is also quoted by its sentences: the whole row is too long to quote.
        unit("row", trimmedStart, trimmedEnd, header ? { header } : {});
        for (const [cellStart, cellEnd] of cellSpans(text, trimmedStart, trimmedEnd)) {
          if (cellEnd - cellStart < LONG_CELL_CHARS) continue;
          for (const [start, end] of sentenceSpans(text, cellStart, cellEnd)) unit("prose", start, end);
        }
      } else if (!previousWasRow && nextIsRow) {
        header = text.slice(trimmedStart, trimmedEnd);
        unit("header", trimmedStart, trimmedEnd);
      } else {
        unit("row", trimmedStart, trimmedEnd, previousWasRow && header ? { header } : {});
      }
      previousWasRow = true;
      continue;
    }
    previousWasRow = false;
    header = undefined;
    // A `Label: value` line is a unit of its own only within a block of them; otherwise it starts a wrapped sentence
    // ("SUMMARY: The FAA proposes to" continues on the next line).
    const fieldBlock =
      isField(index) &&
      (isField(index - 1) || isBlankOrEdge(index - 1)) &&
      (isField(index + 1) || isBlankOrEdge(index + 1)) &&
      (isField(index - 1) || isField(index + 1) || (isBlankOrEdge(index - 1) && isBlankOrEdge(index + 1)));
    if (fieldBlock) {
      flush();
      unit("field", trimmedStart, trimmedEnd);
      continue;
    }
    if (MARKDOWN_HEADING.test(content)) {
      flush();
      unit("heading", trimmedStart, trimmedEnd);
      continue;
    }
    const bullet = BULLET.exec(content);
    if (bullet) {
      flush();
      paragraph = { start: line.start + bullet[0].length, end: line.end };
      continue;
    }
    const previous = lines[index - 1];
    const startsParagraph = !paragraph || (previous !== undefined && ENDS_SENTENCE.test(previous.text));
    const next = lines[index + 1];
    if (
      startsParagraph &&
      looksLikeTitle(content, typicalLength) &&
      next !== undefined &&
      /^\s*[\p{Lu}\p{N}"“(]/u.test(next.text)
    ) {
      flush();
      unit("heading", trimmedStart, trimmedEnd);
      continue;
    }
    if (paragraph) paragraph.end = line.end;
    else paragraph = { start: line.start, end: line.end };
  }
  flush();
  markEdgeFragments(units, text);
  return units;
}

/** Chunks overlap and cut mid-sentence: a first sentence starting in lowercase, a last one without its stop. */
function markEdgeFragments(units: PassageSentence[], text: string) {
  const first = units.find((unit) => unit.kind === "prose");
  if (first && first.start === units[0]?.start && /^[\p{Ll},;:)\]]/u.test(first.text))
    first.kind = "fragment";
  // A short last line (a signature, a label) is whole as it is; a long one without its stop was cut.
  const last = units.at(-1);
  if (
    last &&
    last.kind === "prose" &&
    text.slice(last.end).trim() === "" &&
    !ENDS_SENTENCE.test(last.text) &&
    last.text.split(/\s+/).length >= FRAGMENT_MIN_WORDS
  ) {
    last.kind = "fragment";
  }
}
