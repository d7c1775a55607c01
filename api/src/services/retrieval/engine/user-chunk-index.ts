// One user's chunks in memory: BM25 postings and the built-in embedder's vector codes, scored without the database.
import { LOCAL_EMBEDDER_DIMENSION, LOCAL_EMBEDDER_ID } from "../../../providers/embedder/local-embedder";
import { BM25_B, BM25_K1, bm25Idf, MAX_QUERY_TERMS } from "./bm25";
import { decodeLocalVector, type QueryWeights } from "./dense-codes";
import { accumulatePage, MIN_PAGE_SLOTS, PAGE_BITS, PAGE_SIZE } from "./dense-kernel";

/** Chunks whose codes are written into their page together while loading (see setCodeBlock). */
const CODE_BLOCK = 64;

/** Which of the user's chunks a search may use: an agent's own chunks and those of its agent type's categories. */
/**
 * Which chunks a search may use: those given to `agentId`, those whose category belongs to it, and with `shared`
 * also the user's shared library (chat uses it): chunks given to no agent whose category is none of `shared.owned`
 * (the categories that belong to some agent).
 */
export type ChunkScope = {
  agentId: string;
  categories: readonly string[];
  shared?: { owned: readonly string[] } | undefined;
};

export type LexicalHit = { chunkId: string; score: number; rank: number };

/** A chunk by cosine with the query (the built-in embedder's quantised vectors). */
export type DenseHit = { chunkId: string; documentId: string; agentId: string | null; score: number };

/** A page of codes: `stride` slots, each dimension's codes in one row of `stride` bytes. */
type DensePage = { codes: Int8Array; stride: number };

/** Per chunk: no vector of the built-in embedder, its code loaded, or embedded by it but without a code (older rows). */
const DENSE_NONE = 0;
const DENSE_LOADED = 1;
const DENSE_MISSING = 2;

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

/** A document's chunk range; `signature` is set only once every chunk is in (an interrupted load is redone). */
type LoadedDocument = { signature: string | undefined; pending: string; start: number; end: number };

/** A document_chunks row as the index loads it. */
export type ChunkRow = {
  id: string;
  document_id: string;
  agent_id: string | null;
  category: string | null;
  lexical_length: number;
  term_counts: Record<string, number> | string;
  embedder?: string | null;
  local_vector?: Uint8Array | null;
};

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array>(
  array: T,
  needed: number,
  make: (length: number) => T,
): T {
  if (needed <= array.length) return array;
  const next = make(Math.max(needed, array.length * 2, 16));
  next.set(array);
  return next;
}

/**
 * One user's chunks: BM25 postings and the built-in embedder's vector codes. Chunks get ordinals in load order; a
 * document's chunks are contiguous, so reloading or removing it marks its range dead, and compaction drops dead
 * ordinals once they outnumber the live ones. Codes sit in pages of up to PAGE_SIZE chunks, column-major, so scoring a
 * query runs down one dimension of a page at a time (sequential memory, integer multiply-adds).
 */
export class UserChunkIndex {
  /** lexical_scopes.generation this index reflects (null: never synced). */
  generation: string | null = null;
  private ids: string[] = [];
  private documentIds: string[] = [];
  private agentIds: (string | null)[] = [];
  private categories: (string | null)[] = [];
  private lengths = new Uint32Array(0);
  private alive = new Uint8Array(0);
  private postings = new Map<string, Postings>();
  private documents = new Map<string, LoadedDocument>();
  private liveChunks = 0;
  private liveLength = 0;
  private postingCount = 0;
  private scores = new Float64Array(0);
  private denseScores = new Float64Array(0);
  private denseState = new Uint8Array(0);
  private denseScale = new Float32Array(0);
  private densePages: (DensePage | undefined)[] = [];

  /** Chunks searchable now. */
  get chunkCount(): number {
    return this.liveChunks;
  }

  /** Sum of the live chunks' lengths. */
  get totalLength(): number {
    return this.liveLength;
  }

