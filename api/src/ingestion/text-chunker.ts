// Chunks runs of text: paragraph and sentence boundaries, chunk-to-chunk overlap, pages and sections kept apart.
import type { ChunkLocation } from "@acp/contracts/knowledge";
import { estimateTokens } from "./estimate-tokens";
import { countNewlines, hardSlices, splitText } from "./split-text";
import type { TextBlock, TextBlockLocation } from "./types";

type Unit = {
  text: string;
  tokens: number;
  location: TextBlockLocation;
  /** Lines covered (for "lines" locations). */
  lineStart: number;
  lineEnd: number;
  /** First piece of a paragraph: joined to the previous unit with a blank line. */
  newParagraph: boolean;
};

function textUnits(block: TextBlock, maxTokens: number): Unit[] {
  const text = block.text;
  const base = block.location.kind === "lines" ? block.location.lineStart : 0;
  // Pieces come in order: count newlines from the previous piece only (a 30 MB paragraph stays linear).
  let cursor = 0;
  let linesBefore = 0;
  return splitText(text, maxTokens).map((piece, i) => {
    const trimmed = piece.text.trim();
    const lead = piece.text.length - piece.text.trimStart().length;
    const startOffset = piece.start + lead;
    linesBefore += countNewlines(text, cursor, startOffset);
    cursor = startOffset;
    const lineStart = base + linesBefore;
    const lineEnd = lineStart + countNewlines(trimmed, 0, trimmed.length);
    return {
      text: trimmed,
      tokens: piece.tokens,
      location: block.location,
      lineStart,
      lineEnd,
      newParagraph: i === 0,
    };
  });
}

function sameHeadings(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
}

function unitsLocation(units: Unit[]): ChunkLocation {
  const first = units[0] as Unit;
  const loc = first.location;
  if (loc.kind === "page") return { kind: "page", page: loc.page, ...(loc.ocr ? { ocr: true } : {}) };
  if (loc.kind === "section") {
    // The section holding most of the chunk's text names it (a heading line merged into its first subsection, or a
    // short title merged into the first section, does not hide where the content is).
    const weights = new Map<string, { headings: string[]; tokens: number }>();
    for (const unit of units) {
      const headings = unit.location.kind === "section" ? unit.location.headings : [];
      const key = JSON.stringify(headings);
      const entry = weights.get(key) ?? { headings, tokens: 0 };
      entry.tokens += Math.max(1, unit.tokens);
      weights.set(key, entry);
    }
    let best: { headings: string[]; tokens: number } | undefined;
    for (const entry of weights.values()) if (!best || entry.tokens > best.tokens) best = entry;
    return { kind: "section", headings: best?.headings ?? [] };
  }
  let lineStart = first.lineStart;
  let lineEnd = first.lineEnd;
  for (const unit of units) {
    lineStart = Math.min(lineStart, unit.lineStart);
    lineEnd = Math.max(lineEnd, unit.lineEnd);
  }
  return { kind: "lines", lineStart: Math.max(1, lineStart), lineEnd: Math.max(1, lineEnd) };
}

function joinUnits(units: Unit[]): string {
  let text = "";
  units.forEach((unit, i) => {
    if (i > 0) text += unit.newParagraph ? "\n\n" : " ";
    text += unit.text;
  });
  return text;
}

/** The last whole lines of `text` worth at most `tokens` tokens ("" when not even the last line fits). */
function tailLines(text: string, tokens: number): string {
  let start = text.length;
  let count = 0;
  while (start > 0) {
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    if (lineStart === 0) break;
    const t = estimateTokens(text.slice(lineStart, start));
    if (count + t > tokens) break;
    count += t;
    start = lineStart - 1;
  }
  return start >= text.length ? "" : text.slice(start + 1);
}

/**
 * The end of `unit` worth at most `tokens` tokens: whole lines when the last ones fit (records of flattened JSON, lines
 * of a listing), else from a word boundary when there is one.
 */
function tailUnit(unit: Unit, tokens: number): Unit | null {
  if (tokens <= 0) return null;
  let text = tailLines(unit.text, tokens);
  let count = text ? estimateTokens(text) : 0;
  if (!text) {
    const words = unit.text.match(/\S+\s*/g) ?? [];
    if (words.length > 1) {
      // Words are whitespace-separated, so their estimates add up (no re-scan of the growing tail).
      for (let i = words.length - 1; i >= 0; i--) {
        const word = words[i] as string;
        const t = estimateTokens(word);
        if (count + t > tokens) break;
        text = word + text;
        count += t;
      }
    } else {
      const slice = hardSlices({ text: unit.text, start: 0 }, tokens);
      text = slice[slice.length - 1]?.text ?? "";
      count = estimateTokens(text);
    }
  }
  text = text.trim();
  if (text === "") return null;
  return {
    ...unit,
    text,
    tokens: count,
    lineStart: unit.lineEnd - countNewlines(text, 0, text.length),
    newParagraph: true,
  };
}

/** Chunks text blocks pushed one by one. Pages never share a chunk; sections do only while the chunk is small. */
export function createTextChunker(
  target: number,
  overlap: number,
  emit: (text: string, location: ChunkLocation, tokens?: number) => void,
) {
  let current: Unit[] = [];
  let currentTokens = 0;
  /** How many units at the start of `current` were carried over as overlap (never emitted on their own). */
  let carried = 0;
  const flush = () => {
    if (current.length > carried) emit(joinUnits(current), unitsLocation(current), currentTokens);
  };
  const startAfterSizeBreak = () => {
    // Carry the last whole units (or the tail of the last one) into the next chunk.
    const carriedUnits: Unit[] = [];
    let tokens = 0;
    for (let i = current.length - 1; i >= 0; i--) {
      const unit = current[i] as Unit;
      if (tokens + unit.tokens > overlap) {
        if (carriedUnits.length === 0) {
          const tail = tailUnit(unit, overlap);
          if (tail) {
            carriedUnits.unshift(tail);
            tokens += tail.tokens;
          }
        }
        break;
      }
      carriedUnits.unshift(unit);
      tokens += unit.tokens;
    }
    current = carriedUnits;
    currentTokens = tokens;
    carried = carriedUnits.length;
  };
  const push = (block: TextBlock) => {
    const units = textUnits(block, Math.max(1, target - overlap));
    for (const unit of units) {
      const last = current[current.length - 1];
      if (last) {
        const a = last.location;
        const b = unit.location;
        const hardBoundary =
          a.kind !== b.kind || (a.kind === "page" && b.kind === "page" && a.page !== b.page);
        // A new section starts a new chunk, unless the chunk so far is small and shares a top heading with it (a
        // heading line followed by its first subsection stays together) or is tiny (a title, a one-line section).
        const tiny = currentTokens < target / 8;
        const sectionBoundary =
          a.kind === "section" &&
          b.kind === "section" &&
          !sameHeadings(a.headings, b.headings) &&
          current.length > carried &&
          !tiny &&
          (currentTokens >= target / 2 || a.headings[0] !== b.headings[0]);
        const carriedOnly =
          a.kind === "section" &&
          b.kind === "section" &&
          !sameHeadings(a.headings, b.headings) &&
          current.length === carried;
        if (hardBoundary || sectionBoundary || carriedOnly) {
          flush();
          current = [];
          currentTokens = 0;
          carried = 0;
        } else if (currentTokens + unit.tokens > target) {
          flush();
          startAfterSizeBreak();
        }
      }
      current.push(unit);
      currentTokens += unit.tokens;
    }
  };
  const end = () => {
    flush();
    current = [];
    currentTokens = 0;
    carried = 0;
  };
  return { push, end };
}
