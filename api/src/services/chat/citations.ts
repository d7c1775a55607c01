// Checks an answer's citation markers against the passages it was given (DESIGN 6): a marker to nothing is dropped.

/*
 * A marker is a bracketed passage number: [1], combined forms [1, 3], [1; 3], [1-3], [1 and 2], [Passage 2],
 * [source 2], and the full-width 【1】 some models write; adjacent markers ([1][2], [1] [2]) form one group. Each group
 * is rewritten as separate [n] markers of the numbers that were given, in the order written, without repeats; numbers
 * that were not given are dropped, and a group left empty disappears with the space before it.
 * Not markers: numbers of four digits or more ([2020] is a year), escaped brackets (\[1\]), link text ([1](url)),
 * reference definitions at a line start ([1]: url), other bracketed text ([see appendix]), and anything inside code
 * (`...` spans and ``` fences).
 */

const NUMBER = String.raw`\d{1,3}`;
const JOIN = String.raw`\s*(?:,|;|and|&|[-–—])\s*`;
const ONE = String.raw`(?:\[\s*(?:(?:passages?|sources?|refs?|docs?)\s*)?${NUMBER}(?:${JOIN}${NUMBER})*\s*\]|【\s*${NUMBER}(?:${JOIN}${NUMBER})*\s*】)`;
const GROUP = new RegExp(String.raw`${ONE}(?:[ \t]*${ONE})*`, "gi");
const CODE = /```[\s\S]*?(?:```|$)|`[^`\n]*`/g;
/** A range wider than this is not a citation ([1-500] is not 500 markers). */
const MAX_RANGE = 50;

/** The numbers a marker group names, in the order written (ranges expanded), or null when it names none. */
function numbersOf(group: string): number[] {
  const numbers: number[] = [];
  for (const marker of group.match(new RegExp(ONE, "gi")) ?? []) {
    const parts = marker.match(/\d+|[-–—]/g) ?? [];
    for (let i = 0; i < parts.length; i += 1) {
      const part = parts[i] as string;
      if (/[-–—]/.test(part)) continue;
      const value = Number(part);
      const dash = parts[i + 1];
      const next = parts[i + 2];
      if (dash && /[-–—]/.test(dash) && next !== undefined) {
        const end = Number(next);
        if (end >= value && end - value < MAX_RANGE) {
          for (let n = value; n <= end; n += 1) numbers.push(n);
        } else {
          numbers.push(value, end);
        }
        i += 2;
        continue;
      }
      numbers.push(value);
    }
  }
  return numbers;
}

/** Rewrites one stretch of text outside code; records cited numbers in `cited`. */
function rewrite(text: string, passageCount: number, cited: number[], keepUnknown: boolean): string {
  let out = "";
  let last = 0;
  GROUP.lastIndex = 0;
  for (let match = GROUP.exec(text); match !== null; match = GROUP.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = text[start - 1];
    const after = text[end];
    // Escaped (`\[1\]`), link text (`[1](url)`), a reference definition (`[1]: url` opening a line).
    const lineStart = start === 0 || before === "\n";
    if (before === "\\" || after === "(" || (lineStart && after === ":")) continue;
    const valid: number[] = [];
    for (const n of numbersOf(match[0])) {
      if (n >= 1 && n <= passageCount && !valid.includes(n)) valid.push(n);
    }
    for (const n of valid) if (!cited.includes(n)) cited.push(n);
    // Text quoted as written ("items[0].title") keeps its brackets: only a model's markers are cleaned.
    if (keepUnknown && valid.length === 0) continue;
    let head = text.slice(last, start);
    let next = end;
    if (valid.length === 0) {
      // Take the space before the dropped group with it when punctuation, a space or the line's end follows; at a
      // line's start, the space after it.
      if (lineStart || /\n[ \t]*$/.test(head)) while (text[next] === " " || text[next] === "\t") next += 1;
      else if (after === undefined || /[\s.,;:!?)\]]/.test(after)) head = head.replace(/[ \t]+$/, "");
    }
    out += head + valid.map((n) => `[${n}]`).join("");
    last = next;
    GROUP.lastIndex = next;
  }
  return out + text.slice(last);
}

/**
 * Keeps the markers that point to given passages (numbered 1..passageCount), normalised to separate [n]; returns the
 * cleaned text and the distinct cited numbers in order of first appearance.
 */
export function validateCitations(
  content: string,
  passageCount: number,
  { keepUnknown = false }: { keepUnknown?: boolean } = {},
): { content: string; cited: number[] } {
  const cited: number[] = [];
  let out = "";
  let last = 0;
  CODE.lastIndex = 0;
  for (let code = CODE.exec(content); code !== null; code = CODE.exec(content)) {
    out += rewrite(content.slice(last, code.index), passageCount, cited, keepUnknown) + code[0];
    last = code.index + code[0].length;
    if (code[0].length === 0) CODE.lastIndex += 1;
  }
  out += rewrite(content.slice(last), passageCount, cited, keepUnknown);
  return { content: out, cited };
}
