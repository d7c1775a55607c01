// Splits an extracted document into token-sized chunks with locations: text on paragraph/sentence boundaries, tables row-wise.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { cutText } from "./parts";
import type {
  Chunk,
  ChunkOptions,
  ExtractedDocument,
  TableBlock,
  TableRow,
  TextBlock,
  TextBlockLocation,
} from "./types";

export const DEFAULT_TARGET_TOKENS = 800;
export const DEFAULT_OVERLAP_TOKENS = 100;

/*
 * Token estimate (no tokenizer download, one regex pass): a character of a script written without spaces (Han,
 * Hiragana, Katakana, Hangul, Thai, Lao, Khmer, Myanmar) counts 1; a run of letters/digits counts ceil(length / 5) for
 * Latin script and ceil(length / 3) for other scripts (BPE vocabularies split them finer); every other visible
 * character (punctuation, symbols) counts 1. Against OpenAI's cl100k this lands within about +-25% on English prose
 * and errs high on Cyrillic, Arabic and CJK, which keeps chunks safely under embedding limits.
 */
const TOKEN_PATTERN =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}])|([0-9A-Za-z_\u00c0-\u024f]+)|([\p{L}\p{M}\p{N}_]+)|([^\s\p{L}\p{M}\p{N}_])/gu;

function estimateWithPattern(text: string): number {
  let tokens = 0;
  TOKEN_PATTERN.lastIndex = 0;
  for (let m = TOKEN_PATTERN.exec(text); m !== null; m = TOKEN_PATTERN.exec(text)) {
    if (m[2] !== undefined) tokens += Math.ceil(m[2].length / 5);
    else if (m[3] !== undefined) tokens += Math.ceil(m[3].length / 3);
    else tokens += 1;
  }
  return tokens;
}

export function estimateTokens(text: string): number {
  // ASCII fast path (most table rows and English text), counting exactly as the pattern does; anything else -> pattern.
  let tokens = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return estimateWithPattern(text);
    const wordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (wordChar) {
      run++;
      continue;
    }
    if (run > 0) {
      tokens += Math.ceil(run / 5);
      run = 0;
    }
    const space = c === 32 || (c >= 9 && c <= 13);
    if (!space) tokens += 1;
  }
  if (run > 0) tokens += Math.ceil(run / 5);
  return tokens;
}

type Unit = {
  text: string;
  tokens: number;
  location: TextBlockLocation;
  /** Lines covered (for "lines" locations). */
  lineStart: number;
  lineEnd: number;
  /** First piece of a paragraph: joined to the previous unit with a blank line. */
  newParagraph: boolean;
};

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Pieces of `text` (with their start offsets) of at most `maxTokens`: sentences, then words, then raw slices. */
function splitText(text: string, maxTokens: number): Array<{ text: string; start: number; tokens: number }> {
  // Every estimated token spans at most a few characters, so a very long text cannot fit: skip the whole-text pass.
  if (text.length <= maxTokens * 16) {
    const whole = estimateTokens(text);
    if (whole <= maxTokens) return [{ text, start: 0, tokens: whole }];
  }
  const pieces: Array<{ text: string; start: number; tokens: number }> = [];
  const sentences = Array.from(sentenceSegmenter.segment(text), (s) => ({ text: s.segment, start: s.index }));
  const levels: Array<(piece: { text: string; start: number }) => Array<{ text: string; start: number }>> = [
    (piece) =>
      Array.from(piece.text.matchAll(/\S+\s*/g), (m) => ({
        text: m[0],
        start: piece.start + (m.index ?? 0),
      })),
    (piece) => hardSlices(piece, maxTokens),
  ];
  const pack = (parts: Array<{ text: string; start: number }>, level: number) => {
    let current: { text: string; start: number } | null = null;
    let currentTokens = 0;
    const flush = () => {
      if (current && current.text.trim() !== "") pieces.push({ ...current, tokens: currentTokens });
      current = null;
      currentTokens = 0;
    };
    for (const part of parts) {
      const tokens = estimateTokens(part.text);
      if (tokens > maxTokens) {
        flush();
        const next = levels[level];
        if (next) pack(next(part), level + 1);
        else pieces.push({ ...part, tokens });
        continue;
      }
      if (current && currentTokens + tokens > maxTokens) flush();
      if (current) {
        current.text += part.text;
        currentTokens += tokens;
      } else {
        current = { ...part };
        currentTokens = tokens;
      }
    }
    flush();
  };
  pack(sentences, 0);
  return pieces;
}

