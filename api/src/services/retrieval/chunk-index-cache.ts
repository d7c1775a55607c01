// This process's users' search indexes within a memory budget: loaded on demand, kept in step, evicted least recently searched first.
import type { Db } from "../../db/create-database";
import type { Logger } from "../../lib/logger";
import { applyIndexPlan, planIndex, readGeneration } from "./chunk-index-sync";
import { LOCAL_VECTOR_BYTES } from "./engine/dense-codes";
import { type ChunkRow, UserChunkIndex } from "./engine/user-chunk-index";

/** Users' indexes kept at most, whatever their size (the least recently searched go first). */
const MAX_CACHED_USERS = 10_000;

/** Share of the budget one user's index may take; a larger one is searched through the database instead. */
const DEFAULT_USER_SHARE = 0.5;

/** The fewest bytes a chunk costs in memory (its id and metadata; postings and codes come on top). */
const MIN_BYTES_PER_CHUNK = 165;

/**
 * How a user's chunks are searched: from memory, or, for a user whose index would take more than a user's share of
 * the budget, through the database and the vector store (slower, but never evicting everyone else; DESIGN 10).
 */
export type SearchableIndex =
  | { kind: "memory"; index: UserChunkIndex }
  | { kind: "database"; chunkCount: number; reason: string };

type Entry = {
  index: UserChunkIndex;
  /** The sync in flight or last run: syncs of one user run one after another. */
  sync: Promise<unknown>;
  /**
   * A sync queued behind the one in flight that has not read the generation yet: every search arriving meanwhile
   * joins it, as its read comes after their arrival (what they must see), so concurrent searches of one user cost one
   * freshness read, not one each.
   */
  queued: Promise<unknown> | undefined;
  /** Set while the user is too large for memory: the generation it was measured at, and why. */
  oversize: { generation: string; chunkCount: number; reason: string } | undefined;
  /** Loads or searches using the entry right now: never evicted while above zero. */
  users: number;
  /**
   * Generations produced by changes this process made and the index already reflects (a deletion's batches, read in
   * each batch's transaction): a sync whose generation moved only through these reads nothing.
   */
  known: Set<bigint>;
  /** Documents being deleted in batches: out of the index, and a sync meanwhile does not load what is left of them. */
  leaving: Set<string>;
};

class IndexTooLargeError extends Error {}

/**
 * A document joining its owner's loaded index while it is ingested (see ChunkIndexCache.openJoin): each batch of rows
 * written is added hidden, so its completion only has to make them searchable.
 */
export type DocumentJoin = {
  /**
   * Adds rows just written (committed) to the index, hidden. `transactionIds` is the sum of the rows' xmin, so the
   * join knows the signature (chunk-index-sync.ts planIndex) the document's rows have once all are in. Rows that
   * could not be kept (the index was evicted, reloaded or is too large) end the join: completion then loads the
   * document from the database instead.
   */
  add(rows: readonly ChunkRow[], transactionIds: bigint): void;
  /** The document completed (committed): makes it searchable in the index now, or has it loaded in the background. */
  complete(): void;
  /** The ingestion failed or stopped: what was added goes. */
  abandon(): void;
};

/**
 * A document deleted in batches (see ChunkIndexCache.leave): each batch moves the generation once, and the index,
 * which dropped the document first, takes those generations without reading anything.
 */
export type DocumentLeave = {
  /** Resolves once the document is out of the loaded index: delete the first batch after it. */
  ready: Promise<void>;
  /** A batch of the document's rows was deleted, leaving the generation at `generation` (read in its transaction). */
  removed(generation: string): void;
  /** Every row is gone (or the deletion stopped): the index takes the generation now. */
  done(): void;
};

/**
 * Told each time a user's index (re)loads, i.e. its generation changed: `missingCodes` when it holds built-in
 * embedder chunks without the code the in-memory dense leg reads. Listeners must not throw (they start background work).
 */
type IndexLoadListener = (userId: string, load: { missingCodes: boolean }) => void;

