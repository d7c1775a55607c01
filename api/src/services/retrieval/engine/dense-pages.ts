// A user's built-in embedder codes in memory: pages of codes, column-major, scored exactly against a query vector.
import { LOCAL_EMBEDDER_DIMENSION, LOCAL_EMBEDDER_ID } from "../../../providers/embedder/local-embedder";
import { decodeLocalVector, type QueryWeights } from "./dense-codes";
import { accumulatePage, MIN_PAGE_SLOTS, PAGE_BITS, PAGE_SIZE } from "./dense-kernel";
import { grow, topByScore } from "./top-by-score";

/** Chunks whose codes are written into their page together while loading (see setCodeBlock). */
const CODE_BLOCK = 64;

/** A chunk by cosine with the query (the built-in embedder's quantised vectors). */
export type DenseHit = { chunkId: string; documentId: string; agentId: string | null; score: number };

/** A page of codes: `stride` slots, each dimension's codes in one row of `stride` bytes. */
type DensePage = { codes: Int8Array; stride: number };

/** Per chunk: no vector of the built-in embedder, its code loaded, or embedded by it but without a code (older rows). */
const DENSE_NONE = 0;
const DENSE_LOADED = 1;
const DENSE_MISSING = 2;

/** The chunks the codes belong to, as the index holds them when a search runs. */
type DenseView = {
  ids: readonly string[];
  documentIds: readonly string[];
  agentIds: readonly (string | null)[];
  alive: Uint8Array;
  inScope: (ordinal: number) => boolean;
};

/**
 * Codes by chunk ordinal (UserChunkIndex owns the chunks themselves). They sit in pages of up to PAGE_SIZE chunks,
 * column-major, so scoring a query runs down one dimension of a page at a time (sequential memory, integer
 * multiply-adds).
 */
export class DensePages {
  private scores = new Float64Array(0);
  private state = new Uint8Array(0);
  private scale = new Float32Array(0);
  private pages: (DensePage | undefined)[] = [];
  /** Codes of consecutive chunks not yet in their page: written together, dimension by dimension. */
  private block: Int8Array[] = [];
  private blockStart = 0;

  /** Bytes the pages of codes take. */
  get bytes(): number {
    let codes = 0;
    for (const page of this.pages) codes += page?.codes.length ?? 0;
    return codes;
  }

  /** Makes room for `total` chunks' states. */
  reserve(total: number): void {
    this.state = grow(this.state, total, (n) => new Uint8Array(n));
    this.scale = grow(this.scale, total, (n) => new Float32Array(n));
  }

  /** Records a newly appended chunk's vector: its code (kept for the next flush), or why it has none. */
  add(ordinal: number, row: { embedder?: string | null; local_vector?: Uint8Array | null }): void {
    if (row.local_vector) {
      const { scale, codes } = decodeLocalVector(row.local_vector);
      // A block holds consecutive chunks of one page.
      if (this.block.length === CODE_BLOCK || (this.block.length > 0 && (ordinal & (PAGE_SIZE - 1)) === 0))
        this.flush();
      if (this.block.length === 0) this.blockStart = ordinal;
      this.block.push(codes);
      this.scale[ordinal] = scale;
      this.state[ordinal] = DENSE_LOADED;
    } else {
      this.flush();
      this.state[ordinal] = row.embedder === LOCAL_EMBEDDER_ID ? DENSE_MISSING : DENSE_NONE;
    }
  }

  /** Writes the codes kept by add() into their page (call after each batch of rows). */
  flush(): void {
    if (this.block.length > 0) this.setCodeBlock(this.blockStart, this.block);
    this.block = [];
  }

