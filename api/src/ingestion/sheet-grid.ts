// Turns a sheet's cell grid (xlsx, xls, csv) into table blocks: merged cells expanded, empty columns dropped, header found.
import { joinForPart, makePart } from "./parts";
import type { ExtractedDocumentPart, TableBlock, TableRow } from "./types";

/** Rows of a sheet keyed by their 1-based row number; cells are 0-based columns. */
export type SheetGrid = Map<number, string[]>;

export type MergeRange = { top: number; left: number; bottom: number; right: number };

/**
 * Shows each merged range's top-left value once per row it covers, in the range's first column, and empties the
 * range's other cells (1-based rows, 0-based columns): Excel shows the value once across the range's width, and
 * repeating it in every column made a title read 8 times in one row of the chunk text.
 */
export function expandMerges(grid: SheetGrid, merges: MergeRange[]): void {
  for (const merge of merges) {
    const value = grid.get(merge.top)?.[merge.left] ?? "";
    if (value === "") continue;
    for (let r = merge.top; r <= merge.bottom; r++) {
      let row = grid.get(r);
      if (!row) {
        row = [];
        grid.set(r, row);
      }
      const last = Math.min(merge.right, row.length - 1);
      for (let c = merge.left + 1; c <= last; c++) row[c] = "";
      row[merge.left] = value;
    }
  }
}

/** Whitespace other than single inner spaces: only such cells need the (slower) replace. */
const NEEDS_NORMALISING = /\s\s|[^\S ]|^\s|\s$/;

/** Same answer as NEEDS_NORMALISING, by one pass over the characters when the cell is ASCII (most are). */
function needsNormalising(value: string): boolean {
  const last = value.length - 1;
  let previousSpace = false;
  for (let i = 0; i <= last; i++) {
    const c = value.charCodeAt(i);
    if (c >= 128) return NEEDS_NORMALISING.test(value);
    if (c === 32) {
      if (i === 0 || i === last || previousSpace) return true;
      previousSpace = true;
    } else if (c >= 9 && c <= 13) {
      return true;
    } else {
      previousSpace = false;
    }
  }
  return false;
}

export function normaliseCell(value: string): string {
  return needsNormalising(value) ? value.replace(/\s+/g, " ").trim() : value;
}

/** The grid's non-empty rows, sorted, with their row numbers. */
export function gridToRows(grid: SheetGrid): TableRow[] {
  const rows: TableRow[] = [];
  for (const [rowNumber, cells] of grid) rows.push({ rowNumber, cells: Array.from(cells, (c) => c ?? "") });
  rows.sort((a, b) => a.rowNumber - b.rowNumber);
  return rows;
}

/**
 * The header: among the first 20 rows, the first whose count of distinct non-empty values reaches 60% of the widest
 * such row (titles merged across columns, "Customer:" lines above the table are skipped); 0 for a one-value table.
 */
export function findHeaderIndex(rows: TableRow[]): number {
  const limit = Math.min(rows.length, 20);
  const distinct = rows.slice(0, limit).map((row) => new Set(row.cells.filter((c) => c !== "")).size);
  const widest = Math.max(0, ...distinct);
  if (widest < 2) return 0;
  const index = distinct.findIndex((n) => n >= 2 && n >= widest * 0.6);
  return Math.max(0, index);
}

/**
 * Table blocks and the detail-view part of one sheet (or CSV). Cells are whitespace-normalised and empty rows dropped
 * (in place: a 200 MB CSV is not copied); columns empty in every row are dropped; rows above the header (titles)
 * become a headerless table so nothing is lost.
 */
export function rowsToSheet(
  sheet: string | undefined,
  input: TableRow[],
  label: string,
): { blocks: TableBlock[]; part: ExtractedDocumentPart } {
  let width = 0;
  const rows: TableRow[] = [];
  for (const row of input) {
    let any = false;
    for (let c = 0; c < row.cells.length; c++) {
      const value = normaliseCell(row.cells[c] ?? "");
      row.cells[c] = value;
      if (value !== "") any = true;
    }
    if (any) {
      rows.push(row);
      width = Math.max(width, row.cells.length);
    }
  }
  if (rows.length === 0) return { blocks: [], part: makePart(label, null, "", false) };
  const usedFlags = new Array<boolean>(width).fill(false);
  for (const row of rows)
    for (let c = 0; c < row.cells.length; c++) if (row.cells[c] !== "") usedFlags[c] = true;
  const used: number[] = [];
  usedFlags.forEach((flag, c) => {
    if (flag) used.push(c);
  });
  const dropColumns = used.length < width;
  for (const row of rows) {
    if (dropColumns) row.cells = used.map((c) => row.cells[c] ?? "");
    while (row.cells.length > 0 && row.cells[row.cells.length - 1] === "") row.cells.pop();
  }
  const headerIndex = findHeaderIndex(rows);
  const blocks: TableBlock[] = [];
  const context = { kind: "sheet" as const, ...(sheet === undefined ? {} : { sheet }) };
  if (headerIndex > 0) blocks.push({ kind: "table", header: [], rows: rows.slice(0, headerIndex), context });
  const headerRow = rows[headerIndex] as TableRow;
  blocks.push({
    kind: "table",
    header: used.map((_, i) => headerRow.cells[i] ?? ""),
    headerRowNumber: headerRow.rowNumber,
    rows: rows.slice(headerIndex + 1),
    context,
  });
  const first = (rows[0] as TableRow).rowNumber;
  const last = (rows[rows.length - 1] as TableRow).rowNumber;
  // One preview line per row, numbered as it goes (joinForPart stops taking rows once the preview is full).
  const lineNumbers: number[] = [];
  const text = joinForPart(
    (function* () {
      for (const row of rows) {
        lineNumbers.push(row.rowNumber);
        yield row.cells.join("\t");
      }
    })(),
    "\n",
  );
  return {
    blocks,
    part: makePart(
      label,
      { kind: "rows", ...(sheet === undefined ? {} : { sheet }), rowStart: first, rowEnd: last },
      text,
      false,
      lineNumbers,
    ),
  };
}
