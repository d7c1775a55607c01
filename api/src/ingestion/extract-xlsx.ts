// Extracts an XLSX held in memory: the XLSX reader's rows, then whole-sheet tables (columns empty in every row dropped).
import { rowsToSheet } from "./sheet-grid";
import {
  type ExtractedDocument,
  type ExtractedDocumentPart,
  ExtractionError,
  type TableBlock,
  type TableRow,
} from "./types";
import { readXlsxRows } from "./xlsx-reader";

export async function extractXlsx(bytes: Uint8Array): Promise<ExtractedDocument> {
  const sheets: { name: string; rows: TableRow[] }[] = [];
  await readXlsxRows(
    { bytes },
    {
      onSheet: (sheet) => {
        sheets.push({ name: sheet.name, rows: [] });
      },
      onRows: (rows) => {
        const sheet = sheets[sheets.length - 1];
        if (sheet) for (const row of rows) sheet.rows.push(row);
        return undefined;
      },
    },
  );
  const parts: ExtractedDocumentPart[] = [];
  const blocks: TableBlock[] = [];
  for (const sheet of sheets) {
    const result = rowsToSheet(sheet.name, sheet.rows, `Sheet ${sheet.name}`);
    parts.push(result.part);
    blocks.push(...result.blocks);
  }
  if (blocks.length === 0) throw new ExtractionError("no-text", "the workbook has no filled cells");
  return { format: "xlsx", parts, blocks, warnings: [] };
}
