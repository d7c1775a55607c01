// Checks citation markers while an answer streams, so a streamed answer reads exactly as the same answer returned whole.
import { validateCitations } from "../chat/citations";

/*
 * validateCitations (chat/citations.ts) rewrites marker groups outside code: markers to passages not given are dropped
 * with the spaces before them, combined forms become separate [n]. Text can be passed on once nothing written later
 * can change how it reads; until then it is held back:
 * - trailing spaces and tabs (a dropped marker after them takes them away);
 * - a marker group at the end, complete or not, and the spaces before it (another marker may join it, or a "(" or ":"
 *   after it make it a link or a definition, which are left alone);
 * - an unmatched backtick on the last line and what follows (a closing one would make it code, where markers stay).
 * The check is generous about what may be a marker (any short bracketed text): holding back too much only delays a few
 * characters. Finished lines are checked once: a line break outside code and brackets is a boundary the rewrite never
 * crosses, so what precedes it is settled.
 */

/** Any bracketed run short enough to be a marker, complete, then one left open at the end. */
const TRAILING_MARKERS = /(?:[[【][^[\]【】\n]{0,80}[\]】][ \t]*)*(?:[[【][^[\]【】\n]{0,80})?$/;
/** What the rewrite treats as code (as in chat/citations.ts): fences, and single-backtick spans on one line. */
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
/** Only this much of the unsettled text is searched for a trailing marker group (a marker is far shorter). */
const TAIL_WINDOW = 400;

/** Where code spans end in `text`, and whether the text ends inside an open fence. */
function codeSpans(text: string): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  CODE.lastIndex = 0;
  for (let match = CODE.exec(text); match !== null; match = CODE.exec(text)) {
    spans.push({ start: match.index, end: match.index + match[0].length });
    if (match[0].length === 0) CODE.lastIndex += 1;
  }
  return spans;
}

/** How much of `text` (unsettled text starting at a boundary) reads the same whatever comes after it. */
function settledLength(text: string): number {
  let cut = text.length;
  while (cut > 0 && (text[cut - 1] === " " || text[cut - 1] === "\t")) cut -= 1;
  const windowStart = Math.max(0, cut - TAIL_WINDOW);
  const tail = TRAILING_MARKERS.exec(text.slice(windowStart, cut));
  if (tail && tail[0].length > 0) {
    cut = windowStart + tail.index;
    while (cut > 0 && (text[cut - 1] === " " || text[cut - 1] === "\t")) cut -= 1;
  }
  const spans = codeSpans(text.slice(0, cut));
  const afterCode = spans.at(-1)?.end ?? 0;
  const backtick = text.indexOf("`", afterCode);
  if (backtick !== -1 && backtick < cut && !text.slice(backtick, cut).includes("\n")) cut = backtick;
  return cut;
}

/**
 * Where the last line break in `text[0, limit)` stands, when it is outside code and outside an open bracket: the text
 * before it is settled. The break itself starts the next stretch (a dropped marker at a line's start looks back to it).
 */
function lastBoundary(text: string, limit: number): number {
  const spans = codeSpans(text.slice(0, limit));
  for (let index = text.lastIndexOf("\n", limit - 1); index > 0; index = text.lastIndexOf("\n", index - 1)) {
    if (spans.some((span) => index >= span.start && index < span.end)) continue;
    const before = text.slice(0, index);
    const open = Math.max(before.lastIndexOf("["), before.lastIndexOf("【"));
    const close = Math.max(before.lastIndexOf("]"), before.lastIndexOf("】"));
    if (open > close) continue;
    return index;
  }
  return 0;
}

type CitationStream = {
  /** Takes the next piece as the model wrote it; returns the text that can now be passed on (often ""). */
  push: (piece: string) => string;
  /** The rest, once the answer is complete. */
  end: () => string;
};

/**
 * For an answer from `passageCount` passages: the texts returned by push() and end(), joined, are
 * validateCitations(whole answer).content.
 */
export function createCitationStream(passageCount: number): CitationStream {
  /** Everything written, and how much of it is settled (up to a boundary) with its checked form. */
  let raw = "";
  let settled = 0;
  let settledOut = "";
  let emitted = "";

  const release = (checked: string): string => {
    if (!checked.startsWith(emitted)) return "";
    const out = checked.slice(emitted.length);
    emitted = checked;
    return out;
  };

  return {
    push(piece) {
      raw += piece;
      const open = raw.slice(settled);
      const cut = settledLength(open);
      const boundary = lastBoundary(open, cut);
      if (boundary > 0) {
        settledOut += validateCitations(open.slice(0, boundary), passageCount).content;
        settled += boundary;
      }
      const rest = raw.slice(settled, settled + cut - boundary);
      return release(settledOut + validateCitations(rest, passageCount).content);
    },
    end() {
      const whole = settledOut + validateCitations(raw.slice(settled), passageCount).content;
      // Should the two ever disagree, the answer still ends complete (the start already sent cannot be taken back).
      return whole.startsWith(emitted)
        ? whole.slice(emitted.length)
        : whole.slice(commonPrefix(whole, emitted));
    },
  };
}

function commonPrefix(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}