type ChunkIndexCacheOptions = {
  db: Db;
  /** CHUNK_INDEX_MB. */
  memoryMb: number;
  /** Share of the budget one user may take (default DEFAULT_USER_SHARE). */
  userShare?: number;
  logger?: Pick<Logger, "info" | "warn"> | undefined;
};

/**
 * Each user's index, brought up to date before use. It holds the chunks of completed documents only (migration 0009:
 * their status switch bumps the generation). An unchanged generation costs one indexed read; a changed one reloads
 * only the documents whose rows changed. Memory follows the chunks held (pages of codes grow with them), every index
 * counts while it loads, and when the total passes the budget the least recently searched indexes not in use go.
 */
export class ChunkIndexCache {
  readonly budgetBytes: number;
  readonly userShareBytes: number;
  private readonly entries = new Map<string, Entry>();
  private readonly loadListeners = new Set<IndexLoadListener>();

  constructor(private readonly options: ChunkIndexCacheOptions) {
    this.budgetBytes = options.memoryMb * 1024 * 1024;
    this.userShareBytes = this.budgetBytes * (options.userShare ?? DEFAULT_USER_SHARE);
  }

  /** Bytes the held indexes take now, loads in flight included. */
  get heldBytes(): number {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.index.approximateBytes;
    return bytes;
  }

  /** Users whose index this process holds (loaded, loading, or known to be too large). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether this process holds `userId`'s index (loaded, or being loaded). */
  holds(userId: string): boolean {
    return this.entries.has(userId);
  }

  /** The user's index brought up to date, or the database path when it is larger than a user's share. */
  async get(userId: string): Promise<SearchableIndex> {
    let entry = this.entries.get(userId);
    if (!entry) {
      entry = {
        index: new UserChunkIndex(),
        sync: Promise.resolve(),
        queued: undefined,
        oversize: undefined,
        users: 0,
        known: new Set(),
        leaving: new Set(),
      };
      this.entries.set(userId, entry);
    }
    const current = entry;
    current.users += 1;
    try {
      let sync = current.queued;
      if (!sync) {
        const queued: Promise<unknown> = current.sync
          .catch(() => undefined)
          .then(() => {
            // From here on the generation is being read: later arrivals queue a sync of their own.
            if (current.queued === queued) current.queued = undefined;
            return this.sync(userId, current);
          });
        current.queued = queued;
        current.sync = queued;
        sync = queued;
      }
      await sync;
    } finally {
      current.users -= 1;
    }
    // Most recently searched last; then make room (the entry just used is kept).
    if (this.entries.get(userId) === current) {
      this.entries.delete(userId);
      this.entries.set(userId, current);
    }
    this.evict(userId);
    return current.oversize
      ? { kind: "database", chunkCount: current.oversize.chunkCount, reason: current.oversize.reason }
      : { kind: "memory", index: current.index };
  }

  /** The user's in-memory index, failing when the user is served from the database (tests and benchmarks). */
  async index(userId: string): Promise<UserChunkIndex> {
    const searchable = await this.get(userId);
    if (searchable.kind !== "memory") throw new Error(`user ${userId} is searched through the database`);
    return searchable.index;
  }

  /** Calls `listener` after every load of a user's index (see IndexLoadListener); returns the unsubscribe. */
  onLoad(listener: IndexLoadListener): () => void {
    this.loadListeners.add(listener);
    return () => this.loadListeners.delete(listener);
  }

