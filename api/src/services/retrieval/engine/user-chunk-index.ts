// One user's chunks in memory: their metadata and liveness, behind which the BM25 postings and the dense codes sit.
import { ChunkPostings, type LexicalResult } from "./chunk-postings";
import type { QueryWeights } from "./dense-codes";
import { type DenseHit, DensePages } from "./dense-pages";
import { grow } from "./top-by-score";

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
/** Per chunk the index holds: what the heap costs beyond postings and codes (its id and metadata). */
const BYTES_PER_CHUNK = 165;

/**
 * One user's chunks: BM25 postings (chunk-postings.ts) and the built-in embedder's vector codes (dense-pages.ts). Chunks
 * get ordinals in load order; a document's chunks are contiguous, so reloading or removing it marks its range dead,
 * and compaction drops dead ordinals once they outnumber the live ones.
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
  private documents = new Map<string, LoadedDocument>();
  private liveChunks = 0;
  private liveLength = 0;
  private readonly postings = new ChunkPostings();
  private readonly dense = new DensePages();

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
    return this.postings.documentFrequencies(this.alive);
  }

  /** Approximate bytes held: postings, per-chunk metadata, and the map entries. */
  get approximateBytes(): number {
    return this.postings.bytes + this.ids.length * BYTES_PER_CHUNK + this.dense.bytes;
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
    this.dense.reserve(total);
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
        this.postings.add(term, ordinal, counts[term] ?? 1);
      }
      this.dense.add(ordinal, row);
    }
    this.dense.flush();
    this.postings.settle();
    loaded.end = this.ids.length;
  }

  /** Drops dead chunks when they outnumber the live ones (documents deleted or re-indexed). */
  compactIfWasteful(): void {
    const dead = this.ids.length - this.liveChunks;
    if (dead < 1_000 || dead < this.liveChunks) return;
    const remap = new Int32Array(this.ids.length).fill(-1);
    const kept: number[] = [];
    const ids: string[] = [];
    const documentIds: string[] = [];
    const agentIds: (string | null)[] = [];
    const categories: (string | null)[] = [];
    const lengths = new Uint32Array(this.liveChunks);
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      if (this.alive[ordinal] !== 1) continue;
      remap[ordinal] = ids.length;
      kept.push(ordinal);
      lengths[ids.length] = this.lengths[ordinal] ?? 0;
      ids.push(this.ids[ordinal] ?? "");
      documentIds.push(this.documentIds[ordinal] ?? "");
      agentIds.push(this.agentIds[ordinal] ?? null);
      categories.push(this.categories[ordinal] ?? null);
    }
    this.postings.compact(remap);
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
    this.dense.compact(kept);
  }

  /** Gives back the room the last load reserved and did not use (call when a sync is over). */
  trim(): void {
    this.dense.trim(this.ids.length);
  }

  /** Whether a live chunk was embedded by the built-in embedder but has no code (searchDense then gives way). */
  hasMissingCodes(): boolean {
    return this.dense.hasMissing(this.alive, this.ids.length);
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
    return this.postings.search(
      { ids: this.ids, alive: this.alive, lengths: this.lengths, inScope },
      { terms, limit, chunkCount, totalLength },
    );
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
    const view = {
      ids: this.ids,
      documentIds: this.documentIds,
      agentIds: this.agentIds,
      alive: this.alive,
      inScope: this.scopeTest(scope),
    };
    return this.dense.search(view, { query, limit });
  }
}
