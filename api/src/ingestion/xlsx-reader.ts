// Reads an XLSX file row by row: sheets in workbook order, shared strings, date styles, cached formula values, merged cells expanded.
import type { TableRow } from "./types";
import { ExtractionError } from "./types";
import { openArchive, parseStream, type XlsxSource } from "./xlsx-archive";
import { createMergeFiller, readTrailingParts } from "./xlsx-merges";
import { createSheetParser } from "./xlsx-sheet-parser";
import { readDateStyles, readSharedStrings, readWorkbook, type XlsxSheetInfo } from "./xlsx-workbook";

export type XlsxReadHandlers = {
  /** A sheet starts (workbook order, hidden ones too). */
  onSheet: (sheet: XlsxSheetInfo) => void;
  /** Rows of the current sheet in order, merged cells filled; a returned promise is awaited (backpressure). */
  onRows: (rows: TableRow[]) => undefined | Promise<void>;
  /** Uncompressed bytes of the sheets read so far, out of their total. */
  onProgress?: (done: number, total: number) => void;
};

/** Rows handed to `onRows` at a time when merges add rows the sheet does not list. */
const ROW_BATCH = 1024;

/**
 * Streams the rows of every worksheet of an XLSX, in workbook order: shared strings, date styles and cached formula
 * values as Excel shows them, merged ranges' values once per row they cover and empty linked cells with the link.
 * Memory holds the shared strings, the styles, one sheet's merged ranges and links, and one piece of its XML,
 * whatever the number of rows.
 */
export async function readXlsxRows(
  source: XlsxSource,
  handlers: XlsxReadHandlers,
): Promise<{ sheets: number }> {
  const archive = await openArchive(source);
  try {
    const workbook = await readWorkbook(archive);
    if (workbook.sheets.length === 0) {
      throw new ExtractionError("invalid", "not a valid XLSX: the workbook has no sheets");
    }
    const dateStyles = await readDateStyles(archive, workbook.stylesPath);
    const sharedStrings = await readSharedStrings(archive, workbook.sharedStringsPath);
    const total = workbook.sheets.reduce(
      (sum, sheet) => sum + (archive.entries.get(sheet.path.toLowerCase())?.uncompressedSize ?? 0),
      0,
    );
    let done = 0;
    for (const sheet of workbook.sheets) {
      handlers.onSheet(sheet);
      const trailing = await readTrailingParts(archive, sheet.path);
      const merges = createMergeFiller(trailing.merges);
      const stream = await archive.stream(sheet.path);
      if (!stream) continue;
      // Each listed row brings its rows (merges may add some before it), read only when flushed, in batches.
      let pending: Iterable<TableRow>[] = [];
      const parser = createSheetParser({
        sharedStrings,
        dateStyles,
        date1904: workbook.date1904,
        onRow: (row) => {
          for (const [column, text] of trailing.links.get(row.rowNumber) ?? []) {
            if ((row.cells[column] ?? "") === "") row.cells[column] = text;
          }
          pending.push(merges.row(row));
        },
      });
      const flush = async () => {
        const sources = pending;
        pending = [];
        let batch: TableRow[] = [];
        for (const source of sources) {
          for (const row of source) {
            batch.push(row);
            if (batch.length >= ROW_BATCH) {
              await handlers.onRows(batch);
              batch = [];
            }
          }
        }
        if (batch.length > 0) await handlers.onRows(batch);
      };
      await parseStream(stream, parser, async (bytes) => {
        done += bytes;
        handlers.onProgress?.(done, total);
        await flush();
      });
      pending.push(merges.end());
      await flush();
    }
    return { sheets: workbook.sheets.length };
  } finally {
    archive.close();
  }
}
