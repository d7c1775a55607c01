// Extracts XLSX with exceljs: every sheet, merged cells expanded, formulas as their cached values, dates as ISO dates.
import type ExcelJS from "exceljs";
import { dateText, numberText } from "./cell-text";
import { expandMerges, gridToRows, type MergeRange, rowsToSheet, type SheetGrid } from "./sheet-grid";
import { displayName, listZipEntries } from "./sniff-file-type";
import {
  type ExtractedDocument,
  type ExtractedDocumentPart,
  ExtractionError,
  type TableBlock,
} from "./types";

const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

/** Text of an exceljs cell value of any kind (rich text, hyperlink, formula result, error, date). */
export function excelValueText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof Date) return dateText(value);
  if (typeof value === "object") {
    if ("richText" in value && Array.isArray(value.richText))
      return value.richText.map((r) => r.text).join("");
    if ("formula" in value || "sharedFormula" in value) {
      const result = (value as { result?: unknown }).result;
      if (result === undefined || result === null) return "";
      if (typeof result === "object" && result !== null && "error" in result)
        return String((result as { error: string }).error);
      return excelValueText(result as ExcelJS.CellValue);
    }
    if ("hyperlink" in value) {
      const link = value as ExcelJS.CellHyperlinkValue;
      const text = typeof link.text === "string" ? link.text : excelValueText(link.text as ExcelJS.CellValue);
      return text || link.hyperlink || "";
    }
    if ("error" in value) return String((value as ExcelJS.CellErrorValue).error);
    if ("text" in value) return String((value as { text: unknown }).text ?? "");
  }
  return String(value);
}

function decodeAddress(address: string): { row: number; col: number } | null {
  const match = /^\$?([A-Z]+)\$?(\d+)$/.exec(address.toUpperCase());
  if (!match) return null;
  let col = 0;
  for (const ch of match[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(match[2]), col: col - 1 };
}

export function parseMergeRange(range: string): MergeRange | null {
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

export async function extractXlsx(bytes: Uint8Array, fileName: string): Promise<ExtractedDocument> {
  if (OLE2_MAGIC.every((b, i) => bytes[i] === b)) {
    throw new ExtractionError("encrypted", "password-protected workbook");
  }
  const entries = await listZipEntries(bytes);
  if (entries === null)
    throw new ExtractionError("damaged", "not a valid XLSX: the ZIP archive is damaged or truncated");
  if (!entries.some((name) => name.startsWith("xl/"))) {
    throw new ExtractionError("invalid", "not a valid XLSX: no workbook part");
  }
  // Loaded on first use, so an extraction child that never reads a workbook never loads exceljs.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    await workbook.xlsx.load(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer,
    );
  } catch (error) {
    const message = (error as Error).message ?? "";
    if (/central directory|zip|signature|corrupted/i.test(message)) {
      throw new ExtractionError("damaged", `not a valid XLSX: the ZIP archive is damaged or truncated`, {
        cause: error,
      });
    }
    if (/workbook|\.rels|xl\//i.test(message)) {
      throw new ExtractionError("invalid", "not a valid XLSX: no workbook part", { cause: error });
    }
    throw new ExtractionError("damaged", `damaged workbook (${displayName(fileName)}): ${message}`, {
      cause: error,
    });
  }
  const parts: ExtractedDocumentPart[] = [];
  const blocks: TableBlock[] = [];
  for (const sheet of workbook.worksheets) {
    const grid: SheetGrid = new Map();
    sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
        // Slave cells of a merge report the master's value; expandMerges below fills rows exceljs does not list.
        cells[colNumber - 1] = excelValueText(cell.isMerged && cell.master !== cell ? null : cell.value);
      });
      grid.set(rowNumber, cells);
    });
    const merges = (sheet.model.merges ?? []).map(parseMergeRange).filter((m): m is MergeRange => m !== null);
    expandMerges(grid, merges);
    const sheetResult = rowsToSheet(sheet.name, gridToRows(grid), `Sheet ${sheet.name}`);
    parts.push(sheetResult.part);
    blocks.push(...sheetResult.blocks);
  }
  if (workbook.worksheets.length === 0)
    throw new ExtractionError("invalid", "not a valid XLSX: the workbook has no sheets");
  if (blocks.length === 0) throw new ExtractionError("no-text", "the workbook has no filled cells");
  return { format: "xlsx", parts, blocks, warnings: [] };
}
