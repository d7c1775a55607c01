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

/**
 * A document's chunks: ordinal ranges as flat [start, end) pairs (one range, unless a load or a staged document was
 * appended in between); `signature` is set only once every chunk is in (an interrupted load is redone). A staged
 * document (an ingestion in this process writing it) holds its chunks hidden until `reveal`.
 */
type LoadedDocument = { signature: string | undefined; pending: string; ranges: number[]; staged: boolean };

/** Per chunk ordinal: dropped, searchable, or held hidden (its document is still being ingested). */
const DEAD = 0;
const LIVE = 1;
const STAGED = 2;

/** What `stageDocument` returns: appends and the finish must come from the staging that is current. */
export type StagingToken = { readonly documentId: string };

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
  private stagedChunks = 0;
  private readonly staging = new Map<string, StagingToken>();
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

  /** Documents this index holds chunks of (loaded completely or not), staged ones included. */
  loadedDocumentIds(): string[] {
    return [...this.documents.keys()];
  }

  /** Whether the index holds `documentId`, searchable (not staged). */
  holdsSearchable(documentId: string): boolean {
    const loaded = this.documents.get(documentId);
    return loaded !== undefined && !loaded.staged;
  }

  /** Whether `documentId`'s chunks are held hidden (see stageDocument). */
  isStaged(documentId: string): boolean {
    return this.documents.get(documentId)?.staged === true;
  }

  /** Whether `token`'s staging is the document's current one (not revealed, reloaded, removed or staged anew). */
  isStagedBy(token: StagingToken): boolean {
    return this.staging.get(token.documentId) === token;
  }

  /** A staged document's signature once its staging is finished (every chunk in), else undefined. */
  stagedSignature(documentId: string): string | undefined {
    const loaded = this.documents.get(documentId);
    return loaded?.staged ? loaded.signature : undefined;
  }

  /** Marks a document's chunks dead (a deleted or changed document), staged or not. */
  removeDocument(documentId: string): void {
    const loaded = this.documents.get(documentId);
    if (!loaded) return;
    const { ranges } = loaded;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let ordinal = ranges[r] ?? 0; ordinal < (ranges[r + 1] ?? 0); ordinal += 1) {
        const state = this.alive[ordinal];
        if (state === DEAD) continue;
        this.alive[ordinal] = DEAD;
        if (state === STAGED) {
          this.stagedChunks -= 1;
          continue;
        }
        this.liveChunks -= 1;
        this.liveLength -= this.lengths[ordinal] ?? 0;
      }
    }
    this.documents.delete(documentId);
    this.staging.delete(documentId);
  }

  /**
   * Starts a document's (re)load: its old chunks die, new ones are appended with `appendChunks`, and
   * `finishDocument` records `signature` once they are all in.
   */
  beginDocument(documentId: string, signature: string): void {
    this.removeDocument(documentId);
    this.documents.set(documentId, { signature: undefined, pending: signature, ranges: [], staged: false });
  }

  /**
   * Starts holding a document's chunks hidden while it is ingested (its old chunks die): `appendStaged` adds them as
   * their rows are written, `finishStaged` records the signature its rows will have, and `reveal` makes them
   * searchable at once when it completes. Any other load, staging or removal of the document ends this staging.
   */
  stageDocument(documentId: string): StagingToken {
    this.removeDocument(documentId);
    this.documents.set(documentId, { signature: undefined, pending: "", ranges: [], staged: true });
    const token = { documentId };
    this.staging.set(documentId, token);
    return token;
  }

  /** Appends a staged document's rows, hidden; false (nothing added) when `token`'s staging is over. */
  appendStaged(token: StagingToken, rows: readonly ChunkRow[]): boolean {
    if (this.staging.get(token.documentId) !== token) return false;
    this.append(token.documentId, rows, "segments");
    return true;
  }

  /** Records the signature of a staged document whose rows are all in; false when `token`'s staging is over. */
  finishStaged(token: StagingToken, signature: string): boolean {
    const loaded = this.documents.get(token.documentId);
    if (this.staging.get(token.documentId) !== token || !loaded) return false;
    loaded.signature = signature;
    loaded.pending = signature;
    return true;
  }

  /**
   * Makes a finished staged document searchable (its document completed): a pass over its ordinals, nothing read
   * or rebuilt. False when it is not a finished staged document.
   */
  reveal(documentId: string): boolean {
    const loaded = this.documents.get(documentId);
    if (!loaded?.staged || loaded.signature === undefined) return false;
    const { ranges } = loaded;
    for (let r = 0; r < ranges.length; r += 2) {
      for (let ordinal = ranges[r] ?? 0; ordinal < (ranges[r + 1] ?? 0); ordinal += 1) {
        if (this.alive[ordinal] !== STAGED) continue;
        this.alive[ordinal] = LIVE;
        this.stagedChunks -= 1;
        this.liveChunks += 1;
        this.liveLength += this.lengths[ordinal] ?? 0;
      }
    }
    loaded.staged = false;
    this.staging.delete(documentId);
    return true;
  }

  /** Marks a document's load complete: until then its signature matches nothing, so a sync loads it again. */
  finishDocument(documentId: string): void {
    const loaded = this.documents.get(documentId);
    if (loaded) loaded.signature = loaded.pending;
  }

  /**
   * Appends a loading document's rows. `settle`: "always" folds their postings into the main frozen table now (small
   * documents: the table stays one), "segments" freezes them into segments of their own as they accumulate (a large
   * document read page by page: nothing frozen is copied again, and no page pauses for a rebuild of the whole table).
   */
  appendChunks(
    documentId: string,
    rows: readonly ChunkRow[],
    settle: "always" | "segments" = "always",
  ): void {
    const loaded = this.documents.get(documentId);
    if (!loaded || loaded.staged) {
      throw new Error(`appendChunks: document ${documentId} is not being loaded`);
    }
    this.append(documentId, rows, settle);
  }

  /** Appends rows to a document begun or staged: a new range when other chunks were appended since its last rows. */
  private append(documentId: string, rows: readonly ChunkRow[], settle: "always" | "segments"): void {
    const loaded = this.documents.get(documentId);
    if (!loaded) throw new Error(`append: document ${documentId} is not being loaded`);
    const state = loaded.staged ? STAGED : LIVE;
    const { ranges } = loaded;
    if (ranges.length > 0 && ranges[ranges.length - 1] === this.ids.length) {
      ranges[ranges.length - 1] = this.ids.length + rows.length;
    } else {
      ranges.push(this.ids.length, this.ids.length + rows.length);
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
      this.alive[ordinal] = state;
      if (state === LIVE) {
        this.liveChunks += 1;
        this.liveLength += row.lexical_length;
      } else {
        this.stagedChunks += 1;
      }
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
    if (settle === "always") this.postings.settle();
    else this.postings.settleInSegments();
  }

  /** Drops dead chunks when they outnumber the live ones (documents deleted or re-indexed). */
  compactIfWasteful(): void {
    const dead = this.ids.length - this.liveChunks - this.stagedChunks;
    if (dead < 1_000 || dead < this.liveChunks + this.stagedChunks) return;
    const remap = new Int32Array(this.ids.length).fill(-1);
    const kept: number[] = [];
    const ids: string[] = [];
    const documentIds: string[] = [];
    const agentIds: (string | null)[] = [];
    const categories: (string | null)[] = [];
    const lengths = new Uint32Array(this.liveChunks + this.stagedChunks);
    const alive = new Uint8Array(this.liveChunks + this.stagedChunks);
    for (let ordinal = 0; ordinal < this.ids.length; ordinal += 1) {
      const state = this.alive[ordinal] ?? DEAD;
      if (state === DEAD) continue;
      alive[ids.length] = state;
      remap[ordinal] = ids.length;
      kept.push(ordinal);
      lengths[ids.length] = this.lengths[ordinal] ?? 0;
      ids.push(this.ids[ordinal] ?? "");
      documentIds.push(this.documentIds[ordinal] ?? "");
      agentIds.push(this.agentIds[ordinal] ?? null);
      categories.push(this.categories[ordinal] ?? null);
    }
    this.postings.compact(remap);
    // A range's chunks live and die together (they are one document's), so its first ordinal's move is the range's.
    for (const loaded of this.documents.values()) {
      const ranges: number[] = [];
      for (let r = 0; r < loaded.ranges.length; r += 2) {
        const from = loaded.ranges[r] ?? 0;
        const length = (loaded.ranges[r + 1] ?? 0) - from;
        const start = length > 0 ? (remap[from] ?? -1) : -1;
        if (start >= 0) ranges.push(start, start + length);
      }
      loaded.ranges = ranges;
    }
    this.ids = ids;
    this.documentIds = documentIds;
    this.agentIds = agentIds;
    this.categories = categories;
    this.lengths = lengths;
    this.alive = alive;
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
      if (this.alive[ordinal] === LIVE && inScope(ordinal)) found.add(this.documentIds[ordinal] ?? "");
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
        if (this.alive[ordinal] !== LIVE || !inScope(ordinal)) continue;
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
