// A user's BM25 postings in memory: per term, the chunk ordinals holding it and its occurrences, scored OR-wise. Most
// of them sit in a frozen table (terms sorted in one string, postings in typed arrays, found by binary search: about
// 20 bytes a term and 6 a posting), a large document's in segments of the same form beside it; postings added since
// the last freeze sit in a small map until the next one.
import { BM25_B, BM25_K1, bm25Idf, MAX_QUERY_TERMS } from "./bm25";
import { grow, topByScore } from "./top-by-score";

type LexicalHit = { chunkId: string; score: number; rank: number };

export type LexicalResult = {
  hits: LexicalHit[];
  /** Sum of the IDFs of the query's lexemes found in the scope: what a chunk with each of them once, at average length, scores. */
  idealScore: number;
};

/** One term's postings added since the last freeze: chunk ordinals in insertion order and its occurrences in each. */
type TailPostings = { ordinals: Uint32Array | number[]; counts: Uint16Array | number[]; size: number };

/**
 * Tail postings stay plain arrays up to this many entries, then become typed arrays: most terms of a knowledge base
 * occur in a chunk or two, and two typed arrays (each with its buffer) cost about 400 bytes before holding anything.
 */
const PLAIN_POSTINGS = 16;

/** Heap a tail term costs whatever its postings (its string, map entry and list headers; measured: 200-chunk users). */
const BYTES_PER_TAIL_TERM = 280;

/**
 * A frozen table rebuilds whole, so past this many postings it waits until the tail holds an eighth as many: a large
 * index gains a small document without being copied (amortised, each posting is copied a bounded number of times).
 */
const FREEZE_ALWAYS_POSTINGS = 2_000_000;
const TAIL_SHARE_TO_FREEZE = 8;

/**
 * A document staged batch by batch (an ingestion in this process, see settleInSegments) freezes its tail into a
 * segment of its own once the tail holds this many postings: a freeze then sorts some 10-50k terms (a few ms), the
 * tail's map never grows large (a map of a million CSV terms took 0.5 s pauses to grow and collect), and nothing
 * already frozen is copied.
 */
const SEGMENT_POSTINGS = 1 << 16;

/**
 * Terms in UTF-16 order, concatenated in `text`: term i is text[termStarts[i], termStarts[i + 1]), and its postings are
 * ordinals/counts[postingStarts[i], postingStarts[i + 1]).
 */
type FrozenTable = {
  text: string;
  termStarts: Uint32Array;
  postingStarts: Uint32Array;
  ordinals: Uint32Array;
  counts: Uint16Array;
};

const EMPTY_TABLE: FrozenTable = {
  text: "",
  termStarts: new Uint32Array(1),
  postingStarts: new Uint32Array(1),
  ordinals: new Uint32Array(0),
  counts: new Uint16Array(0),
};

/** Compares `term` with term `index` of `table` in UTF-16 code unit order (the order `<` gives strings). */
function compareToTerm(table: FrozenTable, index: number, term: string): number {
  const start = table.termStarts[index] ?? 0;
  const end = table.termStarts[index + 1] ?? 0;
  const length = Math.min(end - start, term.length);
  for (let i = 0; i < length; i += 1) {
    const difference = term.charCodeAt(i) - table.text.charCodeAt(start + i);
    if (difference !== 0) return difference;
  }
  return term.length - (end - start);
}

/** Term `term`'s index in `table`, or -1. */
function findTerm(table: FrozenTable, term: string): number {
  let low = 0;
  let high = table.termStarts.length - 2;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const order = compareToTerm(table, middle, term);
    if (order === 0) return middle;
    if (order < 0) high = middle - 1;
    else low = middle + 1;
  }
  return -1;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** One term's postings wherever they sit: a range of the frozen arrays, or a tail list. */
type PostingsRef = {
  ordinals: ArrayLike<number>;
  counts: ArrayLike<number>;
  start: number;
  end: number;
};

/** The chunks the postings point into, as the index holds them when a search runs. */
type PostingsView = {
  ids: readonly string[];
  alive: Uint8Array;
  lengths: Uint32Array;
  inScope: (ordinal: number) => boolean;
};

/** Every term's postings over the chunk ordinals of one user's index (UserChunkIndex owns the chunks themselves). */
export class ChunkPostings {
  private frozen: FrozenTable = EMPTY_TABLE;
  /** Frozen tables beside the main one, each from one run of staged batches; searched alongside it. */
  private segments: Segment[] = [];
  private tail = new Map<string, TailPostings>();
  private tailPostings = 0;
  private scores = new Float64Array(0);

  /** `segmentPostings`: the tail's size at which settleInSegments freezes it (tests use small ones). */
  constructor(private readonly segmentPostings = SEGMENT_POSTINGS) {}

