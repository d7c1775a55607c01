// The units an answer may quote, from the passages: sentences, lines of text without sentence marks, table rows read with their header, fields.
import type { GroundingPassage } from "../../../providers/chat-model/responder";
import { splitPassage } from "../passage-sentences";
import { detectLanguage, type Word, wordsOf } from "./language";

/*
 * passage-sentences.ts cuts a passage into sentences, rows and fields. Two kinds of text need more:
 * - text without sentence marks (OCR of a scan, a slide, a form laid out in lines) comes out as one long "sentence";
 *   it is read line by line instead (short lines joined to the next, so a unit holds a statement), and a word broken
 *   by a hyphen at a line's end is matched whole ("recei-" + "ved" is "received");
 * - a table row is matched on its cells and on its header's, and each cell keeps its column's name, so the answer
 *   can name the field it quotes.
 */

/** The stems of any unit of a passage (quotable or not), for how rare a question's term is. */
export type UnitStems = { stems: Set<string>; language: string | null };

export type UnitKind = "sentence" | "row" | "field" | "line";

export type Cell = { field: string; value: string };

export type Unit = {
  passage: GroundingPassage;
  /** The passage's rank among those given (0 = best). */
  rank: number;
  /** The unit's order in its passage. */
  order: number;
  kind: UnitKind;
  /** As quoted: the passage's text with whitespace collapsed (a row: its cells joined by " | "). */
  quote: string;
  /** The words matched (a row's include its header's). */
  words: Word[];
  /** Distinct non-stop stems of `words`. */
  stems: Set<string>;
  /** For a row: its cells with their column names; for a field: the one label and value. */
  cells?: Cell[];
  /** For a record of fields: its cells as written in the passage (full paths), for quoting. */
  quoted?: Cell[];
  /** For a record of fields: the path they share (`[0].response.headers`), which names its subject too. */
  recordPath?: string;
  /** Where a sentence or line stands in its passage: [start, end) offsets. */
  span?: [number, number];
  /** Whether its first line opens with a label ("Fax:", "Russian:"): a label never spans a line break. */
  opensWithLabel?: boolean;
  /** Its first line when that is a one-word heading over the lines after it ("Nabywca", "Seller"). */
  heading?: string;
  language: string | null;
};

/** A run of text longer than this with line breaks and no sentence marks is read line by line. */
const LONG_SPAN_CHARS = 280;
/** A sentence or line of fewer words than this is also read with the one after it. */
const WINDOW_SHORT_WORDS = 10;
/** Lines shorter than this join the next one. */
const SHORT_LINE_CHARS = 50;
/** A cell no header holds: a full date, a time, a decimal or an amount ("03/07/1907", "12:56", "1,49", "$5"). */
const DATA_CELL = /\d[/.-]\d{1,2}[/.-]\d|\d:\d\d|\d[.,]\d|[$€£¥]\s?\d|\d\s?[$€£¥%]/u;
/** A statement of this few words is a fragment ("Autumn 1895.", "In 2020:"), also read with the one after it. */
const FRAGMENT_WORDS = 3;
/** A cut fragment of this many lines at least is read line by line (its lines are whole). */
const MIN_FRAGMENT_LINES = 2;
/** Items of a list read with the statement that introduces it. */
const MAX_LIST_ITEMS = 6;
/** A unit longer than this is not quoted whole (a run of text with no boundaries at all). */
export const MAX_UNIT_CHARS = 700;

export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** The words a document's name says ("countries-native-names.min.json": countries native names min). */
export const documentNameWords = (name: string) =>
  name.replace(/\.[\p{L}\d]{1,5}$/u, "").replace(/[._-]+/g, " ");

/** Cells of a rendered row `| a | b |`, an escaped `\|` kept inside its cell (and unescaped). */
export function rowCells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
}

/** A line that is a label for the line after it ("Russian:", "FOR FURTHER INFORMATION CONTACT:"). */
const LABEL_LINE = /^[^\n:：]{1,60}[:：]$/u;

/**
 * A span's lines, short ones joined to the next: [start, end) offsets in the passage. A label line starts a span of
 * its own and ends it with the line after it (its value): "Russian:" / "Привет, мир" is one span.
 */
