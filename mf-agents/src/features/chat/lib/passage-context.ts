// A cited passage inside the text it was taken from: which extracted part of the document the citation's location
// points into, and where the excerpt sits in that part's text (so the dialog can show it highlighted in place).
import type { ChunkLocation, ExtractedPart } from "@acp/contracts/knowledge";

function overlaps(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart <= bEnd && bStart <= aEnd;
}

function samePlace(own: ChunkLocation, cited: ChunkLocation): boolean {
  if (own.kind === "page" && cited.kind === "page") return own.page === cited.page;
  if (own.kind === "rows" && cited.kind === "rows") {
    return own.sheet === cited.sheet && overlaps(own.rowStart, own.rowEnd, cited.rowStart, cited.rowEnd);
  }
  if (own.kind === "lines" && cited.kind === "lines") {
    return overlaps(own.lineStart, own.lineEnd, cited.lineStart, cited.lineEnd);
  }
  if (own.kind === "section" && cited.kind === "section") {
    return own.headings.join("\u0000") === cited.headings.join("\u0000");
  }
  return false;
}

/** Index of the part a location falls in, the only part of a one-part document, or -1. */
export function partForLocation(parts: readonly ExtractedPart[], location: ChunkLocation | null): number {
  if (location) {
    const index = parts.findIndex((part) => part.location !== null && samePlace(part.location, location));
    if (index >= 0) return index;
  }
  return parts.length === 1 ? 0 : -1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Where `excerpt` sits in `text`, word for word but blind to how the whitespace between words differs (extraction
 * and chunking re-flow lines), and to the ellipsis a shortened excerpt starts or ends with.
 */
export function findExcerpt(text: string, excerpt: string): { start: number; end: number } | null {
  const words = excerpt
    .replace(/^[\s…]+|[\s…]+$/g, "")
    .split(/\s+/)
    .filter((word) => word !== "");
  if (words.length === 0) return null;
  const match = new RegExp(words.map(escapeRegExp).join("\\s+")).exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : null;
}

export type PassageInContext = { before: string; passage: string; after: string };

/** The excerpt with up to `radius` characters of its surroundings either side, cut at a word; null when absent. */
export function passageInContext(text: string, excerpt: string, radius = 400): PassageInContext | null {
  const found = findExcerpt(text, excerpt);
  if (!found) return null;
  let from = Math.max(0, found.start - radius);
  let to = Math.min(text.length, found.end + radius);
  if (from > 0) {
    const space = text.indexOf(" ", from);
    from = space >= 0 && space < found.start ? space + 1 : found.start;
  }
  if (to < text.length) {
    const cut = text.lastIndexOf(" ", to);
    to = Math.max(cut, found.end);
  }
  return {
    before: `${from > 0 ? "…" : ""}${text.slice(from, found.start)}`,
    passage: text.slice(found.start, found.end),
    after: `${text.slice(found.end, to)}${to < text.length ? "…" : ""}`,
  };
}
