// The lexical analyzer in JavaScript: the lexemes and counts PostgreSQL's english + CJK-bigram tsvector gives a text.

import { stemEnglish } from "./english-stemmer";
import { ENGLISH_STOP_WORDS } from "./english-stop-words";
import { pgLower } from "./pg-char-classes";
import { parserInput, parseTokens, TokenType } from "./pg-text-parser";

/*
 * Equal to `to_tsvector('english', spaced) || to_tsvector('simple', bigrams)` (lexical.ts) on PGlite, counted as
 * the index stores it: each lexeme's number of positions. lexical-analyzer.test.ts proves it on real corpora and
 * lists what differs. The tsvector's limits are kept because they change counts:
 * - a token of 2047 UTF-8 bytes or more is skipped without taking a position ("word is too long to be indexed");
 * - positions stop at 16383: every later occurrence sits on 16383, which a lexeme keeps only once;
 * - a lexeme keeps at most 255 positions;
 * - `||` shifts the bigram positions by the english part's largest position (capped at 16383 again).
 * Not kept: the 1 MB limit of a whole tsvector, where PostgreSQL raises an error (chunks are far smaller).
 */

/** Token types the english configuration sends to english_stem; the `simple` configuration lowercases them. */
const STEMMED = new Set<number>([
  TokenType.asciiword,
  TokenType.word,
  TokenType.hword_part,
  TokenType.hword_asciipart,
  TokenType.asciihword,
  TokenType.hword,
]);
/** Token types both configurations send to the simple dictionary (lowercased, no stop words). */
const SIMPLE = new Set<number>([
  TokenType.numword,
  TokenType.email,
  TokenType.url,
  TokenType.host,
  TokenType.sfloat,
  TokenType.version,
  TokenType.hword_numpart,
  TokenType.numhword,
  TokenType.url_path,
  TokenType.file,
  TokenType.float,
  TokenType.int,
  TokenType.uint,
]);
// blank, tag, protocol and entity map to no dictionary: they yield nothing and take no position.

/** PostgreSQL's MAXSTRLEN (2^11 - 1): tokens of this many UTF-8 bytes or more are not indexed. */
const MAX_TOKEN_BYTES = 2047;
/** Snowball dictionaries lowercase but do not stem (or stop-check) words longer than this many bytes. */
const MAX_STEMMED_BYTES = 1000;
/** The largest position a tsvector stores (MAXENTRYPOS - 1). */
const MAX_POSITION = 16383;
/** Positions a lexeme keeps when a tsvector is built (MAXNUMPOS - 1). */
const MAX_POSITIONS_BUILT = 255;
/** Positions a lexeme may reach when tsvectors are concatenated (MAXNUMPOS). */
const MAX_POSITIONS_CONCAT = 256;

/** Runs of scripts written without spaces between words (the same as lexical.ts). */
const UNSPACED_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const HAS_UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** lexical.ts's lexicalParts: unspaced runs blanked out of `spaced`, their character bigrams in `bigrams`. */
export function splitUnspaced(text: string): { spaced: string; bigrams: string } {
  const clean = text.includes("\u0000") ? text.replaceAll("\u0000", " ") : text;
  if (!HAS_UNSPACED.test(clean)) return { spaced: clean, bigrams: "" };
  const grams: string[] = [];
  const spaced = clean.replace(UNSPACED_RUN, (run) => {
    const chars = Array.from(run);
    if (chars.length === 1) grams.push(run);
    for (let i = 0; i + 1 < chars.length; i += 1) grams.push(`${chars[i]}${chars[i + 1]}`);
    return " ";
  });
  return { spaced, bigrams: grams.join(" ") };
}

/**
 * Lexemes by word (empty: a stop word). Words repeat (Zipf), so most skip lowercasing and stemming; the cache is
 * dropped whole when full, which bounds its memory on uploads with huge vocabularies.
 */
const lexemeCache = new Map<string, string>();
const LEXEME_CACHE_SIZE = 200_000;

/**
 * The lexeme the index stores for one word (letters, or letters and apostrophes, or digits), or "" for a stop word:
 * lowercased as PostgreSQL lowercases, then stemmed by the english dictionary. Words of digits only are kept as they
 * are (the simple dictionary the parser sends them to). The analyzer and the re-ranker's word order both use it, so
 * their lexemes are the same.
 */
export function lexemeOf(word: string): string {
  let lexeme = lexemeCache.get(word);
  if (lexeme !== undefined) return lexeme;
  const lower = pgLower(word).replace(/[’]/g, "'");
  if (ENGLISH_STOP_WORDS.has(lower)) lexeme = "";
  else lexeme = /^\p{N}+$/u.test(lower) ? lower : stemEnglish(lower);
  if (lexemeCache.size >= LEXEME_CACHE_SIZE) lexemeCache.clear();
  lexemeCache.set(word, lexeme);
  return lexeme;
}