  /**
   * Starts `documentId` joining `userId`'s index as its ingestion writes it, when this process holds that index
   * (undefined otherwise: a user not searched here has nothing to keep current). Call it before the first row is
   * written: a join holds every row or none.
   */
  openJoin(userId: string, documentId: string): DocumentJoin | undefined {
    const entry = this.entries.get(userId);
    if (!entry || entry.oversize) return undefined;
    const index = entry.index;
    const token = index.stageDocument(documentId);
    let chunks = 0;
    let transactionIds = 0n;
    let open = true;
    const current = () =>
      open && this.entries.get(userId) === entry && entry.index === index && !entry.oversize;
    const end = () => {
      // Only this join's own staging goes: a sync may have reloaded the document, or a newer attempt staged it.
      if (index.isStagedBy(token)) index.removeDocument(documentId);
      open = false;
    };
    return {
      add: (rows, ids) => {
        if (!open) return;
        if (!current() || !index.appendStaged(token, rows)) return end();
        chunks += rows.length;
        transactionIds += ids;
        // Too large for memory once complete: the completion's sync decides (the database path), holding nothing.
        if (index.approximateBytes > this.userShareBytes) return end();
        if (this.heldBytes > this.budgetBytes) this.evict(userId);
      },
      complete: () => {
        const joined = current() && index.finishStaged(token, `${chunks}:${transactionIds}`);
        open = false;
        if (!joined) {
          // Not staged whole: the document joins the loaded index from the database, in the background.
          this.refresh(userId);
          return;
        }
        this.enqueue(userId, entry, async () => {
          if (!index.isStaged(documentId)) return; // a sync revealed or reloaded it meanwhile
          const generation = await readGeneration(this.options.db, userId);
          // The completion bumped the generation by one. When that is the only change since the index's own, the
          // index with the document revealed is the index at this generation: nothing to read.
          if (
            entry.index === index &&
            index.isStaged(documentId) &&
            followsDirectly(index.generation, generation)
          ) {
            // Not a load for the listeners: the chunks this process wrote carry their codes, none is missing.
            index.reveal(documentId);
            index.generation = generation;
            return;
          }
          await this.sync(userId, entry, generation);
        }).catch((error: unknown) => this.warnBackground(userId, error));
      },
      abandon: end,
    };
  }

  /**
   * Brings `userId`'s index up to date in the background when this process holds it (searches queue behind it as
   * behind any sync); a user not held is left alone.
   */
  refresh(userId: string): void {
    if (!this.holds(userId)) return;
    this.get(userId).catch((error: unknown) => this.warnBackground(userId, error));
  }

  private warnBackground(userId: string, error: unknown): void {
    this.options.logger?.warn({ userId, err: error }, "could not bring a search index up to date");
  }

  /**
   * Runs `task` on the entry's chain, after the sync in flight; searches arriving later queue behind it (they must
   * see what it did). The entry is not evicted while the task waits or runs.
   */
  private enqueue(userId: string, entry: Entry, task: () => Promise<void>): Promise<void> {
    entry.users += 1;
    const run = entry.sync
      .catch(() => undefined)
      .then(() => (this.entries.get(userId) === entry ? task() : undefined))
      .finally(() => {
        entry.users -= 1;
      });
    entry.sync = run;
    entry.queued = undefined;
    return run;
  }

  /**
   * `documentId` is about to be deleted in batches (see DocumentLeave). It leaves `userId`'s loaded index once the
   * sync in flight is over (`ready`: wait for it before deleting the first batch), and searches arriving from then on
   * do not see it.
   */
  leave(userId: string, documentId: string): DocumentLeave {
    const entry = this.entries.get(userId);
    if (!entry) return { ready: Promise.resolve(), removed: () => undefined, done: () => undefined };
    entry.leaving.add(documentId);
    const ready = this.enqueue(userId, entry, async () => {
      entry.index.removeDocument(documentId);
    }).catch((error: unknown) => this.warnBackground(userId, error));
    return {
      ready,
      removed: (generation) => {
        entry.known.add(BigInt(generation));
      },
      done: () => {
        this.enqueue(userId, entry, async () => {
          entry.leaving.delete(documentId);
          await this.sync(userId, entry);
          // A large document's postings sit in segments of their own: dropped whole, they cost no rebuild.
          entry.index.compactIfWasteful();
        }).catch((error: unknown) => this.warnBackground(userId, error));
      },
    };
  }

