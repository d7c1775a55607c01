// Extracts CSV: encoding detected, delimiter sniffed by papaparse, quoted multi-line fields kept, first row as header.
import Papa from "papaparse";
import { decodeText } from "./decode-text";
import { rowsToSheet } from "./sheet-grid";
import { type ExtractedDocument, ExtractionError, type TableRow } from "./types";

export function extractCsv(bytes: Uint8Array): ExtractedDocument {
  const decoded = decodeText(bytes);
  const text = decoded.text.replace(/^\uFEFF/, "");
  const rows: TableRow[] = [];
  const warnings: string[] = [];
  let quoteProblems = 0;
  // Row numbers as a spreadsheet shows the file: the header is row 1, the first record row 2.
  let rowNumber = 0;
  // Sniff on a sample without blank lines (papaparse's guess counts them as one-field rows and gives up), then parse
  // everything with that delimiter so blank lines still count in the row numbers.
  const delimiter = Papa.parse<string[]>(text.slice(0, 64 * 1024), { preview: 100, skipEmptyLines: true })
    .meta.delimiter;
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    step: (result) => {
      rowNumber++;
      if (result.errors.some((e) => e.type === "Quotes")) quoteProblems++;
      rows.push({ rowNumber, cells: result.data });
    },
  });
  if (quoteProblems > 0)
    warnings.push(`${quoteProblems} row(s) have unbalanced quotes and were read as they are`);
  const { blocks, part } = rowsToSheet(undefined, rows, "Table");
  if (blocks.length === 0) throw new ExtractionError("no-text", "the file contains no rows");
  return { format: "csv", parts: [part], blocks, warnings, encoding: decoded.encoding };
}