function lineSpans(text: string, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  let from = start;
  let cursor = start;
  let afterLabel = false;
  while (cursor < end) {
    const newline = text.indexOf("\n", cursor);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    const label = LABEL_LINE.test(text.slice(cursor, lineEnd).trim());
    if (label && from < cursor) {
      spans.push([from, cursor - 1]);
      from = cursor;
    }
    if (!label && (lineEnd - from >= SHORT_LINE_CHARS || lineEnd === end || afterLabel)) {
      spans.push([from, lineEnd]);
      from = lineEnd + 1;
    }
    afterLabel = label;
    cursor = lineEnd + 1;
  }
  if (from < end) spans.push([from, end]);
  return spans.filter(([a, b]) => text.slice(a, b).trim() !== "");
}

/** A first line opening with a label: up to 60 characters without a line break, then a colon. */
const OPENING_LABEL = /^[^\n:：]{1,60}[:：]/u;

/**
 * A first line of one capitalised word, and a next line that starts anew (a capital or a digit): a line broken
 * inside a sentence ("Questions" / "about this notice") goes on in lower case, and a longer first line is a title.
 */
const HEADING_LINE = /^(\p{Lu}[\p{L}\p{M}]+)[ \t]*\r?\n[ \t]*[\p{Lu}\d]/u;

/** A form's or an invoice's heading over its value ("Nabywca" / "Wirtualna Polska Media"), when the unit opens with one. */
function headingOf(raw: string): { heading?: string } {
  const heading = HEADING_LINE.exec(raw.trimStart())?.[1];
  return heading ? { heading } : {};
}

/** Dot leaders then a page number (arabic or roman) at the end. */
const TABLE_OF_CONTENTS_LINE = /(?:\.{4,}|…{2,}|(?:\. ){3,})\s*(?:\d{1,4}|[ivxlc]{1,6})\s*$/i;

