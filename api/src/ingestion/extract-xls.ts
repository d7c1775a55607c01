// Extracts legacy XLS with SheetJS 0.20.3 (@e965/xlsx): every sheet, formatted cell text, merged cells expanded.
import type * as XLSX from "@e965/xlsx";
import { dateText, numberText } from "./cell-text";
import { expandMerges, gridToRows, rowsToSheet, type SheetGrid } from "./sheet-grid";
import {
  type ExtractedDocument,
  type ExtractedDocumentPart,
  ExtractionError,
  type TableBlock,
} from "./types";

function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return "";
  // `w` is the value as the sheet formats it (dates, percentages, currencies); else the raw value.
  if (typeof cell.w === "string" && cell.w !== "") return cell.w;
  const v = cell.v;
  if (v === undefined || v === null) return "";
  if (v instanceof Date) return dateText(v);
  if (typeof v === "number") return numberText(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  return String(v);
}

export async function extractXls(bytes: Uint8Array): Promise<ExtractedDocument> {
  // Loaded on first use, so an extraction child that never reads a workbook never loads SheetJS.
  const XLSX = await import("@e965/xlsx");
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: "array",
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
    });
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    if (/password/i.test(message))
      throw new ExtractionError("encrypted", "password-protected workbook", { cause: error });
    throw new ExtractionError("damaged", `not a valid Excel 97-2003 workbook: ${message}`, { cause: error });
  }
  const parts: ExtractedDocumentPart[] = [];
  const blocks: TableBlock[] = [];
  for (const name of workbook.SheetNames) {
    const sheet = workbook.Sheets[name];
    const grid: SheetGrid = new Map();
    if (sheet?.["!ref"]) {
      const range = XLSX.utils.decode_range(sheet["!ref"]);
      for (let r = range.s.r; r <= range.e.r; r++) {
        const cells: string[] = [];
        let any = false;
        for (let c = range.s.c; c <= range.e.c; c++) {
          const text = cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined);
          if (text !== "") {
            cells[c] = text;
            any = true;
          }
        }
        if (any) grid.set(r + 1, cells);
      }
      const merges = (sheet["!merges"] ?? []).map((m) => ({
        top: m.s.r + 1,
        bottom: m.e.r + 1,
        left: m.s.c,
        right: m.e.c,
      }));
      expandMerges(grid, merges);
    }
    const result = rowsToSheet(name, gridToRows(grid), `Sheet ${name}`);
    parts.push(result.part);
    blocks.push(...result.blocks);
  }
  if (blocks.length === 0) throw new ExtractionError("no-text", "the workbook has no filled cells");
  return { format: "xls", parts, blocks, warnings: [] };
}
