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
  language: string | null;
};

/** A run of text longer than this with line breaks and no sentence marks is read line by line. */
const LONG_SPAN_CHARS = 280;
/** Lines shorter than this join the next one. */
const SHORT_LINE_CHARS = 50;
/** A unit longer than this is not quoted whole (a run of text with no boundaries at all). */
export const MAX_UNIT_CHARS = 700;

export const collapse = (text: string) => text.replace(/\s+/g, " ").trim();

/** Cells of a rendered row `| a | b |`, an escaped `\|` kept inside its cell (and unescaped). */
export function rowCells(row: string): string[] {
  const inner = row
    .trim()
    .replace(/^\|/, "")
    .replace(/(?<!\\)\|$/, "");
  return inner.split(/(?<!\\)\|/).map((cell) => cell.replace(/\\\|/g, "|").trim());
}

/** A span's lines, short ones joined to the next: [start, end) offsets in the passage. */
function lineSpans(text: string, start: number, end: number): [number, number][] {
  const spans: [number, number][] = [];
  let from = start;
  let cursor = start;
  while (cursor < end) {
    const newline = text.indexOf("\n", cursor);
    const lineEnd = newline === -1 || newline > end ? end : newline;
    if (lineEnd - from >= SHORT_LINE_CHARS || lineEnd === end) {
      spans.push([from, lineEnd]);
      from = lineEnd + 1;
    }
    cursor = lineEnd + 1;
  }
  if (from < end) spans.push([from, end]);
  return spans.filter(([a, b]) => text.slice(a, b).trim() !== "");
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
  const add = (kind: UnitKind, raw: string, cells?: Cell[]) => {
    const matched = cells ? cells.map((cell) => `${cell.field} ${cell.value}`).join(" \n ") : matchText(raw);
    const words = wordsOf(matched, language);
    const stems = stemsOf(words);
    all.push({ stems, language });
    const quote = kind === "row" && cells ? cells.map((cell) => cell.value).join(" | ") : collapse(raw);
    if (quote.length > MAX_UNIT_CHARS || stems.size === 0) return;
    // Dot leaders belong to a table of contents; a question (an FAQ's, a heading's) repeats what was asked.
    if (/\.{4,}|…{2,}|(?:\. ){3,}/.test(quote) || /\?["'”’)]*$/.test(quote)) return;
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
    });
  };
  for (const piece of pieces) {
    switch (piece.kind) {
      case "header":
        headers.set(piece.text, rowCells(piece.text));
        all.push({ stems: stemsOf(wordsOf(piece.text, language)), language });
        break;
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
        add("field", piece.text);
        const last = quotable.at(-1);
        if (last && last.quote === collapse(piece.text))
          last.cells = [
            { field: piece.text.slice(0, colon).trim(), value: piece.text.slice(colon + 1).trim() },
          ];
        break;
      }
      case "prose": {
        if (piece.text.length > LONG_SPAN_CHARS && piece.text.includes("\n")) {
          for (const [start, end] of lineSpans(passage.text, piece.start, piece.end)) {
            const raw = passage.text.slice(start, end);
            add("line", raw);
          }
        } else {
          add("sentence", piece.text);
        }
        break;
      }
      default:
        all.push({ stems: stemsOf(wordsOf(piece.text, language)), language });
    }
  }
  return { quotable, all };
}

/** The quotable units of all passages, and the stems of every unit (the IDF counts them all). */
export function unitsOf(passages: readonly GroundingPassage[]): { units: Unit[]; all: UnitStems[] } {
  const units: Unit[] = [];
  const all: UnitStems[] = [];
  for (const [rank, passage] of passages.entries()) {
    const one = passageUnits(passage, rank);
    units.push(...one.quotable);
    all.push(...one.all);
  }
  return { units, all };
}
