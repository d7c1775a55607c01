// Builds the per-page/per-sheet parts of an extracted document, each cut to a bounded preview length.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { type ExtractedDocumentPart, PART_TEXT_LIMIT } from "./types";

/** Cuts at a code-point boundary so a surrogate pair is never halved. */
export function cutText(text: string, limit: number): { text: string; truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  let end = limit;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), truncated: true };
}

export function makePart(
  label: string,
  location: ChunkLocation | null,
  text: string,
  ocr: boolean,
): ExtractedDocumentPart {
  const trimmed = text.trim();
  const { text: kept, truncated } = cutText(trimmed, PART_TEXT_LIMIT);
  return { label, location, text: kept, truncated, hasText: trimmed.length > 0, ocr };
}

/** Joins texts with `separator`, stopping once PART_TEXT_LIMIT is passed (a preview never needs more). */
export function joinForPart(texts: Iterable<string>, separator: string): string {
  const kept: string[] = [];
  let length = 0;
  for (const text of texts) {
    kept.push(text);
    length += text.length + separator.length;
    if (length > PART_TEXT_LIMIT) break;
  }
  return kept.join(separator);
}