  /**
   * Shrinks the last page to the slots its `count` chunks use (rounded up to a SIMD block): it grew by doubling, so up
   * to half of it was empty (a 200-chunk user held 256 slots of 1,536 codes). Call it when a load is over; a page
   * that grows again doubles from there.
   */
  trim(count: number): void {
    if (count === 0) {
      this.pages = [];
      return;
    }
    const pageIndex = (count - 1) >>> PAGE_BITS;
    this.pages.length = Math.min(this.pages.length, pageIndex + 1);
    const page = this.pages[pageIndex];
    if (!page) return;
    const used = count - pageIndex * PAGE_SIZE;
    const stride = Math.max(MIN_PAGE_SLOTS, (used + MIN_PAGE_SLOTS - 1) & ~(MIN_PAGE_SLOTS - 1));
    if (stride >= page.stride) return;
    const codes = new Int8Array(stride * LOCAL_EMBEDDER_DIMENSION);
    for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
      const from = dimension * page.stride;
      codes.set(page.codes.subarray(from, from + stride), dimension * stride);
    }
    this.pages[pageIndex] = { codes, stride };
  }

  /** Whether a live chunk was embedded by the built-in embedder but has no code. */
  hasMissing(alive: Uint8Array, count: number): boolean {
    for (let ordinal = 0; ordinal < count; ordinal += 1) {
      if (alive[ordinal] === 1 && this.state[ordinal] === DENSE_MISSING) return true;
    }
    return false;
  }

  /** Keeps the chunks of `kept` (old ordinals, in their new order): their states and codes move to the new ordinals. */
  compact(kept: readonly number[]): void {
    const state = new Uint8Array(kept.length);
    const scale = new Float32Array(kept.length);
    const oldPages = this.pages;
    kept.forEach((from, to) => {
      state[to] = this.state[from] ?? DENSE_NONE;
      scale[to] = this.scale[from] ?? 0;
    });
    this.scores = new Float64Array(0);
    // Codes move to their new ordinals, read from the old pages while the new ones are written.
    this.pages = [];
    kept.forEach((from, to) => {
      if (this.state[from] !== DENSE_LOADED) return;
      const source = oldPages[from >>> PAGE_BITS];
      if (!source) return;
      const slot = from & (PAGE_SIZE - 1);
      this.setCodes(to, (dimension) => source.codes[dimension * source.stride + slot] ?? 0);
    });
    this.state = state;
    this.scale = scale;
  }

  /**
   * Writes the codes of consecutive chunks from `first` (all in one page) column by column: each dimension's codes
   * for the block land in one run of bytes. One chunk at a time wrote 1,536 bytes 4 KB apart, a cache miss each,
   * which made loading 30k chunks take 2.3 s.
   */
  private setCodeBlock(first: number, codes: readonly Int8Array[]): void {
    const slot = first & (PAGE_SIZE - 1);
    const { codes: page, stride } = this.pageFor(first + codes.length - 1);
    for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
      const base = dimension * stride + slot;
      for (let j = 0; j < codes.length; j += 1) page[base + j] = codes[j]?.[dimension] ?? 0;
    }
  }

  /**
   * The page holding `ordinal`'s codes, made or grown so that its slot fits: a page's rows double from
   * MIN_PAGE_SLOTS up to PAGE_SIZE as chunks arrive, so memory follows the chunks held (a 200-chunk user holds 256
   * slots, 384 KB, not a whole 6 MB page, and 208 slots once trim() has run).
   */
  private pageFor(ordinal: number): DensePage {
    const pageIndex = ordinal >>> PAGE_BITS;
    const slot = ordinal & (PAGE_SIZE - 1);
    const page = this.pages[pageIndex];
    if (page && slot < page.stride) return page;
    let stride = Math.max(MIN_PAGE_SLOTS, page?.stride ?? 0);
    while (stride <= slot) stride *= 2;
    // A trimmed page (a multiple of 16, not a power of two) doubles past PAGE_SIZE otherwise.
    stride = Math.min(stride, PAGE_SIZE);
    const codes = new Int8Array(stride * LOCAL_EMBEDDER_DIMENSION);
    if (page) {
      for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
        codes.set(
          page.codes.subarray(dimension * page.stride, (dimension + 1) * page.stride),
          dimension * stride,
        );
      }
    }
    const grown = { codes, stride };
    this.pages[pageIndex] = grown;
    return grown;
  }

  /** Writes a chunk's codes into its page, column by column (the page is made on first use). */
  private setCodes(ordinal: number, codeAt: (dimension: number) => number): void {
    const { codes: page, stride } = this.pageFor(ordinal);
    const slot = ordinal & (PAGE_SIZE - 1);
    for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
      page[dimension * stride + slot] = codeAt(dimension);
    }
  }

  /**
   * The best `limit` chunks in scope by cosine between `query` and their codes: exact over every chunk, no graph or
   * sampling. Undefined when a chunk in scope was embedded by the built-in embedder but has no code.
   */
  search(view: DenseView, { query, limit }: { query: QueryWeights; limit: number }): DenseHit[] | undefined {
    const { ids, alive, inScope } = view;
    for (let ordinal = 0; ordinal < ids.length; ordinal += 1) {
      if (alive[ordinal] === 1 && this.state[ordinal] === DENSE_MISSING && inScope(ordinal)) {
        return undefined;
      }
    }
    const { dims, weights } = query;
    if (dims.length === 0 || limit < 1) return [];
    if (this.scores.length < ids.length) this.scores = new Float64Array(ids.length);
    const scores = this.scores;
    const sums = new Int32Array(PAGE_SIZE);
    let candidates: number[] = [];
    /** The `limit`-th best score so far: a chunk below it cannot make the answer (ties still go to the selection). */
    let floor = Number.NEGATIVE_INFINITY;
    for (let pageIndex = 0; pageIndex < this.pages.length; pageIndex += 1) {
      const page = this.pages[pageIndex];
      if (!page) continue;
      const first = pageIndex * PAGE_SIZE;
      // Slots past the page's stride have no codes yet (their chunks have no vector of the built-in embedder).
      const count = Math.min(page.stride, ids.length - first);
      sums.fill(0);
      accumulatePage(page.codes, page.stride, count, dims, weights, sums);
      for (let slot = 0; slot < count; slot += 1) {
        const ordinal = first + slot;
        if (alive[ordinal] !== 1 || this.state[ordinal] !== DENSE_LOADED || !inScope(ordinal)) continue;
        const score = (sums[slot] ?? 0) * (this.scale[ordinal] ?? 0) * query.scale;
        if (score < floor) continue;
        scores[ordinal] = score;
        candidates.push(ordinal);
      }
      if (candidates.length >= limit) {
        candidates = topByScore(candidates, scores, ids, limit);
        floor = scores[candidates[candidates.length - 1] ?? 0] ?? floor;
      }
    }
    return topByScore(candidates, scores, ids, limit).map((ordinal) => ({
      chunkId: ids[ordinal] ?? "",
      documentId: view.documentIds[ordinal] ?? "",
      agentId: view.agentIds[ordinal] ?? null,
      score: scores[ordinal] ?? 0,
    }));
  }
}
