// A sheet's merged ranges and hyperlinks (found after its rows), and the merges expanded down the rows they cover.

import type { MergeRange } from "./sheet-grid";
import { ExtractionError, type TableRow } from "./types";
import { type Archive, damagedXlsx, readRelationships } from "./xlsx-archive";

function decodeAddress(address: string): { row: number; col: number } | null {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(address.toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), col: col - 1 };
}

/** A range such as "B2:D4" (or one cell) as 1-based rows and 0-based columns. */
function parseMergeRange(range: string): MergeRange | null {
  const [a, b] = range.split(":");
  const start = a ? decodeAddress(a) : null;
  const end = b ? decodeAddress(b) : start;
  if (!start || !end) return null;
  return {
    top: Math.min(start.row, end.row),
    bottom: Math.max(start.row, end.row),
    left: Math.min(start.col, end.col),
    right: Math.max(start.col, end.col),
  };
}

/** Most cells one hyperlink range fills (a link over a whole column must not expand to a million cells). */
const MAX_HYPERLINK_CELLS = 10_000;

type TrailingParts = {
  merges: MergeRange[];
  /** Row -> [column, text] of empty cells that carry a hyperlink: they read as its address (or its display text). */
  links: Map<number, [number, string][]>;
};

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decodeXmlAttribute = (value: string) =>
  value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== "#") return XML_ENTITIES[name] ?? whole;
    const code =
      name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });

/**
 * A sheet's merged ranges and hyperlinks: their elements come after its rows, so a first, light pass finds them with
 * a pattern over the XML (every element is complete before the last "<" of what has been read).
 */
export async function readTrailingParts(archive: Archive, path: string): Promise<TrailingParts> {
  const merges: MergeRange[] = [];
  const links = new Map<number, [number, string][]>();
  const stream = await archive.stream(path);
  if (!stream) return { merges, links };
  const relationships = await readRelationships(archive, path);
  const pattern = /<(?:\w+:)?(mergeCell|hyperlink)\b([^>]*)>/g;
  const attributeOf = (attributes: string, name: string) =>
    new RegExp(`(?:^|\\s)(?:\\w+:)?${name}="([^"]*)"`).exec(attributes)?.[1];
  const decoder = new TextDecoder("utf-8");
  let carry = "";
  const scan = (text: string) => {
    for (const match of text.matchAll(pattern)) {
      const attributes = match[2] as string;
      const range = parseMergeRange(attributeOf(attributes, "ref") ?? "");
      if (!range) continue;
      if (match[1] === "mergeCell") {
        merges.push(range);
        continue;
      }
      const id = attributeOf(attributes, "id");
      const display = attributeOf(attributes, "display");
      const location = attributeOf(attributes, "location");
      const raw = (id ? relationships.get(id)?.target : undefined) ?? display ?? location;
      if (!raw) continue;
      const text = decodeXmlAttribute(raw);
      let cells = 0;
      for (let r = range.top; r <= range.bottom && cells < MAX_HYPERLINK_CELLS; r++) {
        const row = links.get(r) ?? [];
        for (let c = range.left; c <= range.right && cells < MAX_HYPERLINK_CELLS; c++, cells++)
          row.push([c, text]);
        links.set(r, row);
      }
    }
  };
  try {
    for await (const piece of stream as AsyncIterable<Buffer>) {
      const text = carry + decoder.decode(piece, { stream: true });
      const cut = text.lastIndexOf("<");
      scan(text.slice(0, Math.max(0, cut)));
      carry = cut < 0 ? "" : text.slice(cut);
    }
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    throw damagedXlsx(error);
  }
  scan(carry + decoder.decode());
  return { merges: merges.sort((a, b) => a.top - b.top), links };
}

type ActiveMerge = { range: MergeRange; value: string };

/**
 * Puts each merged range's value in the range's first column of a row it covers, and empties its other columns (what
 * they hold is hidden behind the merge). Excel shows the value once across the range's width; repeating it in every
 * covered column made a title merged over 8 columns read 8 times in one row of the chunk text.
 */
function fillMerged(rowNumber: number, cells: string[], active: readonly ActiveMerge[]): void {
  for (const { range, value } of active) {
    if (rowNumber < range.top || rowNumber > range.bottom) continue;
    const last = Math.min(range.right, cells.length - 1);
    for (let c = range.left + 1; c <= last; c++) cells[c] = "";
    if (rowNumber !== range.top) cells[range.left] = value;
  }
}

/** Rows from `from` to `until` - 1 that one of `active` (a snapshot) covers with a value, made one at a time. */
function* coveredRows(active: readonly ActiveMerge[], from: number, until: number): Generator<TableRow> {
  const filled = active.filter(({ value }) => value !== "");
  if (filled.length === 0) return;
  const last = Math.min(until - 1, Math.max(...filled.map(({ range }) => range.bottom)));
  for (let rowNumber = from; rowNumber <= last; rowNumber++) {
    if (!filled.some(({ range }) => range.top <= rowNumber && rowNumber <= range.bottom)) continue;
    const cells: string[] = [];
    fillMerged(rowNumber, cells, filled);
    yield { rowNumber, cells: Array.from(cells, (c) => c ?? "") };
  }
}

/**
 * Expands merged ranges down the rows they cover (every row keeps the value, in the range's first column), adding the
 * rows a merge covers that the sheet does not list. Those rows are made lazily, as they are read: a range merged
 * over a million rows is never a million rows in memory.
 */
export function createMergeFiller(merges: MergeRange[]) {
  let next = 0;
  let active: ActiveMerge[] = [];
  let lastRow = 0;
  return {
    /** The rows to emit for a listed row: covered rows before it, then the row itself, merges filled. */
    row(row: TableRow): Iterable<TableRow> {
      const before = coveredRows([...active], lastRow + 1, row.rowNumber);
      // Ranges that start at or above this row become active; a range whose top row was never listed has no value.
      while (next < merges.length && (merges[next] as MergeRange).top <= row.rowNumber) {
        const range = merges[next++] as MergeRange;
        active.push({ range, value: range.top === row.rowNumber ? (row.cells[range.left] ?? "") : "" });
      }
      fillMerged(row.rowNumber, row.cells, active);
      lastRow = row.rowNumber;
      active = active.filter(({ range }) => range.bottom > lastRow);
      return (function* () {
        yield* before;
        yield row;
      })();
    },
    /** Covered rows after the last listed one. */
    end(): Iterable<TableRow> {
      return coveredRows([...active], lastRow + 1, Number.POSITIVE_INFINITY);
    },
  };
}