/** A single enormous "word" (a base64 blob, unspaced CJK text) cut into slices, never inside a surrogate pair. */
function hardSlices(
  piece: { text: string; start: number },
  maxTokens: number,
): Array<{ text: string; start: number }> {
  const tokens = Math.max(1, estimateTokens(piece.text));
  const size = Math.max(1, Math.floor((piece.text.length * maxTokens) / tokens));
  const out: Array<{ text: string; start: number }> = [];
  let i = 0;
  while (i < piece.text.length) {
    let end = Math.min(piece.text.length, i + size);
    const code = piece.text.charCodeAt(end - 1);
    if (end < piece.text.length && code >= 0xd800 && code <= 0xdbff) end++;
    out.push({ text: piece.text.slice(i, end), start: piece.start + i });
    i = end;
  }
  return out;
}

function textUnits(block: TextBlock, maxTokens: number): Unit[] {
  const text = block.text;
  const base = block.location.kind === "lines" ? block.location.lineStart : 0;
  // Pieces come in order: count newlines from the previous piece only (a 30 MB paragraph stays linear).
  let cursor = 0;
  let linesBefore = 0;
  return splitText(text, maxTokens).map((piece, i) => {
    const trimmed = piece.text.trim();
    const lead = piece.text.length - piece.text.trimStart().length;
    const startOffset = piece.start + lead;
    linesBefore += countNewlines(text, cursor, startOffset);
    cursor = startOffset;
    const lineStart = base + linesBefore;
    const lineEnd = lineStart + countNewlines(trimmed, 0, trimmed.length);
    return {
      text: trimmed,
      tokens: piece.tokens,
      location: block.location,
      lineStart,
      lineEnd,
      newParagraph: i === 0,
    };
  });
}

function sameHeadings(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
}

function unitsLocation(units: Unit[]): ChunkLocation {
  const first = units[0] as Unit;
  const loc = first.location;
  if (loc.kind === "page") return { kind: "page", page: loc.page, ...(loc.ocr ? { ocr: true } : {}) };
  if (loc.kind === "section") {
    // The section holding most of the chunk's text names it (a heading line merged into its first subsection, or a
    // short title merged into the first section, does not hide where the content is).
    const weights = new Map<string, { headings: string[]; tokens: number }>();
    for (const unit of units) {
      const headings = unit.location.kind === "section" ? unit.location.headings : [];
      const key = JSON.stringify(headings);
      const entry = weights.get(key) ?? { headings, tokens: 0 };
      entry.tokens += Math.max(1, unit.tokens);
      weights.set(key, entry);
    }
    let best: { headings: string[]; tokens: number } | undefined;
    for (const entry of weights.values()) if (!best || entry.tokens > best.tokens) best = entry;
    return { kind: "section", headings: best?.headings ?? [] };
  }
  let lineStart = first.lineStart;
  let lineEnd = first.lineEnd;
  for (const unit of units) {
    lineStart = Math.min(lineStart, unit.lineStart);
    lineEnd = Math.max(lineEnd, unit.lineEnd);
  }
  return { kind: "lines", lineStart: Math.max(1, lineStart), lineEnd: Math.max(1, lineEnd) };
}

function joinUnits(units: Unit[]): string {
  let text = "";
  units.forEach((unit, i) => {
    if (i > 0) text += unit.newParagraph ? "\n\n" : " ";
    text += unit.text;
  });
  return text;
}

/** The last whole lines of `text` worth at most `tokens` tokens ("" when not even the last line fits). */
function tailLines(text: string, tokens: number): string {
  let start = text.length;
  let count = 0;
  while (start > 0) {
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    if (lineStart === 0) break;
    const t = estimateTokens(text.slice(lineStart, start));
    if (count + t > tokens) break;
    count += t;
    start = lineStart - 1;
  }
  return start >= text.length ? "" : text.slice(start + 1);
}

/**
 * The end of `unit` worth at most `tokens` tokens: whole lines when the last ones fit (records of flattened JSON, lines
 * of a listing), else from a word boundary when there is one.
 */
