// Cuts a text into pieces of at most a number of tokens: on sentence, then word boundaries, then raw slices.
import { estimateTokens } from "./estimate-tokens";

const sentenceSegmenter = new Intl.Segmenter(undefined, { granularity: "sentence" });

/** How many line ends `text` has between offsets `from` and `to`. */
export function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = text.indexOf("\n", from); i >= 0 && i < to; i = text.indexOf("\n", i + 1)) n++;
  return n;
}

/** Pieces of `text` (with their start offsets) of at most `maxTokens`: sentences, then words, then raw slices. */
export function splitText(
  text: string,
  maxTokens: number,
): Array<{ text: string; start: number; tokens: number }> {
  // Every estimated token spans at most a few characters, so a very long text cannot fit: skip the whole-text pass.
  if (text.length <= maxTokens * 16) {
    const whole = estimateTokens(text);
    if (whole <= maxTokens) return [{ text, start: 0, tokens: whole }];
  }
  const pieces: Array<{ text: string; start: number; tokens: number }> = [];
  const sentences = Array.from(sentenceSegmenter.segment(text), (s) => ({ text: s.segment, start: s.index }));
  const levels: Array<(piece: { text: string; start: number }) => Array<{ text: string; start: number }>> = [
    (piece) =>
      Array.from(piece.text.matchAll(/\S+\s*/g), (m) => ({
        text: m[0],
        start: piece.start + (m.index ?? 0),
      })),
    (piece) => hardSlices(piece, maxTokens),
  ];
  const pack = (parts: Array<{ text: string; start: number }>, level: number) => {
    let current: { text: string; start: number } | null = null;
    let currentTokens = 0;
    const flush = () => {
      if (current && current.text.trim() !== "") pieces.push({ ...current, tokens: currentTokens });
      current = null;
      currentTokens = 0;
    };
    for (const part of parts) {
      const tokens = estimateTokens(part.text);
      if (tokens > maxTokens) {
        flush();
        const next = levels[level];
        if (next) pack(next(part), level + 1);
        else pieces.push({ ...part, tokens });
        continue;
      }
      if (current && currentTokens + tokens > maxTokens) flush();
      if (current) {
        current.text += part.text;
        currentTokens += tokens;
      } else {
        current = { ...part };
        currentTokens = tokens;
      }
    }
    flush();
  };
  pack(sentences, 0);
  return pieces;
}

/** A single enormous "word" (a base64 blob, unspaced CJK text) cut into slices, never inside a surrogate pair. */
export function hardSlices(
  piece: { text: string; start: number },
  maxTokens: number,
): Array<{ text: string; start: number }> {
  const tokens = Math.max(1, estimateTokens(piece.text));
  const size = Math.max(1, Math.floor((piece.text.length * maxTokens) / tokens));
  const out: Array<{ text: string; start: number }> = [];
  let i = 0;
  while (i < piece.text.length) {
    let end = Math.min(piece.text.length, i + size);
    const code = piece.text.charCodeAt(end - 1);
    if (end < piece.text.length && code >= 0xd800 && code <= 0xdbff) end++;
    out.push({ text: piece.text.slice(i, end), start: piece.start + i });
    i = end;
  }
  return out;
}
