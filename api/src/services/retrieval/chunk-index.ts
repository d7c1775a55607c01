// Each user's chunks in memory (BM25 postings and the built-in embedder's vector codes), loaded from document_chunks and kept in step through lexical_scopes.generation.
import { sql } from "drizzle-orm";
import type { Db } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { LOCAL_EMBEDDER_DIMENSION, LOCAL_EMBEDDER_ID } from "../../providers/embedder/local-embedder";
import { decodeLocalVector, type QueryWeights } from "./dense-codes";
import { accumulatePage, PAGE_BITS, PAGE_BYTES, PAGE_SIZE } from "./dense-kernel";

/** BM25 parameters (DESIGN 5: k1 0.9, b 0.4 measured best on the public benchmark). */
export const BM25_K1 = 0.9;
export const BM25_B = 0.4;

/** Query lexemes scored at most (the rarest ones): a pasted paragraph stays a cheap query. */
export const MAX_QUERY_TERMS = 64;

/** Chunk rows read per statement while (re)loading a document, so a 70k-chunk file never arrives in one piece. */
const LOAD_PAGE = 2_000;
/** Chunks whose codes are written into their page together while loading (see setCodeBlock). */
const CODE_BLOCK = 64;

/** Users' indexes kept at most, whatever their size (the least recently searched go first). */
const MAX_CACHED_USERS = 1_000;

/** Lucene's BM25 IDF: never negative, even for a term in every chunk. */
export function bm25Idf(chunkCount: number, df: number): number {
  return Math.log(1 + (chunkCount - df + 0.5) / (df + 0.5));
}

/** Which of the user's chunks a search may use: an agent's own chunks and those of its agent type's categories. */
export type ChunkScope = { agentId: string; categories: readonly string[] };

export type LexicalHit = { chunkId: string; score: number; rank: number };

/** A chunk by cosine with the query (the built-in embedder's quantised vectors). */
export type DenseHit = { chunkId: string; documentId: string; agentId: string | null; score: number };

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
type Postings = { ordinals: Uint32Array; counts: Uint16Array; size: number };

/** A document's chunk range; `signature` is set only once every chunk is in (an interrupted load is redone). */
type LoadedDocument = { signature: string | undefined; pending: string; start: number; end: number };