function tailUnit(unit: Unit, tokens: number): Unit | null {
  if (tokens <= 0) return null;
  let text = tailLines(unit.text, tokens);
  let count = text ? estimateTokens(text) : 0;
  if (!text) {
    const words = unit.text.match(/\S+\s*/g) ?? [];
    if (words.length > 1) {
      // Words are whitespace-separated, so their estimates add up (no re-scan of the growing tail).
      for (let i = words.length - 1; i >= 0; i--) {
        const word = words[i] as string;
        const t = estimateTokens(word);
        if (count + t > tokens) break;
        text = word + text;
        count += t;
      }
    } else {
      const slice = hardSlices({ text: unit.text, start: 0 }, tokens);
      text = slice[slice.length - 1]?.text ?? "";
      count = estimateTokens(text);
    }
  }
  text = text.trim();
  if (text === "") return null;
  return {
    ...unit,
    text,
    tokens: count,
    lineStart: unit.lineEnd - countNewlines(text, 0, text.length),
    newParagraph: true,
  };
}

/** Chunks text blocks pushed one by one. Pages never share a chunk; sections do only while the chunk is small. */
function createTextChunker(
  target: number,
  overlap: number,
  emit: (text: string, location: ChunkLocation, tokens?: number) => void,
) {
  let current: Unit[] = [];
  let currentTokens = 0;
  /** How many units at the start of `current` were carried over as overlap (never emitted on their own). */
  let carried = 0;
  const flush = () => {
    if (current.length > carried) emit(joinUnits(current), unitsLocation(current), currentTokens);
  };
  const startAfterSizeBreak = () => {
    // Carry the last whole units (or the tail of the last one) into the next chunk.
    const carriedUnits: Unit[] = [];
    let tokens = 0;
    for (let i = current.length - 1; i >= 0; i--) {
      const unit = current[i] as Unit;
      if (tokens + unit.tokens > overlap) {
        if (carriedUnits.length === 0) {
          const tail = tailUnit(unit, overlap);
          if (tail) {
            carriedUnits.unshift(tail);
            tokens += tail.tokens;
          }
        }
        break;
      }
      carriedUnits.unshift(unit);
      tokens += unit.tokens;
    }
    current = carriedUnits;
    currentTokens = tokens;
    carried = carriedUnits.length;
  };
  const push = (block: TextBlock) => {
    const units = textUnits(block, Math.max(1, target - overlap));
    for (const unit of units) {
      const last = current[current.length - 1];
      if (last) {
        const a = last.location;
        const b = unit.location;
        const hardBoundary =
          a.kind !== b.kind || (a.kind === "page" && b.kind === "page" && a.page !== b.page);
        // A new section starts a new chunk, unless the chunk so far is small and shares a top heading with it (a
        // heading line followed by its first subsection stays together) or is tiny (a title, a one-line section).
        const tiny = currentTokens < target / 8;
        const sectionBoundary =
          a.kind === "section" &&
          b.kind === "section" &&
          !sameHeadings(a.headings, b.headings) &&
          current.length > carried &&
          !tiny &&
          (currentTokens >= target / 2 || a.headings[0] !== b.headings[0]);
        const carriedOnly =
          a.kind === "section" &&
          b.kind === "section" &&
          !sameHeadings(a.headings, b.headings) &&
          current.length === carried;
        if (hardBoundary || sectionBoundary || carriedOnly) {
          flush();
          current = [];
          currentTokens = 0;
          carried = 0;
        } else if (currentTokens + unit.tokens > target) {
          flush();
          startAfterSizeBreak();
        }
      }
      current.push(unit);
      currentTokens += unit.tokens;
    }
  };
  const end = () => {
    flush();
    current = [];
    currentTokens = 0;
    carried = 0;
  };
  return { push, end };
}

function escapeCell(cell: string): string {
  return cell.includes("|") ? cell.replaceAll("|", "\\|") : cell;
}

/** A row as a markdown table row: `| v1 | v2 |`. Header words sit in the header line of the same chunk. */
export function renderRow(cells: readonly string[]): string {
  return `| ${cells.map(escapeCell).join(" | ")} |`;
}

/**
 * A row rendered (as renderRow) with its token estimate, counted cell by cell: word runs never cross the ` | `
 * between cells, so the sum over the cells plus one per pipe (two at least) equals estimateTokens of the whole line, without
 * reading the line again.
 */
export function renderRowCounted(cells: readonly string[]): { line: string; tokens: number } {
  let tokens = Math.max(2, cells.length + 1);
  let line = "| ";
  for (let i = 0; i < cells.length; i += 1) {
    const text = escapeCell(cells[i] ?? "");
    tokens += estimateTokens(text);
    line += i === 0 ? text : ` | ${text}`;
  }
  return { line: `${line} |`, tokens };
}

