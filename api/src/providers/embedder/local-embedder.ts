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
export const STOP_WORDS: ReadonlySet<string> = new Set(
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
function hashCodePoints(points: ArrayLike<number>, start: number, end: number, seed: number): number {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = start; i < end; i += 1) {
    hash ^= points[i] ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return avalanche(hash);
}

/** murmur3's finaliser: every input bit reaches every output bit. */
function avalanche(value: number): number {
  let hash = value;
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

const WORD_SEED = 0x9e3779b9;
const NGRAM_SEED = 0x7f4a7c15;

/**
 * One token's feature hashes in the order they are counted: [number of word features, ...word features,
 * ...n-gram features]. A spaced word is one word feature then its n-grams (all of length NGRAM_MIN, then the next
 * length...); an unspaced run is every character and every pair of neighbours as words, and no n-grams.
 */
function tokenFeatures(token: string): number[] {
  const points = Array.from(token, (char) => char.codePointAt(0) ?? 0);
  if (UNSPACED.test(token)) {
    // No word boundaries to trust: every character and every pair of neighbours is a "word".
    const hashes: number[] = [];
    for (let i = 0; i < points.length; i += 1) {
      hashes.push(hashCodePoints(points, i, i + 1, WORD_SEED));
      if (i + 1 < points.length) hashes.push(hashCodePoints(points, i, i + 2, WORD_SEED));
    }
    return [hashes.length, ...hashes];
  }
  const padded = [BOUNDARY, ...points, BOUNDARY];
  const grams = padded.length;
  const starts = (n: number) => Math.max(0, grams - n + 1);
  let size = 0;
  for (let n = NGRAM_MIN; n <= NGRAM_MAX; n += 1) size += starts(n);
  const out = new Array<number>(2 + size);
  out[0] = 1;
  out[1] = hashCodePoints(points, 0, points.length, WORD_SEED);
  // FNV-1a is sequential: the state after a gram's first n characters is the prefix of its longer grams.
  const offsets: number[] = [];
  for (let n = NGRAM_MIN, at = 2; n <= NGRAM_MAX; n += 1) {
    offsets.push(at);
    at += starts(n);
  }
  for (let start = 0; start < grams; start += 1) {
    let state = (0x811c9dc5 ^ NGRAM_SEED) >>> 0;
    for (let end = start; end < grams && end - start < NGRAM_MAX; end += 1) {
      state = Math.imul(state ^ (padded[end] ?? 0), 0x01000193);
      const n = end - start + 1;
      if (n >= NGRAM_MIN) out[(offsets[n - NGRAM_MIN] ?? 0) + start] = avalanche(state);
    }
  }
  return out;
}

/**
 * Words whose features are remembered between texts (words repeat: most of a text's tokens are hits). Tokens with a
 * digit (amounts, ids, dates: mostly unique in tables) are not kept: they would only churn the cache.
 */
const TOKEN_CACHE_MAX = 20_000;
const tokenCache = new Map<string, number[]>();
const HAS_DIGIT = /[0-9]/;

function cachedTokenFeatures(token: string): number[] {
  let features = tokenCache.get(token);
  if (features === undefined) {
    features = tokenFeatures(token);
    if (HAS_DIGIT.test(token)) return features;
    if (tokenCache.size >= TOKEN_CACHE_MAX) tokenCache.clear();
    tokenCache.set(token, features);
  }
  return features;
}

/**
 * Counts of feature hashes, iterated in first-insertion order (as a Map would be: the order fixes the order of the
 * floating-point sums, so vectors stay bit-identical), in typed arrays reused from text to text.
 */
class FeatureCounter {
  private keys = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  private order = new Int32Array(512);
  size = 0;

  /** Counts `key` `times` more times. */
  add(key: number, times: number): void {
    let mask = this.keys.length - 1;
    let slot = avalanche(key) & mask;
    while (this.counts[slot] !== 0) {
      if (this.keys[slot] === key) {
        this.counts[slot] = (this.counts[slot] ?? 0) + times;
        return;
      }
      slot = (slot + 1) & mask;
    }
    if ((this.size + 1) * 2 > this.keys.length) {
      this.grow();
      mask = this.keys.length - 1;
      slot = avalanche(key) & mask;
      while (this.counts[slot] !== 0) slot = (slot + 1) & mask;
    }
    this.keys[slot] = key;
    this.counts[slot] = times;
    this.order[this.size] = slot;
    this.size += 1;
  }

  /** The i-th key in insertion order and its count. */
  keyAt(i: number): number {
    return this.keys[this.order[i] ?? 0] ?? 0;
  }
  countAt(i: number): number {
    return this.counts[this.order[i] ?? 0] ?? 0;
  }

  clear(): void {
    for (let i = 0; i < this.size; i += 1) this.counts[this.order[i] ?? 0] = 0;
    this.size = 0;
  }

  private grow(): void {
    const { keys, counts, size } = this;
    const order = this.order.slice(0, size);
    this.keys = new Uint32Array(keys.length * 2);
    this.counts = new Uint32Array(keys.length * 2);
    this.order = new Int32Array(keys.length);
    const mask = this.keys.length - 1;
    for (let i = 0; i < size; i += 1) {
      const old = order[i] ?? 0;
      const key = keys[old] ?? 0;
      let slot = avalanche(key) & mask;
      while (this.counts[slot] !== 0) slot = (slot + 1) & mask;
      this.keys[slot] = key;
      this.counts[slot] = counts[old] ?? 0;
      this.order[i] = slot;
    }
  }
}

const wordCounts = new FeatureCounter();
const ngramCounts = new FeatureCounter();

/**
 * Counts one text's features: hashed word unigrams and hashed character n-grams (into wordCounts, ngramCounts).
 * Each distinct token is counted once with its number of occurrences; taken in order of first occurrence, every
 * feature is still first met in the same order as when counting token by token.
 */
function countFeatures(text: string): void {
  wordCounts.clear();
  ngramCounts.clear();
  const tokens = normaliseForEmbedding(text).match(WORD) ?? [];
  const occurrences = new Map<string, number>();
  for (const token of tokens) {
    if (!STOP_WORDS.has(token)) occurrences.set(token, (occurrences.get(token) ?? 0) + 1);
  }
  // A text of function words only ("to be or not to be") keeps them rather than becoming empty.
  if (occurrences.size === 0) {
    for (const token of tokens) occurrences.set(token, (occurrences.get(token) ?? 0) + 1);
  }
  for (const [token, times] of occurrences) {
    const features = cachedTokenFeatures(token);
    const words = 1 + (features[0] ?? 0);
    for (let i = 1; i < words; i += 1) wordCounts.add(features[i] ?? 0, times);
    for (let i = words; i < features.length; i += 1) ngramCounts.add(features[i] ?? 0, times);
  }
}

/**
 * Buckets each feature is spread over (at 1/sqrt(k) weight each). With one, a single unlucky collision between a
 * query word and a chunk word added 0.15 cosine to an unrelated chunk; with two the worst case halves while the
 * overall noise (about 1/sqrt(1536) per pair of texts) stays the same. Four made suffix n-gram overlaps noisier.
 */
const HASHES_PER_FEATURE = 2;

/** addGroup's working vector, zeroed after each use. */
let scratch = new Float64Array(LOCAL_EMBEDDER_DIMENSION);

/** Adds sublinear (1 + ln tf) signed weights into `into`, scaled so this group's norm is `share` of the total. */
function addGroup(into: Float64Array, counts: FeatureCounter, share: number): void {
  if (counts.size === 0) return;
  const dimension = into.length;
  if (scratch.length !== dimension) scratch = new Float64Array(dimension);
  const part = scratch;
  for (let k = 0; k < counts.size; k += 1) {
    const hash = counts.keyAt(k);
    const weight = 1 + Math.log(counts.countAt(k));
    for (let j = 0; j < HASHES_PER_FEATURE; j += 1) {
      // The j-th bucket and sign of the feature (murmur3's finaliser over hash + j * golden ratio).
      const h = avalanche((hash + Math.imul(j, 0x9e3779b9)) >>> 0);
      const index = h % dimension;
      part[index] = (part[index] ?? 0) + (h & 0x80000000 ? -weight : weight);
    }
  }
  let norm = 0;
  for (let i = 0; i < dimension; i += 1) norm += (part[i] ?? 0) * (part[i] ?? 0);
  if (norm !== 0) {
    const scale = Math.sqrt(share) / Math.sqrt(norm);
    for (let i = 0; i < dimension; i += 1) into[i] = (into[i] ?? 0) + (part[i] ?? 0) * scale;
  }
  part.fill(0);
}

/**
 * Writes one text's embedding into `target` from `offset`: L2-normalised, never all zero (a text without letters or
 * digits gets a fixed vector).
 */
export function embedLocallyInto(
  text: string,
  target: Float64Array | number[],
  offset: number,
  dimension = LOCAL_EMBEDDER_DIMENSION,
): void {
  countFeatures(text);
  const vector = new Float64Array(dimension);
  const hasNgrams = ngramCounts.size > 0;
  addGroup(vector, wordCounts, hasNgrams ? 1 - NGRAM_SHARE : 1);
  addGroup(vector, ngramCounts, hasNgrams ? NGRAM_SHARE : 0);
  let norm = 0;
  for (let i = 0; i < dimension; i += 1) norm += (vector[i] ?? 0) * (vector[i] ?? 0);
  // Nothing to hash (empty or punctuation only): a fixed direction keeps the vector storable.
  if (norm === 0) vector[0] = 1;
  const inverse = norm === 0 ? 1 : 1 / Math.sqrt(norm);
  for (let i = 0; i < dimension; i += 1) target[offset + i] = (vector[i] ?? 0) * inverse;
}

/** One text's embedding (see embedLocallyInto). */
export function embedLocally(text: string, dimension = LOCAL_EMBEDDER_DIMENSION): number[] {
  const out = new Array<number>(dimension);
  embedLocallyInto(text, out, 0, dimension);
  return out;
}

/** Batches from this many texts go to the embedding thread when it is enabled; smaller ones (queries) stay inline. */
export const THREAD_BATCH_MIN = 16;

/**
 * The built-in embedder (DESIGN 2): needs no download, no key and no network. With `thread`, large batches are
 * embedded on a worker thread (local-embedder-thread.ts) so the event loop, and PGlite on it, keep working; the
 * vectors are the same either way.
 */
export function createLocalEmbedder({
  thread,
  onThreadFailure,
}: {
  /** Embeds `texts` off the event loop into one flat array, `dimension` numbers per text. */
  thread?: (texts: string[], signal: AbortSignal | undefined) => Promise<Float64Array>;
  /** Called when the thread could not answer and the batch is embedded inline instead. */
  onThreadFailure?: (error: EmbeddingThreadError) => void;
} = {}): Embedder {
  return {
    id: LOCAL_EMBEDDER_ID,
    dimension: LOCAL_EMBEDDER_DIMENSION,
    async embed(texts, opts) {
      const signal = opts?.signal;
      if (thread && texts.length >= THREAD_BATCH_MIN) {
        try {
          const flat = await thread(texts, signal);
          return texts.map((_, i) =>
            Array.from(flat.subarray(i * LOCAL_EMBEDDER_DIMENSION, (i + 1) * LOCAL_EMBEDDER_DIMENSION)),
          );
        } catch (error) {
          signal?.throwIfAborted();
          // The thread failed (it could not start, or died): the same vectors are made here instead.
          if (!(error instanceof EmbeddingThreadError)) throw error;
          onThreadFailure?.(error);
        }
      }
      const vectors: number[][] = [];
      for (const [index, text] of texts.entries()) {
        signal?.throwIfAborted();
        vectors.push(embedLocally(text));
        // Long batches yield to the event loop now and then so the API stays responsive.
        if (index % 64 === 63) await new Promise((resolve) => setImmediate(resolve));
      }
      return vectors;
    },
  };
}

/** The embedding thread could not answer (it failed to start, crashed or was closed): embed inline instead. */
export class EmbeddingThreadError extends Error {}