  /** Drops every index (tests; a process under memory pressure). */
  clear(): void {
    this.entries.clear();
  }

  private async sync(userId: string, entry: Entry, knownGeneration?: string): Promise<void> {
    const { db, logger } = this.options;
    const generation = knownGeneration ?? (await readGeneration(db, userId));
    if (entry.oversize?.generation === generation) return;
    if (!entry.oversize && entry.index.generation === generation) return;
    if (!entry.oversize && this.onlyKnownChanges(entry, generation)) {
      entry.index.generation = generation;
      return;
    }
    const plan = await planIndex(db, userId, generation);
    const least = plan.chunkCount * MIN_BYTES_PER_CHUNK + plan.codedChunks * LOCAL_VECTOR_BYTES;
    const tooLarge = (bytes: number) =>
      `its index needs more than ${megabytes(bytes)} MB, over the ${megabytes(this.userShareBytes)} MB a user may take of CHUNK_INDEX_MB`;
    if (least > this.userShareBytes) {
      this.markOversize(userId, entry, generation, plan.chunkCount, tooLarge(least));
      this.loaded(userId, false);
      return;
    }
    try {
      await applyIndexPlan(db, userId, entry.index, plan, entry.leaving, () => {
        const bytes = entry.index.approximateBytes;
        if (bytes > this.userShareBytes) throw new IndexTooLargeError(tooLarge(bytes));
        // A load in flight counts: others make room while it grows, not only once it is done.
        if (this.heldBytes > this.budgetBytes) this.evict(userId);
      });
      if (entry.oversize) {
        logger?.info({ userId, chunks: plan.chunkCount }, "search index back in memory");
        entry.oversize = undefined;
      }
    } catch (error) {
      if (!(error instanceof IndexTooLargeError)) throw error;
      this.markOversize(userId, entry, generation, plan.chunkCount, error.message);
    }
    this.loaded(userId, !entry.oversize && entry.index.hasMissingCodes());
  }

  /**
   * Whether every generation after the index's own up to `generation` was produced by a change this process made and
   * the index reflects already (then the index is the index at `generation`). Known generations at or below the
   * index's own are forgotten.
   */
  private onlyKnownChanges(entry: Entry, generation: string): boolean {
    const held = entry.index.generation;
    if (held === null || entry.known.size === 0) return false;
    const from = BigInt(held);
    for (const known of entry.known) if (known <= from) entry.known.delete(known);
    const to = BigInt(generation);
    if (to <= from || to - from > BigInt(entry.known.size)) return false;
    for (let next = from + 1n; next <= to; next += 1n) if (!entry.known.has(next)) return false;
    for (let next = from + 1n; next <= to; next += 1n) entry.known.delete(next);
    return true;
  }

  private loaded(userId: string, missingCodes: boolean): void {
    for (const listener of this.loadListeners) listener(userId, { missingCodes });
  }

  private markOversize(userId: string, entry: Entry, generation: string, chunkCount: number, reason: string) {
    if (!entry.oversize) {
      this.options.logger?.warn(
        { userId, chunks: chunkCount, reason },
        "search index too large for this process: searching this user through the database",
      );
    }
    entry.oversize = { generation, chunkCount, reason };
    // What was loaded so far is given back at once.
    entry.index = new UserChunkIndex();
  }

  /** Drops the least recently searched indexes not in use while over the budget or the user limit. */
  private evict(keep: string): void {
    let bytes = this.heldBytes;
    for (const [userId, entry] of this.entries) {
      if (bytes <= this.budgetBytes && this.entries.size <= MAX_CACHED_USERS) break;
      if (userId === keep || entry.users > 0) continue;
      bytes -= entry.index.approximateBytes;
      this.entries.delete(userId);
    }
  }
}

/** Whether `next` is exactly one generation after `held` (both lexical_scopes.generation as text). */
function followsDirectly(held: string | null, next: string): boolean {
  return held !== null && BigInt(next) === BigInt(held) + 1n;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(0);
}