  /** Every term with the number of live chunks holding it, by term (for checks against a recount). */
  documentFrequencies(): { term: string; df: number }[] {
    const frequencies: { term: string; df: number }[] = [];
    for (const [term, postings] of this.postings) {
      let df = 0;
      for (let i = 0; i < postings.size; i += 1) if (this.alive[postings.ordinals[i] ?? 0] === 1) df += 1;
      if (df > 0) frequencies.push({ term, df });
    }
    return frequencies.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  }

  /** Approximate bytes held: postings, per-chunk metadata, and the map entries. */
  get approximateBytes(): number {
    let codes = 0;
    for (const page of this.densePages) codes += page?.codes.length ?? 0;
    return this.postingCount * 10 + this.postings.size * BYTES_PER_TERM + this.ids.length * 165 + codes;
  }

  /** A loaded document's signature (see syncIndex); undefined when it is not (completely) loaded. */
  signatureOf(documentId: string): string | undefined {
    return this.documents.get(documentId)?.signature;
  }

  /** Documents this index holds chunks of (loaded completely or not). */
  loadedDocumentIds(): string[] {
    return [...this.documents.keys()];
  }

  /** Marks a document's chunks dead (a deleted or changed document). */
  removeDocument(documentId: string): void {
    const loaded = this.documents.get(documentId);
    if (!loaded) return;
    for (let ordinal = loaded.start; ordinal < loaded.end; ordinal += 1) {
      if (this.alive[ordinal] !== 1) continue;
      this.alive[ordinal] = 0;
      this.liveChunks -= 1;
      this.liveLength -= this.lengths[ordinal] ?? 0;
    }
    this.documents.delete(documentId);
  }

  /**
   * Starts a document's (re)load: its old chunks die, new ones are appended with `appendChunks`, and
   * `finishDocument` records `signature` once they are all in.
   */
  beginDocument(documentId: string, signature: string): void {
    this.removeDocument(documentId);
    this.documents.set(documentId, {
      signature: undefined,
      pending: signature,
      start: this.ids.length,
      end: this.ids.length,
    });
  }

  /** Marks a document's load complete: until then its signature matches nothing, so a sync loads it again. */
  finishDocument(documentId: string): void {
    const loaded = this.documents.get(documentId);
    if (loaded) loaded.signature = loaded.pending;
  }

