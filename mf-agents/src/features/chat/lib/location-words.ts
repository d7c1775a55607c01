// Where a cited passage sits, in words for people: "Page 3", "Sheet Budget, rows 4–9", "Lines 10–24",
// "Pricing › Discounts, table 1, row 2". The knowledge remote words locations for its own screens; a remote never
// imports another's source, and this is small enough to keep here.
import type { ChunkLocation } from "@acp/contracts/knowledge";

function span(one: string, many: string, start: number, end: number): string {
  return start === end ? `${one} ${start}` : `${many} ${start}–${end}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function locationInWords(location: ChunkLocation | null): string {
  if (!location) return "Whole document";
  switch (location.kind) {
    case "page":
      return location.ocr ? `Page ${location.page} (read by OCR)` : `Page ${location.page}`;
    case "rows": {
      const rows = span("row", "rows", location.rowStart, location.rowEnd);
      return location.sheet ? `Sheet ${location.sheet}, ${rows}` : capitalise(rows);
    }
    case "lines":
      return span("Line", "Lines", location.lineStart, location.lineEnd);
    case "section": {
      const path = location.headings.length > 0 ? location.headings.join(" › ") : "Start of the document";
      if (!location.table) return path;
      return `${path}, table ${location.table.index}, ${span("row", "rows", location.table.rowStart, location.table.rowEnd)}`;
    }
  }
}
