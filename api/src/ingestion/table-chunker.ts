// Chunks tables row-wise: a row is never split, the sheet or section and the header row head every chunk.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { estimateTokens } from "./estimate-tokens";
import { cutText } from "./parts";
import { splitText } from "./split-text";
import type { TableBlock, TableRow } from "./types";

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
const MAX_TABLE_PREFIX_SHARE = 0.25;

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
export function createTableChunker(
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