  appendChunks(documentId: string, rows: readonly ChunkRow[]): void {
    const loaded = this.documents.get(documentId);
    if (!loaded || loaded.end !== this.ids.length) {
      throw new Error(`appendChunks: document ${documentId} is not the one being loaded`);
    }
    const total = this.ids.length + rows.length;
    this.lengths = grow(this.lengths, total, (n) => new Uint32Array(n));
    this.alive = grow(this.alive, total, (n) => new Uint8Array(n));
    this.denseState = grow(this.denseState, total, (n) => new Uint8Array(n));
    this.denseScale = grow(this.denseScale, total, (n) => new Float32Array(n));
    /** Codes of consecutive chunks not yet in their page: written together, dimension by dimension. */
    let block: Int8Array[] = [];
    let blockStart = 0;
    const flushBlock = () => {
      if (block.length > 0) this.setCodeBlock(blockStart, block);
      block = [];
    };
    for (const row of rows) {
      const ordinal = this.ids.length;
      this.ids.push(row.id);
      this.documentIds.push(documentId);
      this.agentIds.push(row.agent_id);
      this.categories.push(row.category);
      this.lengths[ordinal] = row.lexical_length;
      this.alive[ordinal] = 1;
      this.liveChunks += 1;
      this.liveLength += row.lexical_length;
      const counts =
        typeof row.term_counts === "string"
          ? (JSON.parse(row.term_counts) as Record<string, number>)
          : row.term_counts;
      // Object.keys, not for-in (or Object.entries): parsed term maps are dictionary-mode objects, slow to enumerate.
      const terms = Object.keys(counts);
      for (let t = 0; t < terms.length; t += 1) {
        const term = terms[t] as string;
        this.addPosting(term, ordinal, counts[term] ?? 1);
      }
      if (row.local_vector) {
        const { scale, codes } = decodeLocalVector(row.local_vector);
        // A block holds consecutive chunks of one page.
        if (block.length === CODE_BLOCK || (block.length > 0 && (ordinal & (PAGE_SIZE - 1)) === 0))
          flushBlock();
        if (block.length === 0) blockStart = ordinal;
        block.push(codes);
        this.denseScale[ordinal] = scale;
        this.denseState[ordinal] = DENSE_LOADED;
      } else {
        flushBlock();
        this.denseState[ordinal] = row.embedder === LOCAL_EMBEDDER_ID ? DENSE_MISSING : DENSE_NONE;
      }
    }
    flushBlock();
    loaded.end = this.ids.length;
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

  /** The page holding `ordinal`'s codes (made on first use). */
  /**
   * The page holding `ordinal`'s codes, made or grown so that its slot fits: a page's rows double from
   * MIN_PAGE_SLOTS up to PAGE_SIZE as chunks arrive, so memory follows the chunks held (a 200-chunk user holds 256
   * slots, 384 KB, not a whole 6 MB page).
   */
  private pageFor(ordinal: number): DensePage {
    const pageIndex = ordinal >>> PAGE_BITS;
    const slot = ordinal & (PAGE_SIZE - 1);
    const page = this.densePages[pageIndex];
    if (page && slot < page.stride) return page;
    let stride = Math.max(MIN_PAGE_SLOTS, page?.stride ?? 0);
    while (stride <= slot) stride *= 2;
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
    this.densePages[pageIndex] = grown;
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

  private addPosting(term: string, ordinal: number, occurrences: number): void {
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

  /** Drops dead chunks when they outnumber the live ones (documents deleted or re-indexed). */
  compactIfWasteful(): void {
    const dead = this.ids.length - this.liveChunks;
    if (dead < 1_000 || dead < this.liveChunks) return;
    const remap = new Int32Array(this.ids.length).fill(-1);
    const ids: string[] = [];
    const documentIds: string[] = [];
    const agentIds: (string | null)[] = [];
    const categories: (string | null)[] = [];
    const lengths = new Uint32Array(this.liveChunks);
    const denseState = new Uint8Array(this.liveChunks);
    const denseScale = new Float32Array(this.liveChunks);
    const oldPages = this.densePages;
    const moves: [from: number, to: number][] = [];
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.alive[ordinal] !== 1) continue;
      remap[ordinal] = ids.length;
      lengths[ids.length] = this.lengths[ordinal] ?? 0;
      denseState[ids.length] = this.denseState[ordinal] ?? DENSE_NONE;
      denseScale[ids.length] = this.denseScale[ordinal] ?? 0;
      if (this.denseState[ordinal] === DENSE_LOADED) moves.push([ordinal, ids.length]);
      ids.push(this.ids[ordinal] ?? "");
      documentIds.push(this.documentIds[ordinal] ?? "");
      agentIds.push(this.agentIds[ordinal] ?? null);
      categories.push(this.categories[ordinal] ?? null);
    }
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
    for (const loaded of this.documents.values()) {
      const start = remap[loaded.start] ?? -1;
      const length = loaded.end - loaded.start;
      loaded.start = start < 0 ? ids.length : start;
      loaded.end = start < 0 ? ids.length : start + length;
    }
    this.ids = ids;
    this.documentIds = documentIds;
    this.agentIds = agentIds;
    this.categories = categories;
    this.lengths = lengths;
    this.alive = new Uint8Array(ids.length).fill(1);
    this.postingCount = postingCount;
    this.scores = new Float64Array(0);
    this.denseScores = new Float64Array(0);
    // Codes move to their new ordinals, read from the old pages while the new ones are written.
    this.densePages = [];
    for (const [from, to] of moves) {
      const source = oldPages[from >>> PAGE_BITS];
      if (!source) continue;
      const slot = from & (PAGE_SIZE - 1);
      this.setCodes(to, (dimension) => source.codes[dimension * source.stride + slot] ?? 0);
    }
    this.denseState = denseState;
    this.denseScale = denseScale;
  }

  /** Whether a live chunk was embedded by the built-in embedder but has no code (searchDense then gives way). */
  hasMissingCodes(): boolean {
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.alive[ordinal] === 1 && this.denseState[ordinal] === DENSE_MISSING) return true;
    }
    return false;
  }

  /** Documents with at least one chunk in `scope`, or every document held without one (the dense leg's filter). */
  documentsIn(scope: ChunkScope | undefined): string[] {
    const inScope = this.scopeTest(scope);
    const found = new Set<string>();
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.alive[ordinal] === 1 && inScope(ordinal)) found.add(this.documentIds[ordinal] ?? "");
    }
    return [...found];
  }

  private scopeTest(scope: ChunkScope | undefined): (ordinal: number) => boolean {
    if (!scope) return () => true;
    const categories = new Set(scope.categories);
    const owned = scope.shared ? new Set(scope.shared.owned) : undefined;
    return (ordinal) => {
      const agentId = this.agentIds[ordinal];
      if (agentId === scope.agentId) return true;
      const category = this.categories[ordinal];
      if (category !== null && category !== undefined && categories.has(category)) return true;
      return owned !== undefined && agentId == null && (category == null || !owned.has(category));
    };
  }

  /**
   * The best `limit` chunks by BM25 over the OR of `terms` (the query's lexemes) within `scope`; chunk count,
   * average length and document frequencies are the scope's own (DESIGN 5: IDF from the searched scope).
   */
  search({
    terms,
    scope,
    limit,
  }: {
    terms: readonly string[];
    scope?: ChunkScope;
    limit: number;
  }): LexicalResult {
    const inScope = this.scopeTest(scope);
    let chunkCount = this.liveChunks;
    let totalLength = this.liveLength;
    if (scope) {
      chunkCount = 0;
      totalLength = 0;
      for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
        if (this.alive[ordinal] !== 1 || !inScope(ordinal)) continue;
        chunkCount += 1;
        totalLength += this.lengths[ordinal] ?? 0;
      }
    }
    if (chunkCount === 0) return { hits: [], idealScore: 0 };

    const known: { term: string; postings: Postings; df: number }[] = [];
    for (const term of new Set(terms)) {
      const postings = this.postings.get(term);
      if (!postings) continue;
      let df = 0;
      for (let i = 0; i < postings.size; i += 1) {
        const ordinal = postings.ordinals[i] ?? 0;
        if (this.alive[ordinal] === 1 && inScope(ordinal)) df += 1;
      }
      if (df > 0) known.push({ term, postings, df });
    }
    known.sort((a, b) => a.df - b.df || (a.term < b.term ? -1 : 1));
    const scored = known.slice(0, MAX_QUERY_TERMS);
    if (scored.length === 0) return { hits: [], idealScore: 0 };

    const averageLength = Math.max(1, totalLength / chunkCount);
    if (this.scores.length < this.ids.length) this.scores = new Float64Array(this.ids.length);
    const scores = this.scores;
    const touched: number[] = [];
    let idealScore = 0;
    for (const { postings, df } of scored) {
      const idf = bm25Idf(chunkCount, df);
      idealScore += idf;
      for (let i = 0; i < postings.size; i += 1) {
        const ordinal = postings.ordinals[i] ?? 0;
        if (this.alive[ordinal] !== 1 || !inScope(ordinal)) continue;
        const tf = postings.counts[i] ?? 1;
        const norm = BM25_K1 * (1 - BM25_B + (BM25_B * (this.lengths[ordinal] ?? 0)) / averageLength);
        if (scores[ordinal] === 0) touched.push(ordinal);
        scores[ordinal] = (scores[ordinal] ?? 0) + (idf * tf * (BM25_K1 + 1)) / (tf + norm);
      }
    }
    const best = topByScore(touched, scores, this.ids, limit);
    const hits = best.map((ordinal, index) => ({
      chunkId: this.ids[ordinal] ?? "",
      score: scores[ordinal] ?? 0,
      rank: index + 1,
    }));
    for (const ordinal of touched) scores[ordinal] = 0;
    return { hits, idealScore };
  }

  /**
   * The best `limit` chunks within `scope` by cosine between `query` (a built-in embedder vector as integer weights)
   * and the chunks' codes: exact over every chunk, no graph or sampling. Undefined when a chunk of the scope was
   * embedded by the built-in embedder but has no code (rows from before codes were stored; a re-embedding fills
   * them in): the caller then asks the vector store.
   */
  searchDense({
    query,
    scope,
    limit,
  }: {
    query: QueryWeights;
    scope?: ChunkScope;
    limit: number;
  }): DenseHit[] | undefined {
    const inScope = this.scopeTest(scope);
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.alive[ordinal] === 1 && this.denseState[ordinal] === DENSE_MISSING && inScope(ordinal)) {
        return undefined;
      }
    }
    const { dims, weights } = query;
    if (dims.length === 0 || limit < 1) return [];
    if (this.denseScores.length < this.ids.length) this.denseScores = new Float64Array(this.ids.length);
    const scores = this.denseScores;
    const sums = new Int32Array(PAGE_SIZE);
    let candidates: number[] = [];
    /** The `limit`-th best score so far: a chunk below it cannot make the answer (ties still go to the selection). */
    let floor = Number.NEGATIVE_INFINITY;
    for (let pageIndex = 0; pageIndex < this.densePages.length; pageIndex += 1) {
      const page = this.densePages[pageIndex];
      if (!page) continue;
      const first = pageIndex * PAGE_SIZE;
      // Slots past the page's stride have no codes yet (their chunks have no vector of the built-in embedder).
      const count = Math.min(page.stride, this.ids.length - first);
      sums.fill(0);
      accumulatePage(page.codes, page.stride, count, dims, weights, sums);
      for (let slot = 0; slot < count; slot += 1) {
        const ordinal = first + slot;
        if (this.alive[ordinal] !== 1 || this.denseState[ordinal] !== DENSE_LOADED || !inScope(ordinal))
          continue;
        const score = (sums[slot] ?? 0) * (this.denseScale[ordinal] ?? 0) * query.scale;
        if (score < floor) continue;
        scores[ordinal] = score;
        candidates.push(ordinal);
      }
      if (candidates.length >= limit) {
        candidates = topByScore(candidates, scores, this.ids, limit);
        floor = scores[candidates[candidates.length - 1] ?? 0] ?? floor;
      }
    }
    return topByScore(candidates, scores, this.ids, limit).map((ordinal) => ({
      chunkId: this.ids[ordinal] ?? "",
      documentId: this.documentIds[ordinal] ?? "",
      agentId: this.agentIds[ordinal] ?? null,
      score: scores[ordinal] ?? 0,
    }));
  }
}