function utf8Bytes(cps: Int32Array, start: number, length: number): number {
  let bytes = 0;
  for (let i = start; i < start + length; i += 1) {
    const cp = cps[i] as number;
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function englishLexeme(token: string, bytes: number): string | null {
  if (bytes > MAX_STEMMED_BYTES) return pgLower(token);
  return lexemeOf(token) || null;
}

/**
 * One tsvector as to_tsvector builds it: lexeme -> positions (ascending, deduplicated, capped as above).
 * `stem` picks the english configuration, otherwise `simple`.
 */
function tsvectorOf(text: string, stem: boolean): Map<string, number[]> {
  const lexemes = new Map<string, number[]>();
  if (text.length === 0) return lexemes;
  const input = parserInput(text);
  const { cps } = input;
  // Code point -> UTF-16 offset, needed only when the text has characters outside the BMP.
  let offsets: Int32Array | undefined;
  if (input.end !== text.length) {
    offsets = new Int32Array(input.end + 1);
    let unit = 0;
    for (let i = 0; i < input.end; i += 1) {
      offsets[i] = unit;
      unit += (cps[i] as number) > 0xffff ? 2 : 1;
    }
    offsets[input.end] = unit;
  }
  let position = 0;
  parseTokens(input, (type, start, length) => {
    const stemmed = stem && STEMMED.has(type);
    if (!stemmed && !SIMPLE.has(type) && !STEMMED.has(type)) return;
    // Four bytes per character at most: short tokens are under both byte limits without counting.
    const bytes = length * 4 <= MAX_STEMMED_BYTES ? 0 : utf8Bytes(cps, start, length);
    if (bytes >= MAX_TOKEN_BYTES) return;
    position += 1;
    const token = offsets
      ? text.slice(offsets[start], offsets[start + length])
      : text.slice(start, start + length);
    const lexeme = stemmed ? englishLexeme(token, bytes) : pgLower(token);
    if (lexeme === null) return;
    const at = Math.min(position, MAX_POSITION);
    const positions = lexemes.get(lexeme);
    if (!positions) {
      lexemes.set(lexeme, [at]);
      return;
    }
    const last = positions[positions.length - 1];
    if (positions.length < MAX_POSITIONS_BUILT && last !== MAX_POSITION && last !== at) positions.push(at);
  });
  return lexemes;
}

export type TextAnalysis = {
  /** Lexeme -> number of positions the tsvector keeps for it (what document_chunks.term_counts stores). */
  termCounts: Record<string, number>;
  /** Sum of the counts (document_chunks.lexical_length). */
  length: number;
};

/** The counts the index stores for a chunk's text (see the module comment). */
export function analyzeText(text: string): TextAnalysis {
  const { spaced, bigrams } = splitUnspaced(text);
  const english = tsvectorOf(spaced, true);
  const termCounts: Record<string, number> = Object.create(null);
  let length = 0;
  let maxPosition = 0;
  for (const [lexeme, positions] of english) {
    termCounts[lexeme] = positions.length;
    length += positions.length;
    const last = positions[positions.length - 1] as number;
    if (last > maxPosition) maxPosition = last;
  }
  if (bigrams.length > 0) {
    for (const [lexeme, positions] of tsvectorOf(bigrams, false)) {
      const left = english.get(lexeme);
      let count = left ? left.length : 0;
      let last = left ? (left[left.length - 1] as number) : -1;
      const before = count;
      for (const position of positions) {
        if (count >= MAX_POSITIONS_CONCAT || last === MAX_POSITION) break;
        last = Math.min(position + maxPosition, MAX_POSITION);
        count += 1;
      }
      termCounts[lexeme] = count;
      length += count - before;
    }
  }
  return { termCounts, length };
}

/** Orders strings by code point, as PostgreSQL's C collation orders their UTF-8 bytes. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i += 1) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (code points above U+FFFF) sort after U+E000-U+FFFF in code point order.
    if (x >= 0xd800) x = x < 0xe000 ? x + 0x2000 : x - 0x800;
    if (y >= 0xd800) y = y < 0xe000 ? y + 0x2000 : y - 0x800;
    return x - y;
  }
  return a.length - b.length;
}

/**
 * The query's distinct lexemes, as `select lexeme from unnest(<tsvector>) order by lexeme` gives them on a database
 * whose collation is C (PGlite's): in code point order.
 */
export function queryLexemes(text: string): string[] {
  return Object.keys(analyzeText(text).termCounts).sort(compareCodePoints);
}