function tableLocation(table: TableHead, rowStart: number, rowEnd: number): ChunkLocation {
  if (table.context.kind === "sheet") {
    return {
      kind: "rows",
      ...(table.context.sheet === undefined ? {} : { sheet: table.context.sheet }),
      rowStart,
      rowEnd,
    };
  }
  return {
    kind: "section",
    headings: table.context.headings,
    table: { index: table.context.tableIndex, rowStart, rowEnd },
  };
}

/**
 * The share of a chunk's tokens the lines repeated at its top (sheet or section, header row) may take. A wider header
 * is cut to the columns that fit, with a note: repeated whole, a 140 KB header over 2,000 short rows made 2,000
 * chunks of 140 KB each (280 MB of text), one row per chunk.
 */
export const MAX_TABLE_PREFIX_SHARE = 0.25;

/** Characters of a sheet name or heading path repeated above a table's rows (a heading can be a whole paragraph). */
const MAX_CONTEXT_CHARS = 200;

function contextLine(label: string, text: string): string {
  const { text: kept, truncated } = cutText(text, MAX_CONTEXT_CHARS);
  return `${label}: ${kept}${truncated ? "…" : ""}`;
}

/**
 * The lines repeated at the top of each of the table's chunks, within `maxTokens`: the sheet or section, then the
 * header row, cut after the columns that fit (the note says how many there are). `kept` is how many columns were kept
 * when the header was cut.
 */
function tablePrefix(table: TableHead, maxTokens: number): { text: string; tokens: number; kept?: number } {
  const lines: string[] = [];
  if (table.context.kind === "sheet" && table.context.sheet !== undefined)
    lines.push(contextLine("Sheet", table.context.sheet));
  if (table.context.kind === "section" && table.context.headings.length > 0) {
    lines.push(contextLine("Section", table.context.headings.join(" > ")));
  }
  const context = lines.join("\n");
  const contextTokens = estimateTokens(context);
  if (table.header.length === 0) return { text: context, tokens: contextTokens };
  const whole = renderRowCounted(table.header);
  if (contextTokens + whole.tokens <= maxTokens) {
    const text = context ? `${context}\n${whole.line}` : whole.line;
    return { text, tokens: contextTokens + whole.tokens };
  }
  const total = table.header.length;
  const note = `(header cut: the first ${total} of ${total} columns are repeated)`;
  const budget = maxTokens - contextTokens - estimateTokens(note) - 1;
  let kept = 0;
  let tokens = 2;
  for (; kept < total; kept++) {
    const cell = estimateTokens(escapeCell(table.header[kept] ?? "")) + 1;
    if (tokens + cell > budget) break;
    tokens += cell;
  }
  const header = `${renderRow(table.header.slice(0, kept))}\n(header cut: the first ${kept} of ${total} columns are repeated)`;
  const text = context ? `${context}\n${header}` : header;
  return { text, tokens: estimateTokens(text), kept };
}

/** Above this a row cannot be embedded whole; it is then split into `header: value` pieces (it never happens otherwise). */
const ROW_HARD_LIMIT_FACTOR = 4;

/** The table's description without its rows: what a streaming reader knows before the first row. */
export type TableHead = Omit<TableBlock, "rows">;

