// Estimates the tokens of a text without a tokenizer: what chunk sizes and embedding limits are measured in.
/*
 * Token estimate (no tokenizer download, one regex pass): a character of a script written without spaces (Han,
 * Hiragana, Katakana, Hangul, Thai, Lao, Khmer, Myanmar) counts 1; a run of letters/digits counts ceil(length / 5) for
 * Latin script and ceil(length / 3) for other scripts (BPE vocabularies split them finer); every other visible
 * character (punctuation, symbols) counts 1. Against OpenAI's cl100k this lands within about +-25% on English prose
 * and errs high on Cyrillic, Arabic and CJK, which keeps chunks safely under embedding limits.
 */
const TOKEN_PATTERN =
  /([\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}])|([0-9A-Za-z_\u00c0-\u024f]+)|([\p{L}\p{M}\p{N}_]+)|([^\s\p{L}\p{M}\p{N}_])/gu;

function estimateWithPattern(text: string): number {
  let tokens = 0;
  TOKEN_PATTERN.lastIndex = 0;
  for (let m = TOKEN_PATTERN.exec(text); m !== null; m = TOKEN_PATTERN.exec(text)) {
    if (m[2] !== undefined) tokens += Math.ceil(m[2].length / 5);
    else if (m[3] !== undefined) tokens += Math.ceil(m[3].length / 3);
    else tokens += 1;
  }
  return tokens;
}

export function estimateTokens(text: string): number {
  // ASCII fast path (most table rows and English text), counting exactly as the pattern does; anything else -> pattern.
  let tokens = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128) return estimateWithPattern(text);
    const wordChar = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
    if (wordChar) {
      run++;
      continue;
    }
    if (run > 0) {
      tokens += Math.ceil(run / 5);
      run = 0;
    }
    const space = c === 32 || (c >= 9 && c <= 13);
    if (!space) tokens += 1;
  }
  if (run > 0) tokens += Math.ceil(run / 5);
  return tokens;
}
