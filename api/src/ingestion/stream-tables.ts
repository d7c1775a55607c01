// Reads tables row by row in bounded memory, CSV files and XLSX workbooks: the only readers of these formats.
import Papa from "papaparse";
import { makePart } from "./parts";
import { findHeaderIndex, normaliseCell } from "./sheet-grid";
import {
  type BlockOutput,
  openTextStream,
  previewCollector,
  progressReporter,
  type ReadSummary,
  readFailure,
  type StreamSource,
} from "./stream-reading";
import { type ExtractedDocumentPart, ExtractionError, type TableRow } from "./types";
import { readXlsxRows } from "./xlsx-reader";

/**
 * Streams one table (a CSV, a sheet) into the output: cells whitespace-normalised, empty rows dropped, the header
 * found among the first 20 rows (rows above it become a headerless table). Columns empty in every row stay: a stream
 * cannot know that before its end.
 */
function createTableStreamer(out: BlockOutput, sheet: string | undefined) {
  const context = { kind: "sheet" as const, ...(sheet === undefined ? {} : { sheet }) };
  const preview = previewCollector();
  /** The row number of each preview line. */
  const lineNumbers: number[] = [];
  const buffered: TableRow[] = [];
  let headerChosen = false;
  let firstRow = 0;
  let lastRow = 0;
  const startTable = () => {
    headerChosen = true;
    const headerIndex = findHeaderIndex(buffered);
    if (headerIndex > 0) {
      out.table({ kind: "table", header: [], context });
      for (const row of buffered.slice(0, headerIndex)) out.row(row);
    }
    const headerRow = buffered[headerIndex] as TableRow;
    out.table({ kind: "table", header: headerRow.cells, headerRowNumber: headerRow.rowNumber, context });
    for (const row of buffered.slice(headerIndex + 1)) out.row(row);
    buffered.length = 0;
  };
  return {
    row({ rowNumber, cells }: TableRow) {
      let any = false;
      for (let c = 0; c < cells.length; c++) {
        const value = normaliseCell(cells[c] ?? "");
        cells[c] = value;
        if (value !== "") any = true;
      }
      if (!any) return;
      while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop();
      if (firstRow === 0) firstRow = rowNumber;
      lastRow = rowNumber;
      if (preview.open) {
        preview.add(cells.join("\t"));
        lineNumbers.push(rowNumber);
      }
      const row = { rowNumber, cells };
      if (headerChosen) {
        out.row(row);
      } else {
        buffered.push(row);
        if (buffered.length >= 20) startTable();
      }
    },
    /** Ends the table; the range of rows it held, or null when it had none. */
    end(): { rowStart: number; rowEnd: number } | null {
      if (!headerChosen && buffered.length > 0) startTable();
      return firstRow === 0 ? null : { rowStart: firstRow, rowEnd: lastRow };
    },
    get preview() {
      return preview.text;
    },
    get lineNumbers(): readonly number[] {
      return lineNumbers;
    },
  };
}

/** Reads a CSV: encoding detected, delimiter sniffed by papaparse, quoted multi-line fields kept, header found. */
export async function streamCsv(source: StreamSource, out: BlockOutput): Promise<ReadSummary> {
  const stream = await openTextStream(source, out);
  const { encoding, input } = stream;
  const delimiter = Papa.parse<string[]>(stream.headText().slice(0, 64 * 1024), {
    preview: 100,
    skipEmptyLines: true,
  }).meta.delimiter;
  const table = createTableStreamer(out, undefined);
  input.on("data", (text: string) => stream.read(text));
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { delimiter, skipEmptyLines: false });
  // pipe() does not forward a read error: end the parser (destroying it makes papaparse spin) and report it below.
  let readError: unknown = null;
  input.on("error", (error) => {
    readError = error;
    input.unpipe(parser);
    parser.end();
  });
  input.pipe(parser);
  let rowNumber = 0;
  const onRow = (cells: string[]) => {
    rowNumber++;
    table.row({ rowNumber, cells });
  };
  // Rows are taken as 'data' events in flowing mode, so papaparse's own pause/resume (which re-slices the rest of its
  // input block on every resume: quadratic on blocks of short rows) only happens when a chunk batch is being consumed.
  try {
    await new Promise<void>((resolve, reject) => {
      parser.on("data", (cells: string[]) => {
        try {
          onRow(cells);
        } catch (error) {
          reject(error);
          return;
        }
        const wait = out.takePending();
        if (wait) {
          parser.pause();
          wait.then(() => parser.resume(), reject);
        }
      });
      parser.on("end", () => resolve());
      parser.on("error", reject);
    });
  } catch (error) {
    // Stop reading: nothing more is wanted from this file.
    input.unpipe(parser);
    input.destroy();
    if (error instanceof ExtractionError) throw error;
    throw new ExtractionError("damaged", `could not read the CSV: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (readError) throw readFailure(readError);
  const rows = table.end();
  await out.end();
  if (!rows) throw new ExtractionError("no-text", "the file contains no rows");
  return {
    format: "csv",
    parts: [makePart("Table", { kind: "rows", ...rows }, table.preview, false, table.lineNumbers)],
    warnings: out.warnings,
    encoding: encoding.encoding,
  };
}

/** Reads an XLSX: every sheet in workbook order as a table (see xlsx-reader.ts for the cells). */
export async function streamXlsx(source: StreamSource, out: BlockOutput): Promise<ReadSummary> {
  const parts: ExtractedDocumentPart[] = [];
  let current: { name: string; table: ReturnType<typeof createTableStreamer> } | undefined;
  let filled = false;
  const endSheet = () => {
    if (!current) return;
    const rows = current.table.end();
    filled ||= rows !== null;
    parts.push(
      makePart(
        `Sheet ${current.name}`,
        rows ? { kind: "rows", sheet: current.name, ...rows } : null,
        current.table.preview,
        false,
        current.table.lineNumbers,
      ),
    );
  };
  let report: ((bytesRead: number) => void) | undefined;
  await readXlsxRows(source, {
    onSheet(sheet) {
      endSheet();
      current = { name: sheet.name, table: createTableStreamer(out, sheet.name) };
    },
    onRows(rows) {
      for (const row of rows) current?.table.row(row);
      return out.takePending();
    },
    onProgress(done, total) {
      report ??= progressReporter(total, out.onProgress);
      report(done);
    },
  });
  endSheet();
  await out.end();
  if (!filled) throw new ExtractionError("no-text", "the workbook has no filled cells");
  return { format: "xlsx", parts, warnings: out.warnings };
}