/** Chunks a table's rows pushed one by one: a row is never split (below the hard limit), every chunk starts with the header. */
function createTableChunker(
  table: TableHead,
  target: number,
  emit: (text: string, location: ChunkLocation, tokens?: number) => void,
  warn: (warning: string) => void,
) {
  const repeated = tablePrefix(table, Math.max(8, Math.floor(target * MAX_TABLE_PREFIX_SHARE)));
  const prefix = repeated.text;
  const prefixTokens = repeated.tokens;
  if (repeated.kept !== undefined) {
    const where =
      table.context.kind === "sheet" && table.context.sheet !== undefined
        ? ` of sheet ${table.context.sheet}`
        : "";
    warn(
      `The header row${where} has ${table.header.length} columns, too wide to repeat with every group of rows: only its first ${repeated.kept} are repeated.`,
    );
  }
  const budget = Math.max(1, target - prefixTokens);
  const withPrefix = (lines: string[]) => (prefix ? [prefix, ...lines] : lines).join("\n");
  let lines: string[] = [];
  let tokens = 0;
  let first: TableRow | null = null;
  let last: TableRow | null = null;
  let rowCount = 0;
  const flush = () => {
    if (first && last && lines.length > 0)
      emit(withPrefix(lines), tableLocation(table, first.rowNumber, last.rowNumber), prefixTokens + tokens);
    lines = [];
    tokens = 0;
    first = null;
    last = null;
  };
  const push = (row: TableRow) => {
    rowCount++;
    const { line, tokens: rowTokens } = renderRowCounted(row.cells);
    if (rowTokens > target * ROW_HARD_LIMIT_FACTOR) {
      flush();
      const described = row.cells
        .map((cell, i) => (cell === "" ? "" : `${table.header[i] ? `${table.header[i]}: ` : ""}${cell}`))
        .filter(Boolean)
        .join("\n");
      for (const piece of splitText(described, budget)) {
        emit(withPrefix([piece.text.trim()]), tableLocation(table, row.rowNumber, row.rowNumber));
      }
      return;
    }
    if (lines.length > 0 && tokens + rowTokens > budget) flush();
    lines.push(line);
    tokens += rowTokens;
    if (!first) first = row;
    last = row;
  };
  const end = () => {
    flush();
    // A header with no rows is still content (e.g. a one-row sheet).
    if (rowCount === 0 && prefix && table.headerRowNumber !== undefined) {
      emit(prefix, tableLocation(table, table.headerRowNumber, table.headerRowNumber), prefixTokens);
    }
  };
  return { push, end };
}

function resolveOptions(options: ChunkOptions): { target: number; overlap: number } {
  const target = Math.max(16, options.targetTokens ?? DEFAULT_TARGET_TOKENS);
  const overlap = Math.max(
    0,
    Math.min(options.overlapTokens ?? DEFAULT_OVERLAP_TOKENS, Math.floor(target / 2)),
  );
  return { target, overlap };
}

/**
 * Incremental chunking for streaming readers: push text blocks, or open a table and push its rows; chunks come out
 * through `onChunk` as soon as they are complete, numbered from 0. Same output as `chunkDocument` on the same blocks.
 */
export function createChunker(options: ChunkOptions, onChunk: (chunk: Chunk) => void) {
  const { target, overlap } = resolveOptions(options);
  let index = 0;
  // Parts are joined with whitespace, which the estimate never counts, so a known sum of the parts is exact.
  const emit = (text: string, location: ChunkLocation, tokens?: number) => {
    const trimmed = text.trim();
    if (trimmed === "") return;
    onChunk({ index: index++, text: trimmed, tokenCount: tokens ?? estimateTokens(trimmed), location });
  };
  const textChunker = createTextChunker(target, overlap, emit);
  const warnings = new Set<string>();
  let openTable: ReturnType<typeof createTableChunker> | null = null;
  const closeTable = () => {
    openTable?.end();
    openTable = null;
  };
  return {
    text(block: TextBlock) {
      closeTable();
      textChunker.push(block);
    },
    /** Starts a table (ending any text run or table before it); push its rows with `row`. */
    table(head: TableHead) {
      closeTable();
      textChunker.end();
      openTable = createTableChunker(head, target, emit, (warning) => warnings.add(warning));
    },
    row(row: TableRow) {
      if (!openTable) throw new Error("row() before table()");
      openTable.push(row);
    },
    end() {
      closeTable();
      textChunker.end();
    },
    get count() {
      return index;
    },
    /** Notes for the user about how the text was cut (a header too wide to repeat), each once. */
    get warnings(): string[] {
      return [...warnings];
    },
  };
}

/**
 * Chunks an extracted document. Text: ~targetTokens per chunk on paragraph, then sentence boundaries (Intl.Segmenter),
 * then word boundaries; a word is cut only when it alone exceeds the target; consecutive chunks share ~overlapTokens.
 * Tables: row-wise with the header row repeated in every chunk and no row overlap (each row is a whole record).
 */
export function chunkDocument(doc: ExtractedDocument, options: ChunkOptions = {}): Chunk[] {
  const chunks: Chunk[] = [];
  const chunker = createChunker(options, (chunk) => chunks.push(chunk));
  for (const block of doc.blocks) {
    if (block.kind === "text") {
      chunker.text(block);
    } else {
      const { rows, ...head } = block;
      chunker.table(head);
      for (const row of rows) chunker.row(row);
    }
  }
  chunker.end();
  return chunks;
}