/** A subtitle cue's number or timing line ("7", "00:00:43,000 --> 00:00:50,000"). */
const CUE_LINE =
  /^\s*(?:\d{1,6}|(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{1,3}\s*-->\s*(?:\d{1,2}:)?\d{2}:\d{2}[,.]\d{1,3}.*)\s*$/;

/** Where a piece's text starts once its leading cue number and timing lines are passed over. */
function afterCueLines(text: string, start: number, end: number): number {
  let cursor = start;
  let timed = false;
  for (;;) {
    const newline = text.indexOf("\n", cursor);
    if (newline === -1 || newline >= end) break;
    const line = text.slice(cursor, newline);
    if (!CUE_LINE.test(line)) break;
    if (line.includes("-->")) timed = true;
    cursor = newline + 1;
  }
  // A bare number line alone ("2021") is text; only a cue with its timing is passed over.
  return timed ? cursor : start;
}

/** The text matched for a span: hyphenated line breaks joined ("recei-\nved" -> "received"). */
const matchText = (text: string) => text.replace(/(\p{L})-[ \t]*\r?\n[ \t]*(\p{Ll})/gu, "$1$2");

function stemsOf(words: readonly Word[]): Set<string> {
  const stems = new Set<string>();
  for (const word of words) if (!word.stop) stems.add(word.stem);
  return stems;
}

/** Every unit of one passage, in document order, with every unit (quotable or not) for term statistics. */
function passageUnits(passage: GroundingPassage, rank: number): { quotable: Unit[]; all: UnitStems[] } {
  const language = detectLanguage(passage.text);
  const pieces = splitPassage(passage.text);
  const quotable: Unit[] = [];
  const all: UnitStems[] = [];
  const headers = new Map<string, string[]>();
  /** Quotes already taken (a line read with the next can also be a short line's window). */
  const quotes = new Set<string>();
  /** Every sentence's and line's offsets, in order (questions included), for reading one with the next. */
  const statements: [number, number][] = [];
  const add = (kind: UnitKind, raw: string, cells?: Cell[], quoted?: Cell[], span?: [number, number]) => {
    const matched = cells ? cells.map((cell) => `${cell.field} ${cell.value}`).join(" \n ") : matchText(raw);
    const words = wordsOf(matched, language);
    const stems = stemsOf(words);
    all.push({ stems, language });
    const quote = kind === "row" && cells ? cells.map((cell) => cell.value).join(" | ") : collapse(raw);
    // A row is answered by its cells (records.ts), however long; other units are quoted whole.
    if ((kind !== "row" && quote.length > MAX_UNIT_CHARS) || stems.size === 0) return;
    if (quotes.has(quote)) return;
    quotes.add(quote);
    // A table of contents' line (a title, dot leaders, a page number) says where, not what; dot leaders elsewhere
    // join a table's cells ("AOA sensor system test ...... 40 work-hours × $85 per hour = $3,400"). A question (an
    // FAQ's, a heading's) repeats what was asked.
    if (TABLE_OF_CONTENTS_LINE.test(quote) || /\?["'”’)]*$/.test(quote)) return;
    quotable.push({
      passage,
      rank,
      order: quotable.length,
      kind,
      quote,
      words,
      stems,
      language,
      ...(cells ? { cells } : {}),
      ...(quoted ? { quoted } : {}),
      ...(span ? { span } : {}),
      ...(OPENING_LABEL.test(raw.trimStart()) ? { opensWithLabel: true } : {}),
      ...headingOf(raw),
    });
  };
  // Consecutive fields of one record (`AM.name: Armenia`, `AM.capital: Yerevan`; a form's `Label: value` lines) are
  // also read together, as a row whose cells are the fields under their last key.
  let record: { prefix: string; cells: Cell[] } | null = null;
  const flushRecord = () => {
    if (record && record.cells.length > 1) {
      const prefix = record.prefix;
      const cells = record.cells.map((cell) => ({ field: keyIn(prefix, cell.field), value: cell.value }));
      add("row", "", cells, record.cells);
      const added = quotable.at(-1);
      if (added?.quoted === record.cells) added.recordPath = prefix;
    }
    record = null;
  };
  // A one-word heading on a line of its own ("Nabywca", "Seller") is also read with the line under it, wherever the
  // lines were joined: that unit opens with its heading, the label of its value (labelled.ts).
  const addHeadings = (start: number, end: number) => {
    for (let cursor = start; cursor < end; ) {
      const newline = passage.text.indexOf("\n", cursor);
      if (newline === -1 || newline >= end) break;
      if (HEADING_LINE.test(passage.text.slice(cursor, end))) {
        const after = passage.text.indexOf("\n", newline + 1);
        add("line", passage.text.slice(cursor, after === -1 || after > end ? end : after));
      }
      cursor = newline + 1;
    }
  };
  for (let piece of pieces) {
    if (piece.kind !== "field") flushRecord();
    switch (piece.kind) {
      case "header": {
        const cells = rowCells(piece.text);
        headers.set(piece.text, cells);
        // A sheet without a header row starts with data: a first row holding a date, a time or a decimal is a row.
        if (cells.some((cell) => DATA_CELL.test(cell)))
          add(
            "row",
            piece.text,
            cells.filter((value) => value !== "").map((value) => ({ field: "", value })),
          );
        else all.push({ stems: stemsOf(wordsOf(piece.text, language)), language });
        break;
      }
      case "row": {
        const values = rowCells(piece.text);
        const fields = piece.header ? (headers.get(piece.header) ?? rowCells(piece.header)) : [];
        const cells = values
          .map((value, i) => ({ field: fields[i] ?? "", value }))
          .filter((cell) => cell.value !== "");
        add("row", piece.text, cells);
        break;
      }
      case "field": {
        const colon = piece.text.indexOf(":");
        const cell = { field: piece.text.slice(0, colon).trim(), value: piece.text.slice(colon + 1).trim() };
        add("field", piece.text);
        const last = quotable.at(-1);
        if (last && last.quote === collapse(piece.text)) last.cells = [cell];
        const prefix = recordPrefix(cell.field);
        if (record && record.prefix === prefix) record.cells.push(cell);
        else {
          flushRecord();
          record = { prefix, cells: [cell] };
        }
        break;
      }
      case "fragment":
      case "prose": {
        // Subtitles (SRT, WebVTT) number and time each cue on lines of their own: not part of what is said.
        const start = afterCueLines(passage.text, piece.start, piece.end);
        if (start >= piece.end) break;
        // A cue is whole: the chunk's edge did not cut it.
        if (start > piece.start)
          piece = { ...piece, kind: "prose", start, text: passage.text.slice(start, piece.end) };
        // A passage's first or last sentence cut by the chunk's edge is not quoted; text laid out in lines (a form,
        // a list of labelled values, OCR) is read line by line, whatever its length.
        const lines = piece.text.split("\n").length;
        if (piece.kind === "fragment" && lines < MIN_FRAGMENT_LINES) {
          all.push({ stems: stemsOf(wordsOf(piece.text, language)), language });
          break;
        }
        if ((piece.text.length > LONG_SPAN_CHARS || piece.kind === "fragment") && lines > 1) {
          // Each line, and each line with the next: a statement laid out in lines often ends on the next one.
          const spans = lineSpans(passage.text, piece.start, piece.end);
          for (const [index, [start, end]] of spans.entries()) {
            add("line", passage.text.slice(start, end), undefined, undefined, [start, end]);
            statements.push([start, end]);
            const next = spans[index + 1];
            if (next) add("line", passage.text.slice(start, next[1]));
          }
          addHeadings(piece.start, piece.end);
        } else {
          add("sentence", piece.text, undefined, undefined, [piece.start, piece.end]);
          statements.push([piece.start, piece.end]);
        }
        break;
      }
      default:
        all.push({ stems: stemsOf(wordsOf(piece.text, language)), language });
    }
  }
  flushRecord();
  // A statement ending with a colon introduces the list after it ("Some currency symbols:" / "GBP - £" / "EUR - €"):
  // it is also read with all of the list's short items, the answer being any of them.
  const addList = (index: number) => {
    let end = index;
    while (end - index < MAX_LIST_ITEMS) {
      const item = statements[end + 1];
      const before = statements[end];
      if (!item || !before || passage.text.slice(before[1], item[0]).trim() !== "") break;
      if (collapse(passage.text.slice(item[0], item[1])).split(" ").length >= WINDOW_SHORT_WORDS) break;
      end += 1;
    }
    const first = statements[index];
    const last = statements[end];
    if (first && last && end - index >= 2) add("line", passage.text.slice(first[0], last[1]));
  };
  // A statement read with the one after it, when it cannot stand alone: a short one without a sentence end
  // ("J. Okafor" / "Building Manager": a name, a date or an amount often stands on its own line beside what it is),
  // or a question (an FAQ's, a table's row label read as text), which its next sentence answers.
  for (const [index, span] of statements.entries()) {
    const next = statements[index + 1];
    if (!next || passage.text.slice(span[1], next[0]).trim() !== "") continue;
    const text = collapse(passage.text.slice(span[0], span[1]));
    const asks = /\?["'”’)]*$/.test(text);
    const count = text.split(" ").length;
    const short =
      count <= FRAGMENT_WORDS || (count < WINDOW_SHORT_WORDS && !/[.!…。！？]["'”’»)\]]*$/.test(text));
    if (asks || short) add("line", passage.text.slice(span[0], next[1]));
    if (/[:：]$/.test(text)) addList(index);
  }
  return { quotable, all };
}

/**
 * A field's record: its path up to the last array item (`[0].items[2].user.login` -> `[0].items[2]`), else without
 * its last key (`AM.capital` -> `AM`); a list of values belongs to its owner (`AM.languages[1]` -> `AM`); a plain
 * label's is "".
 */
export function recordPrefix(field: string): string {
  const path = field.replace(/(?:\[\d+\])+$/, "");
  const item = path.lastIndexOf("]");
  if (item > 0 && item < path.length - 1 && /\[\d+\]$/.test(path.slice(0, item + 1)))
    return path.slice(0, item + 1);
  const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
  return cut > 0 ? path.slice(0, cut) : "";
}

/** A field's path within its record, as a person would name the field (`AM.capital` -> `capital`, `user.login`). */
function keyIn(prefix: string, field: string): string {
  const key = field
    .slice(prefix.length)
    .replace(/^\./, "")
    .replace(/\[\d+\]/g, "")
    .replace(/\[["']|["']\]/g, " ")
    .trim();
  return key === "" ? field : key;
}

/**
 * Passages' units by passage text, most recently used last. Reading a passage (its language, its words, their stems)
 * is most of an answer's time, and the same chunks answer question after question: a chunk is read once. Units are
 * never changed once read, so they are shared, each answer giving them its own passage and rank.
 */
const readPassages = new Map<string, { quotable: Unit[]; all: UnitStems[] }>();
const READ_PASSAGES_KEPT = 512;

function cachedPassageUnits(passage: GroundingPassage, rank: number): { quotable: Unit[]; all: UnitStems[] } {
  let read = readPassages.get(passage.text);
  if (read) readPassages.delete(passage.text);
  else read = passageUnits(passage, rank);
  readPassages.set(passage.text, read);
  if (readPassages.size > READ_PASSAGES_KEPT) {
    const oldest = readPassages.keys().next().value;
    if (oldest !== undefined) readPassages.delete(oldest);
  }
  return { quotable: read.quotable.map((unit) => ({ ...unit, passage, rank })), all: read.all };
}

/** The quotable units of all passages, and the stems of every unit (the IDF counts them all). */
export function unitsOf(passages: readonly GroundingPassage[]): { units: Unit[]; all: UnitStems[] } {
  const units: Unit[] = [];
  const all: UnitStems[] = [];
  for (const [rank, passage] of passages.entries()) {
    const one = cachedPassageUnits(passage, rank);
    units.push(...one.quotable);
    all.push(...one.all);
  }
  return { units, all };
}
