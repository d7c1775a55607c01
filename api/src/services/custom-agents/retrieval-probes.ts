// Inverse-cloze probes: a sentence taken from one of an agent's passages, used as a question its search must answer
// with that passage.

/** Distinct words a sentence needs to stand for its passage (shorter ones match too much else). */
export const PROBE_MIN_WORDS = 4;
/** Longest probe: long enough to be specific, short enough to read like a question. */
export const PROBE_MAX_CHARS = 240;

/** Sentence ends (Latin and CJK punctuation followed by space, or a line break). */
const SENTENCE_BREAK = /(?<=[.!?])\s+|(?<=[。！？])|\n+/u;
/** A word: one Han, kana or Hangul character (unspaced scripts), or a run of letters and digits. */
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;

function distinctWords(sentence: string): number {
  return new Set((sentence.match(WORD) ?? []).map((word) => word.toLowerCase())).size;
}

/** `sentence` cut at the last space before PROBE_MAX_CHARS (or at the limit when it has none). */
function shorten(sentence: string): string {
  if (sentence.length <= PROBE_MAX_CHARS) return sentence;
  const cut = sentence.slice(0, PROBE_MAX_CHARS);
  const space = cut.lastIndexOf(" ");
  return (space > PROBE_MAX_CHARS / 2 ? cut.slice(0, space) : cut).trim();
}

/**
 * The sentence of `text` with the most distinct words (the one most likely to be its own), at least PROBE_MIN_WORDS
 * of them, shortened to PROBE_MAX_CHARS; null when no sentence qualifies (a passage of numbers, a heading). The probe
 * is verbatim text of the passage, so a passage that contains it is a right answer.
 */
export function probeSentence(text: string): string | null {
  let best: { sentence: string; words: number } | null = null;
  for (const part of text.split(SENTENCE_BREAK)) {
    const sentence = shorten(part.replace(/\s+/g, " ").trim());
    const words = distinctWords(sentence);
    if (words >= PROBE_MIN_WORDS && (!best || words > best.words)) best = { sentence, words };
  }
  return best?.sentence ?? null;
}