/** The `limit` best ordinals by score (ties by chunk id), through a bounded min-heap: O(n log limit). */
function topByScore(
  candidates: readonly number[],
  scores: Float64Array,
  ids: readonly string[],
  limit: number,
) {
  /** True when a ranks below b. */
  const worse = (a: number, b: number) => {
    const sa = scores[a] ?? 0;
    const sb = scores[b] ?? 0;
    return sa < sb || (sa === sb && (ids[a] ?? "") > (ids[b] ?? ""));
  };
  const heap: number[] = [];
  const siftDown = (from: number) => {
    let at = from;
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let smallest = at;
      if (left < heap.length && worse(heap[left] ?? 0, heap[smallest] ?? 0)) smallest = left;
      if (right < heap.length && worse(heap[right] ?? 0, heap[smallest] ?? 0)) smallest = right;
      if (smallest === at) return;
      [heap[at], heap[smallest]] = [heap[smallest] ?? 0, heap[at] ?? 0];
      at = smallest;
    }
  };
  for (const ordinal of candidates) {
    if (heap.length < limit) {
      heap.push(ordinal);
      let at = heap.length - 1;
      while (at > 0) {
        const parent = (at - 1) >>> 1;
        if (!worse(heap[at] ?? 0, heap[parent] ?? 0)) break;
        [heap[at], heap[parent]] = [heap[parent] ?? 0, heap[at] ?? 0];
        at = parent;
      }
    } else if (limit > 0 && worse(heap[0] ?? 0, ordinal)) {
      heap[0] = ordinal;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (worse(a, b) ? 1 : worse(b, a) ? -1 : 0));
}