  /** Approximate heap the postings take. */
  get bytes(): number {
    let frozenBytes = 0;
    for (const frozen of [this.frozen, ...this.segments]) {
      frozenBytes +=
        frozen.text.length * 2 +
        frozen.termStarts.byteLength +
        frozen.postingStarts.byteLength +
        frozen.ordinals.byteLength +
        frozen.counts.byteLength;
    }
    return frozenBytes + this.tailPostings * 10 + this.tail.size * BYTES_PER_TAIL_TERM;
  }

  add(term: string, ordinal: number, occurrences: number): void {
    const postings = this.tail.get(term);
    const count = Math.min(65_535, Math.max(1, occurrences));
    this.tailPostings += 1;
    if (!postings) {
      this.tail.set(term, { ordinals: [ordinal], counts: [count], size: 1 });
      return;
    }
    if (Array.isArray(postings.ordinals) && postings.size < PLAIN_POSTINGS) {
      // Copied at their exact length: a pushed-to array reserves 17 slots, most of them never used.
      postings.ordinals = [...postings.ordinals, ordinal];
      postings.counts = [...(postings.counts as number[]), count];
      postings.size += 1;
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
  }

  /**
   * Moves the tail into the frozen table when that is cheap (a small index) or the tail has grown to a share of it;
   * call it when a batch of additions is over (an index sync).
   */
  settle(): void {
    if (this.tail.size === 0) return;
    const frozenPostings = this.frozen.ordinals.length;
    if (
      frozenPostings <= FREEZE_ALWAYS_POSTINGS ||
      this.tailPostings * TAIL_SHARE_TO_FREEZE >= frozenPostings
    ) {
      this.frozen = buildTable(this.frozen, this.tail, this.tailPostings, undefined);
      this.emptyTail();
    }
  }

  /**
   * Freezes the tail into a segment of its own once it holds SEGMENT_POSTINGS (a document arriving in many small
   * batches: settle() would copy the whole table each batch; this copies each posting once, in small steps).
   */
  settleInSegments(): void {
    if (this.tail.size === 0 || this.tailPostings < this.segmentPostings) return;
    this.segments.push(asSegment(buildTable(EMPTY_TABLE, this.tail, this.tailPostings, undefined)));
    this.emptyTail();
  }

  private emptyTail(): void {
    this.tail = new Map();
    this.tailPostings = 0;
    this.scores = new Float64Array(0);
  }

  /** Every term's postings, frozen then tail (one term may have both). */
  private *allPostings(): Generator<[string, PostingsRef]> {
    for (const { text, termStarts, postingStarts, ordinals, counts } of [this.frozen, ...this.segments]) {
      for (let index = 0; index < termStarts.length - 1; index += 1) {
        yield [
          text.slice(termStarts[index], termStarts[index + 1]),
          { ordinals, counts, start: postingStarts[index] ?? 0, end: postingStarts[index + 1] ?? 0 },
        ];
      }
    }
    for (const [term, postings] of this.tail) {
      yield [term, { ordinals: postings.ordinals, counts: postings.counts, start: 0, end: postings.size }];
    }
  }

  /** The postings of `term`: its frozen range and its tail list, either possibly absent. */
  private postingsOf(term: string): PostingsRef[] {
    const found: PostingsRef[] = [];
    for (const table of this.segments.length === 0 ? [this.frozen] : [this.frozen, ...this.segments]) {
      const index = findTerm(table, term);
      if (index < 0) continue;
      const { ordinals, counts, postingStarts } = table;
      found.push({ ordinals, counts, start: postingStarts[index] ?? 0, end: postingStarts[index + 1] ?? 0 });
    }
    const tail = this.tail.get(term);
    if (tail) found.push({ ordinals: tail.ordinals, counts: tail.counts, start: 0, end: tail.size });
    return found;
  }

  /** Every term with the number of live chunks holding it, by term. */
  documentFrequencies(alive: Uint8Array): { term: string; df: number }[] {
    const frequencies = new Map<string, number>();
    for (const [term, postings] of this.allPostings()) {
      let df = 0;
      for (let i = postings.start; i < postings.end; i += 1)
        if (alive[postings.ordinals[i] ?? 0] === 1) df += 1;
      frequencies.set(term, (frequencies.get(term) ?? 0) + df);
    }
    return [...frequencies]
      .filter(([, df]) => df > 0)
      .map(([term, df]) => ({ term, df }))
      .sort((a, b) => byCodeUnits(a.term, b.term));
  }

  /** Moves every posting to its chunk's new ordinal (`remap`, -1: the chunk is dropped), freezing the tail too. */
  compact(remap: Int32Array): void {
    this.frozen = buildTable(this.frozen, this.tail, this.tailPostings, remap);
    this.emptyTail();
    // Each segment is remapped on its own (no merge: one copy of each posting); one whose chunks all went (a large
    // document deleted) is dropped without reading its postings.
    const kept: Segment[] = [];
    for (const segment of this.segments) {
      let anyKept = false;
      for (let ordinal = segment.low; ordinal <= segment.high && !anyKept; ordinal += 1)
        anyKept = (remap[ordinal] ?? -1) >= 0;
      if (!anyKept) continue;
      const moved = buildTable(segment, undefined, 0, remap);
      if (moved.ordinals.length > 0) kept.push(asSegment(moved));
    }
    this.segments = kept;
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
    const known: { term: string; postings: PostingsRef[]; df: number }[] = [];
    for (const term of new Set(terms)) {
      const postings = this.postingsOf(term);
      let df = 0;
      for (const list of postings) {
        for (let i = list.start; i < list.end; i += 1) {
          const ordinal = list.ordinals[i] ?? 0;
          if (alive[ordinal] === 1 && inScope(ordinal)) df += 1;
        }
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
      for (const list of postings) {
        for (let i = list.start; i < list.end; i += 1) {
          const ordinal = list.ordinals[i] ?? 0;
          if (alive[ordinal] !== 1 || !inScope(ordinal)) continue;
          const tf = list.counts[i] ?? 1;
          const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (lengths[ordinal] ?? 0)) / averageLength);
          if (scores[ordinal] === 0) touched.push(ordinal);
          scores[ordinal] = (scores[ordinal] ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm);
        }
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

/** A frozen table beside the main one, with the lowest and highest chunk ordinal it holds postings of. */
type Segment = FrozenTable & { low: number; high: number };

function asSegment(table: FrozenTable): Segment {
  let low = Number.POSITIVE_INFINITY;
  let high = -1;
  for (const ordinal of table.ordinals) {
    if (ordinal < low) low = ordinal;
    if (ordinal > high) high = ordinal;
  }
  return { ...table, low, high };
}

/**
 * One frozen table from `old` and `tail` (either may be empty), through `remap` when given (-1: the posting's chunk
 * is dropped; a term left without postings goes).
 */
function buildTable(
  old: FrozenTable,
  tail: Map<string, TailPostings> | undefined,
  tailPostings: number,
  remap: Int32Array | undefined,
): FrozenTable {
  const oldTerms = old.termStarts.length - 1;
  const tailTerms = tail ? [...tail.keys()].sort(byCodeUnits) : [];
  const termCapacity = oldTerms + tailTerms.length;
  const postingCapacity = old.ordinals.length + tailPostings;
  const termStarts = new Uint32Array(termCapacity + 1);
  const postingStarts = new Uint32Array(termCapacity + 1);
  const ordinals = new Uint32Array(postingCapacity);
  const counts = new Uint16Array(postingCapacity);
  const pieces: string[] = [];
  let textLength = 0;
  let terms = 0;
  let postings = 0;

  const copy = (from: PostingsRef) => {
    for (let i = from.start; i < from.end; i += 1) {
      const ordinal = from.ordinals[i] ?? 0;
      const moved = remap ? (remap[ordinal] ?? -1) : ordinal;
      if (moved < 0) continue;
      ordinals[postings] = moved;
      counts[postings] = from.counts[i] ?? 1;
      postings += 1;
    }
  };
  const close = (term: string) => {
    if (postings === postingStarts[terms]) return; // every posting of it was dropped
    pieces.push(term);
    textLength += term.length;
    terms += 1;
    termStarts[terms] = textLength;
    postingStarts[terms] = postings;
  };

  let a = 0;
  let b = 0;
  while (a < oldTerms || b < tailTerms.length) {
    const oldTerm = a < oldTerms ? old.text.slice(old.termStarts[a], old.termStarts[a + 1]) : undefined;
    const tailTerm = tailTerms[b];
    const order = oldTerm === undefined ? 1 : tailTerm === undefined ? -1 : byCodeUnits(oldTerm, tailTerm);
    const term = (order <= 0 ? oldTerm : tailTerm) as string;
    if (order <= 0) {
      copy({
        ordinals: old.ordinals,
        counts: old.counts,
        start: old.postingStarts[a] ?? 0,
        end: old.postingStarts[a + 1] ?? 0,
      });
      a += 1;
    }
    if (order >= 0 && tailTerm !== undefined) {
      const list = tail?.get(tailTerm);
      if (list) copy({ ordinals: list.ordinals, counts: list.counts, start: 0, end: list.size });
      b += 1;
    }
    close(term);
  }

  return {
    // join copies the characters into one new string: nothing keeps the old table's text alive.
    text: pieces.join(""),
    termStarts: termStarts.slice(0, terms + 1),
    postingStarts: postingStarts.slice(0, terms + 1),
    ordinals: ordinals.slice(0, postings),
    counts: counts.slice(0, postings),
  };
}
