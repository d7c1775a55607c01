// The built-in embedder: signed feature hashing of words and character n-grams into 1536 dims (deterministic, offline).
import type { Embedder } from "./embedder";

export const LOCAL_EMBEDDER_ID = "local-1536";
export const LOCAL_EMBEDDER_DIMENSION = 1536;

/** Character n-gram lengths taken from every word (padded with boundary marks), as fastText does. */
const NGRAM_MIN = 3;
const NGRAM_MAX = 5;
/** Share of the vector's norm given to the character n-grams (the rest goes to whole words). */
const NGRAM_SHARE = 0.5;

const BOUNDARY = 0x2; // a code point no normalised word contains
const WORD = /[\p{L}\p{N}]+/gu;
/** Scripts written without spaces between words (Han, kana) and Hangul: n-grams of 1-2 characters work as words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * Very common English function words carry no topic: left in, they make every text look alike (an unrelated
 * question shared ~0.1-0.25 cosine with any chunk through "the", "of", "on" and their n-grams).
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her his how i if in into is it " +
    "its me my no not of on or our she so than that the their them then there these they this to was we were what " +
    "when where which who why will with would you your"
  ).split(" "),
);

/** Lower case, compatibility forms folded (full-width letters, ligatures), Latin diacritics dropped. */
export function normaliseForEmbedding(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFKC")
    .toLowerCase();
}

/** FNV-1a over code points, finished with murmur3's avalanche so low bits are usable as a bucket and a sign. */
function hashCodePoints(points: readonly number[], start: number, end: number, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i += 1) {
    hash ^= points[i] ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

const WORD_SEED = 0x9e3779b9;
const NGRAM_SEED = 0x7f4a7c15;

function count(counts: Map<number, number>, key: number): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

/** Features of one text: hashed word unigrams and hashed character n-grams, each with its count. */
function features(text: string): { words: Map<number, number>; ngrams: Map<number, number> } {
  const words = new Map<number, number>();
  const ngrams = new Map<number, number>();
  const tokens = Array.from(normaliseForEmbedding(text).matchAll(WORD), (match) => match[0]);
  const topical = tokens.filter((token) => !STOP_WORDS.has(token));
  // A text of function words only ("to be or not to be") keeps them rather than becoming empty.
  for (const token of topical.length > 0 ? topical : tokens) {
    const points = Array.from(token, (char) => char.codePointAt(0) ?? 0);
    if (UNSPACED.test(token)) {
      // No word boundaries to trust: every character and every pair of neighbours is a "word".
      for (let i = 0; i < points.length; i += 1) {
        count(words, hashCodePoints(points, i, i + 1, WORD_SEED));
        if (i + 1 < points.length) count(words, hashCodePoints(points, i, i + 2, WORD_SEED));
      }
      continue;
    }
    count(words, hashCodePoints(points, 0, points.length, WORD_SEED));
    const padded = [BOUNDARY, ...points, BOUNDARY];
    for (let n = NGRAM_MIN; n <= NGRAM_MAX; n += 1) {
      for (let start = 0; start + n <= padded.length; start += 1) {
        count(ngrams, hashCodePoints(padded, start, start + n, NGRAM_SEED));
      }
    }
  }
  return { words, ngrams };
}

/**
 * Buckets each feature is spread over (at 1/sqrt(k) weight each). With one, a single unlucky collision between a
 * query word and a chunk word added 0.15 cosine to an unrelated chunk; with two the worst case halves while the
 * overall noise (about 1/sqrt(1536) per pair of texts) stays the same. Four made suffix n-gram overlaps noisier.
 */
const HASHES_PER_FEATURE = 2;

/** The j-th bucket and sign of a feature hash (murmur3's finaliser over hash + j * golden ratio). */
function bucketOf(hash: number, j: number, dimension: number): { index: number; sign: number } {
  let h = (hash + Math.imul(j, 0x9e3779b9)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  h >>>= 0;
  return { index: h % dimension, sign: h & 0x80000000 ? -1 : 1 };
}

/** Adds sublinear (1 + ln tf) signed weights into `into`, scaled so this group's norm is `share` of the total. */
function addGroup(into: Float64Array, counts: Map<number, number>, share: number): void {
  if (counts.size === 0) return;
  const part = new Float64Array(into.length);
  for (const [hash, occurrences] of counts) {
    const weight = 1 + Math.log(occurrences);
    for (let j = 0; j < HASHES_PER_FEATURE; j += 1) {
      const { index, sign } = bucketOf(hash, j, into.length);
      part[index] = (part[index] ?? 0) + sign * weight;
    }
  }
  let norm = 0;
  for (const value of part) norm += value * value;
  if (norm === 0) return;
  const scale = Math.sqrt(share) / Math.sqrt(norm);
  for (let i = 0; i < part.length; i += 1) into[i] = (into[i] ?? 0) + (part[i] ?? 0) * scale;
}

/** One text's embedding: L2-normalised, never all zero (a text without letters or digits gets a fixed vector). */
export function embedLocally(text: string, dimension = LOCAL_EMBEDDER_DIMENSION): number[] {
  const { words, ngrams } = features(text);
  const vector = new Float64Array(dimension);
  const hasNgrams = ngrams.size > 0;
  addGroup(vector, words, hasNgrams ? 1 - NGRAM_SHARE : 1);
  addGroup(vector, ngrams, hasNgrams ? NGRAM_SHARE : 0);
  let norm = 0;
  for (const value of vector) norm += value * value;
  if (norm === 0) {
    // Nothing to hash (empty or punctuation only): a fixed direction keeps the vector storable.
    vector[0] = 1;
    return Array.from(vector);
  }
  const inverse = 1 / Math.sqrt(norm);
  return Array.from(vector, (value) => value * inverse);
}

/** The built-in embedder (DESIGN 2): needs no download, no key and no network. */
export function createLocalEmbedder(): Embedder {
  return {
    id: LOCAL_EMBEDDER_ID,
    dimension: LOCAL_EMBEDDER_DIMENSION,
    async embed(texts, opts) {
      const vectors: number[][] = [];
      for (const [index, text] of texts.entries()) {
        opts?.signal?.throwIfAborted();
        vectors.push(embedLocally(text));
        // Long batches yield to the event loop now and then so the API stays responsive.
        if (index % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
      }
      return vectors;
    },
  };
}