type ChunkRow = {
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
 * ordinals once they outnumber the live ones. Codes sit in pages of PAGE_SIZE chunks, column-major, so scoring a
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
  private densePages: (Int8Array | undefined)[] = [];

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
    const pages = this.densePages.filter(Boolean).length;
    return this.postingCount * 6 + this.postings.size * 96 + this.ids.length * 165 + pages * PAGE_BYTES;
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
    const page = this.pageOf(first);
    const slot = first & (PAGE_SIZE - 1);
    for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
      const base = dimension * PAGE_SIZE + slot;
      for (let j = 0; j < codes.length; j += 1) page[base + j] = codes[j]?.[dimension] ?? 0;
    }
  }

  /** The page holding `ordinal`'s codes (made on first use). */
  private pageOf(ordinal: number): Int8Array {
    const pageIndex = ordinal >>> PAGE_BITS;
    let page = this.densePages[pageIndex];
    if (!page) {
      page = new Int8Array(PAGE_BYTES);
      this.densePages[pageIndex] = page;
    }
    return page;
  }

  /** Writes a chunk's codes into its page, column by column (the page is made on first use). */
  private setCodes(ordinal: number, codeAt: (dimension: number) => number): void {
    const page = this.pageOf(ordinal);
    const slot = ordinal & (PAGE_SIZE - 1);
    for (let dimension = 0; dimension < LOCAL_EMBEDDER_DIMENSION; dimension += 1) {
      page[dimension * PAGE_SIZE + slot] = codeAt(dimension);
    }
  }

  private addPosting(term: string, ordinal: number, occurrences: number): void {
    let postings = this.postings.get(term);
    if (!postings) {
      postings = { ordinals: new Uint32Array(2), counts: new Uint16Array(2), size: 0 };
      this.postings.set(term, postings);
    }
    if (postings.size === postings.ordinals.length) {
      postings.ordinals = grow(postings.ordinals, postings.size + 1, (n) => new Uint32Array(n));
      postings.counts = grow(postings.counts, postings.size + 1, (n) => new Uint16Array(n));
    }
    postings.ordinals[postings.size] = ordinal;
    postings.counts[postings.size] = Math.min(65_535, Math.max(1, occurrences));
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
      this.setCodes(to, (dimension) => source[dimension * PAGE_SIZE + slot] ?? 0);
    }
    this.denseState = denseState;
    this.denseScale = denseScale;
  }

  /** Whether a chunk (id `<documentId>:<index>`) belongs to a document this index holds completely. */
  holdsChunk(chunkId: string): boolean {
    const separator = chunkId.lastIndexOf(":");
    return separator > 0 && this.documents.get(chunkId.slice(0, separator))?.signature !== undefined;
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
    return (ordinal) => {
      if (this.agentIds[ordinal] === scope.agentId) return true;
      const category = this.categories[ordinal];
      return category !== null && category !== undefined && categories.has(category);
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
      const count = Math.min(PAGE_SIZE, this.ids.length - first);
      sums.fill(0);
      accumulatePage(page, count, dims, weights, sums);
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

/** Per database (drizzle instance), each user's index; Map order is recency (the last searched last). */
const caches = new WeakMap<Db, Map<string, { index: UserChunkIndex; sync: Promise<unknown> }>>();

/** Bytes of postings the process keeps across users before dropping the least recently searched (CHUNK_INDEX_MB). */
let memoryBudgetBytes = 512 * 1024 * 1024;

/** Sets the memory budget of the cached indexes (from CHUNK_INDEX_MB at start-up). */
export function configureChunkIndex({ memoryMb }: { memoryMb: number }): void {
  memoryBudgetBytes = memoryMb * 1024 * 1024;
}

/**
 * The user's index, brought up to date first. It holds the chunks of completed documents only: a document's chunks
 * are written while it is processing and count for search (postings, IDF, average length, dense codes) from the
 * moment its status becomes completed, which bumps the generation in the same statement (migration 0009). Every insert or delete of the user's chunks bumps
 * lexical_scopes.generation (a trigger, in every process), so an unchanged generation costs one indexed read; a
 * changed one compares each completed document's signature (row count and the rows' transaction ids) and reloads only the
 * documents that changed. Syncs of one user run one after another.
 */
export async function userChunkIndex(db: Db, userId: string): Promise<UserChunkIndex> {
  let users = caches.get(db);
  if (!users) {
    users = new Map();
    caches.set(db, users);
  }
  let entry = users.get(userId);
  if (!entry) {
    entry = { index: new UserChunkIndex(), sync: Promise.resolve() };
    users.set(userId, entry);
  }
  const { index } = entry;
  const sync = entry.sync.catch(() => undefined).then(() => syncIndex(db, userId, index));
  entry.sync = sync;
  await sync;
  // Most recently searched last; then drop the oldest while over budget (never the one just synced).
  users.delete(userId);
  users.set(userId, entry);
  let bytes = 0;
  for (const cached of users.values()) bytes += cached.index.approximateBytes;
  for (const [otherId, cached] of users) {
    if (otherId === userId || (bytes <= memoryBudgetBytes && users.size <= MAX_CACHED_USERS)) break;
    bytes -= cached.index.approximateBytes;
    users.delete(otherId);
  }
  return index;
}

/** Whether this process holds `userId`'s index (loaded, or being loaded). */
export function holdsChunkIndex(db: Db, userId: string): boolean {
  return caches.get(db)?.has(userId) ?? false;
}

/**
 * Starts loading `userId`'s index when this process does not hold it and the user has chunks (a user signing in:
 * start-up warm-up only knew live sessions and keys, and a 100k-chunk index takes seconds to load). Resolves once it
 * is loaded, with whether a load was needed; callers do not wait for it.
 */
export async function prefetchChunkIndex(db: Db, userId: string): Promise<boolean> {
  if (holdsChunkIndex(db, userId)) return false;
  const [row] = rowsOf<{ has_chunks: boolean }>(
    await db.execute(
      sql`select exists (select 1 from document_chunks where user_id = ${userId}) as has_chunks`,
    ),
  );
  if (!row?.has_chunks || holdsChunkIndex(db, userId)) return false;
  await userChunkIndex(db, userId);
  return true;
}

/** Share of the memory budget warm-up fills at most: searches after start-up keep room for the users they bring. */
const WARM_BUDGET_SHARE = 0.5;

/**
 * Users whose indexes start-up should load: those with chunks and a live session (latest expiry first, as sessions
 * are extended when used) or an API key in use (latest use first).
 */
export async function recentlyActiveUsers(db: Db, limit: number): Promise<string[]> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      select active.user_id from (
        select user_id, max(expires_at) as seen from sessions where expires_at > now() group by user_id
        union all
        select user_id, max(last_used) as seen from api_keys
        where is_active and last_used is not null group by user_id
      ) active
      where exists (select 1 from document_chunks c where c.user_id = active.user_id)
      group by active.user_id order by max(active.seen) desc limit ${limit}`),
  );
  return rows.map((row) => row.user_id);
}

/**
 * Loads the indexes of `userIds` (most active first) until they fill WARM_BUDGET_SHARE of the memory budget, so the
 * first search after a restart does not wait for its user's postings and codes (about 12 s at 100k chunks on PGlite).
 * Loads read pages of LOAD_PAGE rows, so requests interleave with them. Returns how many users were loaded.
 */
export async function warmChunkIndexes(
  db: Db,
  userIds: readonly string[],
  signal?: AbortSignal,
): Promise<number> {
  let warmed = 0;
  for (const userId of userIds) {
    if (signal?.aborted) break;
    let bytes = 0;
    for (const cached of caches.get(db)?.values() ?? []) bytes += cached.index.approximateBytes;
    if (bytes >= memoryBudgetBytes * WARM_BUDGET_SHARE) break;
    await userChunkIndex(db, userId);
    warmed++;
  }
  return warmed;
}

async function syncIndex(db: Db, userId: string, index: UserChunkIndex): Promise<void> {
  const [scope] = rowsOf<{ generation: string }>(
    await db.execute(
      sql`select generation::text as generation from lexical_scopes where user_id = ${userId}`,
    ),
  );
  const generation = scope?.generation ?? "0";
  if (index.generation === generation) return;
  const current = rowsOf<{ document_id: string; chunks: number; signature: string }>(
    await db.execute(sql`
      select c.document_id, count(*)::integer as chunks,
        count(*)::text || ':' || sum(c.xmin::text::bigint)::text as signature
      from document_chunks c
      join documents d on d.id = c.document_id and d.user_id = ${userId} and d.status = 'completed'
      where c.user_id = ${userId} group by c.document_id order by c.document_id`),
  );
  const present = new Set(current.map((row) => row.document_id));
  for (const documentId of index.loadedDocumentIds()) {
    if (!present.has(documentId)) index.removeDocument(documentId);
  }
  const changed = current.filter((row) => index.signatureOf(row.document_id) !== row.signature);
  // Documents are read in groups of about LOAD_PAGE chunks; a larger document is read alone, page by page.
  let group: typeof changed = [];
  let groupChunks = 0;
  const flush = async () => {
    if (group.length > 0) await loadDocuments(db, userId, index, group);
    group = [];
    groupChunks = 0;
  };
  for (const row of changed) {
    if (row.chunks > LOAD_PAGE) {
      await loadLargeDocument(db, userId, index, row);
      continue;
    }
    if (groupChunks + row.chunks > LOAD_PAGE) await flush();
    group.push(row);
    groupChunks += row.chunks;
  }
  await flush();
  index.compactIfWasteful();
  index.generation = generation;
}

const CHUNK_COLUMNS = sql`id, document_id, agent_id, category, lexical_length, term_counts, chunk_index, embedder, local_vector`;

async function loadDocuments(
  db: Db,
  userId: string,
  index: UserChunkIndex,
  group: readonly { document_id: string; signature: string }[],
): Promise<void> {
  const ids = group.map((row) => row.document_id);
  const rows = rowsOf<ChunkRow>(
    await db.execute(sql`
      select ${CHUNK_COLUMNS} from document_chunks
      where user_id = ${userId} and document_id in ${ids}
      order by document_id, chunk_index`),
  );
  const byDocument = new Map<string, ChunkRow[]>();
  for (const row of rows) {
    const list = byDocument.get(row.document_id);
    if (list) list.push(row);
    else byDocument.set(row.document_id, [row]);
  }
  for (const { document_id: documentId, signature } of group) {
    index.beginDocument(documentId, signature);
    index.appendChunks(documentId, byDocument.get(documentId) ?? []);
    index.finishDocument(documentId);
  }
}

async function loadLargeDocument(
  db: Db,
  userId: string,
  index: UserChunkIndex,
  { document_id: documentId, signature }: { document_id: string; signature: string },
): Promise<void> {
  index.beginDocument(documentId, signature);
  let after = -1;
  for (;;) {
    const rows = rowsOf<ChunkRow & { chunk_index: number }>(
      await db.execute(sql`
        select ${CHUNK_COLUMNS} from document_chunks
        where user_id = ${userId} and document_id = ${documentId} and chunk_index > ${after}
        order by chunk_index limit ${LOAD_PAGE}`),
    );
    index.appendChunks(documentId, rows);
    const last = rows.at(-1);
    if (!last || rows.length < LOAD_PAGE) {
      index.finishDocument(documentId);
      return;
    }
    after = last.chunk_index;
  }
}
