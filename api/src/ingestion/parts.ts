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

/** Lines of `text` (0 for none): a cut text's last line counts, part of it is shown. */
function countLines(text: string): number {
  if (text === "") return 0;
  let lines = 1;
  for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) lines++;
  return lines;
}

/** The numbers of the lines `text` still holds, once it was cut from the text the numbers were collected for. */
export function numbersOfLinesKept(text: string, lineNumbers: readonly number[]): number[] {
  return lineNumbers.slice(0, countLines(text));
}

/**
 * A part, its text trimmed and cut to PART_TEXT_LIMIT. `lineNumbers` (a table's: the row number of each line of
 * `text`, whose lines are never blank, so trimming removes none) are cut to the lines kept.
 */
export function makePart(
  label: string,
  location: ChunkLocation | null,
  text: string,
  ocr: boolean,
  lineNumbers?: readonly number[],
): ExtractedDocumentPart {
  const trimmed = text.trim();
  const { text: kept, truncated } = cutText(trimmed, PART_TEXT_LIMIT);
  const part: ExtractedDocumentPart = {
    label,
    location,
    text: kept,
    truncated,
    hasText: trimmed.length > 0,
    ocr,
  };
  if (lineNumbers && kept !== "") part.lineNumbers = numbersOfLinesKept(kept, lineNumbers);
  return part;
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
