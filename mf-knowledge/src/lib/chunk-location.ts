// Human wording of a chunk's location ("Page 3", "Sheet Ersatzteilliste, rows 4-9", "Heading A › B", "Lines 10-24"),
// the place a link to it names ("page 3", "table 1, row 2"), its link form for the document detail, and which
// extracted part (and which of its lines) it points into.
import type { ChunkLocation, ExtractedPart } from "@acp/contracts/knowledge";

function range(singular: string, plural: string, start: number, end: number): string {
  return start === end ? `${singular} ${start}` : `${plural} ${start}-${end}`;
}

export function formatChunkLocation(location: ChunkLocation | null | undefined): string {
  if (!location) return "Whole document";
  switch (location.kind) {
    case "page":
      return location.ocr ? `Page ${location.page} (OCR)` : `Page ${location.page}`;
    case "rows": {
      const rows = range("row", "rows", location.rowStart, location.rowEnd);
      return location.sheet
        ? `Sheet ${location.sheet}, ${rows}`
        : rows.charAt(0).toUpperCase() + rows.slice(1);
    }
    case "section": {
      const path = location.headings.length > 0 ? location.headings.join(" › ") : "Start of the document";
      if (!location.table) return path;
      const rows = range("row", "rows", location.table.rowStart, location.table.rowEnd);
      return `${path}, table ${location.table.index}, ${rows}`;
    }
    case "lines":
      return range("Line", "Lines", location.lineStart, location.lineEnd);
  }
}

/**
 * The place a link opens, read as a place after "Open": "page 3", "sheet Budget, rows 4-9", "table 1, row 2",
 * "lines 10-24", "section Pricing › Discounts", "the document".
 */
export function formatLinkPlace(location: ChunkLocation | null | undefined): string {
  if (!location) return "the document";
  switch (location.kind) {
    case "page":
      return `page ${location.page}`;
    case "rows": {
      const rows = range("row", "rows", location.rowStart, location.rowEnd);
      return location.sheet ? `sheet ${location.sheet}, ${rows}` : rows;
    }
    case "section":
      if (location.table) {
        const rows = range("row", "rows", location.table.rowStart, location.table.rowEnd);
        return `table ${location.table.index}, ${rows}`;
      }
      return location.headings.length > 0
        ? `section ${location.headings.join(" › ")}`
        : "the start of the document";
    case "lines":
      return range("line", "lines", location.lineStart, location.lineEnd);
  }
}

/** The `at` search parameter of a link into the document detail. */
export function encodeChunkLocation(location: ChunkLocation): string {
  return JSON.stringify(location);
}

const isPositiveInt = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;
const isRange = (start: unknown, end: unknown) => isPositiveInt(start) && isPositiveInt(end) && start <= end;

/** The contract's location shapes, checked by hand: this runs in the browser, which should not ship zod for it. */
function isChunkLocation(value: unknown): value is ChunkLocation {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  switch (v.kind) {
    case "page":
      return isPositiveInt(v.page) && (v.ocr === undefined || typeof v.ocr === "boolean");
    case "rows":
      return isRange(v.rowStart, v.rowEnd) && (v.sheet === undefined || typeof v.sheet === "string");
    case "lines":
      return isRange(v.lineStart, v.lineEnd);
    case "section": {
      if (!Array.isArray(v.headings) || !v.headings.every((h) => typeof h === "string")) return false;
      if (v.table === undefined) return true;
      const table = v.table as Record<string, unknown> | null;
      return table !== null && isPositiveInt(table.index) && isRange(table.rowStart, table.rowEnd);
    }
    default:
      return false;
  }
}

/** Reads an `at` parameter back; anything malformed (hand-edited URLs) is ignored rather than trusted. */
export function decodeChunkLocation(value: string | null): ChunkLocation | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isChunkLocation(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Index of the extracted part a location falls in (the page, the sheet, or the only part), or -1. */
export function findPartForLocation(parts: readonly ExtractedPart[], location: ChunkLocation | null): number {
  if (!location) return -1;
  const exact = parts.findIndex((part) => {
    const own = part.location;
    if (!own || own.kind !== location.kind) return false;
    if (own.kind === "page" && location.kind === "page") return own.page === location.page;
    if (own.kind === "rows" && location.kind === "rows") {
      return (
        own.sheet === location.sheet && own.rowStart <= location.rowEnd && location.rowStart <= own.rowEnd
      );
    }
    if (own.kind === "lines" && location.kind === "lines") {
      return own.lineStart <= location.lineEnd && location.lineStart <= own.lineEnd;
    }
    if (own.kind === "section" && location.kind === "section") {
      return own.headings.join("\u0000") === location.headings.join("\u0000");
    }
    return false;
  });
  if (exact >= 0) return exact;
  if (location.kind === "rows" && location.sheet) {
    const sheet = parts.findIndex((part) => part.label === `Sheet ${location.sheet}`);
    if (sheet >= 0) return sheet;
  }
  return parts.length === 1 ? 0 : -1;
}

export type NumberedLine = { number: number; text: string };

/**
 * A sheet part's preview lines with their row numbers. The API says each line's row (`lineNumbers`): exact though
 * blank rows were skipped or the preview was cut. Parts stored before it did have none: then the numbers are inferred
 * (the preview holds the non-empty rows from rowStart to rowEnd, one per line), which is exact only when nothing is
 * cut and no row is missing. Null when they cannot be known: better no numbers than wrong ones.
 */
export function numberSheetRows(part: ExtractedPart): NumberedLine[] | null {
  const own = part.location;
  if (own?.kind !== "rows" || !part.hasText) return null;
  const lines = part.text.split("\n");
  const numbers = part.lineNumbers;
  if (numbers) {
    if (numbers.length !== lines.length) return null;
    return lines.map((text, index) => ({ number: numbers[index] as number, text }));
  }
  if (part.truncated || lines.length !== own.rowEnd - own.rowStart + 1) return null;
  return lines.map((text, index) => ({ number: own.rowStart + index, text }));
}
