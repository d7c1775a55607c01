// A user's BM25 postings in memory: per term, the chunk ordinals holding it and its occurrences, scored OR-wise.
import { BM25_B, BM25_K1, bm25Idf, MAX_QUERY_TERMS } from "./bm25";
import { grow, topByScore } from "./top-by-score";

type LexicalHit = { chunkId: string; score: number; rank: number };

export type LexicalResult = {
  hits: LexicalHit[];
  /** Sum of the IDFs of the query's lexemes found in the scope: what a chunk with each of them once, at average length, scores. */
  idealScore: number;
};

/** One term's postings: chunk ordinals in insertion order and the term's occurrences in each. */
type Postings = { ordinals: Uint32Array | number[]; counts: Uint16Array | number[]; size: number };

/**
 * Postings stay plain arrays up to this many entries, then become typed arrays: most terms of a knowledge base occur in
 * a chunk or two, and two typed arrays (each with its buffer) cost about 400 bytes before holding anything, which made
 * a 200-chunk user's index 1.9 MB of heap; typed arrays keep the long lists at 6 bytes a posting.
 */
const PLAIN_POSTINGS = 16;

/** Heap a term costs whatever its postings (its string, map entry and list headers; measured: 200-chunk users). */
const BYTES_PER_TERM = 280;

/** The chunks the postings point into, as the index holds them when a search runs. */
type PostingsView = {
  ids: readonly string[];
  alive: Uint8Array;
  lengths: Uint32Array;
  inScope: (ordinal: number) => boolean;
};

/** Every term's postings over the chunk ordinals of one user's index (UserChunkIndex owns the chunks themselves). */
export class ChunkPostings {
  private postings = new Map<string, Postings>();
  private postingCount = 0;
  private scores = new Float64Array(0);

  /** Approximate heap the postings take. */
  get bytes(): number {
    return this.postingCount * 10 + this.postings.size * BYTES_PER_TERM;
  }

  add(term: string, ordinal: number, occurrences: number): void {
    const postings = this.postings.get(term);
    const count = Math.min(65_535, Math.max(1, occurrences));
    if (!postings) {
      this.postings.set(term, { ordinals: [ordinal], counts: [count], size: 1 });
      this.postingCount += 1;
      return;
    }
    if (Array.isArray(postings.ordinals) && postings.size < PLAIN_POSTINGS) {
      // Copied at their exact length: a pushed-to array reserves 17 slots, most of them never used.
      postings.ordinals = [...postings.ordinals, ordinal];
      postings.counts = [...(postings.counts as number[]), count];
      postings.size += 1;
      this.postingCount += 1;
      return;
    }
    if (Array.isArray(postings.ordinals)) {
      const ordinals = new Uint32Array(PLAIN_POSTINGS * 2);
      const counts = new Uint16Array(PLAIN_POSTINGS * 2);
      ordinals.set(postings.ordinals);
      counts.set(postings.counts);
      postings.ordinals = ordinals;
      postings.counts = counts;
    }
    if (!Array.isArray(postings.ordinals) && postings.size === postings.ordinals.length) {
      postings.ordinals = grow(postings.ordinals, postings.size + 1, (n) => new Uint32Array(n));
      postings.counts = grow(postings.counts as Uint16Array, postings.size + 1, (n) => new Uint16Array(n));
    }
    postings.ordinals[postings.size] = ordinal;
    postings.counts[postings.size] = count;
    postings.size += 1;
    this.postingCount += 1;
  }

  /** Every term with the number of live chunks holding it, by term. */
  documentFrequencies(alive: Uint8Array): { term: string; df: number }[] {
    const frequencies: { term: string; df: number }[] = [];
    for (const [term, postings] of this.postings) {
      let df = 0;
      for (let i = 0; i < postings.size; i += 1) if (alive[postings.ordinals[i] ?? 0] === 1) df += 1;
      if (df > 0) frequencies.push({ term, df });
    }
    return frequencies.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  }

  /** Moves every posting to its chunk's new ordinal (`remap`, -1: the chunk is dropped). */
  compact(remap: Int32Array): void {
    let postingCount = 0;
    for (const [term, postings] of this.postings) {
      let size = 0;
      for (let i = 0; i < postings.size; i += 1) {
        const moved = remap[postings.ordinals[i] ?? 0] ?? -1;
        if (moved < 0) continue;
        postings.ordinals[size] = moved;
        postings.counts[size] = postings.counts[i] ?? 1;
        size += 1;
      }
      if (size === 0) {
        this.postings.delete(term);
        continue;
      }
      postings.ordinals = postings.ordinals.slice(0, size);
      postings.counts = postings.counts.slice(0, size);
      postings.size = size;
      postingCount += size;
    }
    this.postingCount = postingCount;
    this.scores = new Float64Array(0);
  }

  /**
   * The best `limit` chunks by BM25 over the OR of `terms` among the chunks in scope, whose count and total length
   * the caller measured (DESIGN 5: IDF from the searched scope).
   */
  search(
    view: PostingsView,
    {
      terms,
      limit,
      chunkCount,
      totalLength,
    }: { terms: readonly string[]; limit: number; chunkCount: number; totalLength: number },
  ): LexicalResult {
    const { ids, alive, lengths, inScope } = view;
    const known: { term: string; postings: Postings; df: number }[] = [];
    for (const term of new Set(terms)) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      let df = 0;
      for (let i = 0; i < postings.size; i += 1) {
        const ordinal = postings.ordinals[i] ?? 0;
        if (alive[ordinal] === 1 && inScope(ordinal)) df += 1;
      }
      if (df > 0) known.push({ term, postings, df });
    }
    known.sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1));
    const scored = known.slice(0, MAX_QUERY_TERMS);
    if (scored.length === 0) return { hits: [], idealScore: 0 };

    const averageLength = Math.max(1, totalLength / chunkCount);
    if (this.scores.length < ids.length) this.scores = new Float64Array(ids.length);
    const scores = this.scores;
    const touched: number[] = [];
    let idealScore = 0;
    for (const { postings, df } of scored) {
      const idf = bm25Idf(chunkCount, df);
      idealScore += idf;
      for (let i = 0; i < postings.size; i += 1) {
        const ordinal = postings.ordinals[i] ?? 0;
        if (alive[ordinal] !== 1 || !inScope(ordinal)) continue;
        const tf = postings.counts[i] ?? 1;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[ordinal] ?? 0)) / averageLength);
        if (scores[ordinal] === 0) touched.push(ordinal);
        scores[ordinal] = (scores[ordinal] ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm);
      }
    }
    const best = topByScore(touched, scores, ids, limit);
    const hits = best.map((ordinal, index) => ({
      chunkId: ids[ordinal] ?? "",
      score: scores[ordinal] ?? 0,
      rank: index + 1,
    }));
    for (const ordinal of touched) scores[ordinal] = 0;
    return { hits, idealScore };
  }
}
