// The per-process cache of users' indexes: in step with chunks written by another process, within its memory budget, warm-up and prefetch.
import { eq } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database, Db } from "../../db/create-database";
import { apiKeys, documents, sessions } from "../../db/schema";
import { indexTexts, insertUser, retrievalDeps } from "../../test/retrieval";
import { createTestDatabase, engines } from "../../test/test-app";
import { ChunkIndexCache } from "./chunk-index-cache";
import { prefetchChunkIndex, recentlyActiveUsers, warmChunkIndexes } from "./chunk-index-warmup";
import type { ChunkScope } from "./engine/user-chunk-index";
import { deleteDocumentIndex } from "./index-document";
import { searchLexical } from "./lexical";
import type { RetrievalDeps } from "./retrieval-deps";

/** A second drizzle instance on the same database: its own cache, as another API or worker process has. */
function otherProcess(database: Database): Db {
  return (database.engine === "pglite"
    ? drizzlePglite({ client: database.raw, casing: "snake_case" })
    : drizzlePg({ client: database.raw, casing: "snake_case" })) as unknown as Db;
}

describe.each(engines)("in-memory postings on %s", (engine) => {
  let database: Database;
  let deps: RetrievalDeps;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = retrievalDeps(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  /** What another process holding its own cache on the same database answers. */
  type Reader = { db: Db; cache: ChunkIndexCache };
  const reading = (db: Db, memoryMb = 512): Reader => ({ db, cache: new ChunkIndexCache({ db, memoryMb }) });
  const ids = async ({ db, cache }: Reader, userId: string, query: string) =>
    (await searchLexical({ db, searchable: await cache.get(userId), userId, query, limit: 50 })).hits
      .map((hit) => hit.chunkId)
      .sort();

  it("sees chunks another process adds and deletes, without a restart", async () => {
    const userId = await insertUser(database);
    const reader = reading(otherProcess(database));
    const first = await indexTexts(deps, userId, ["quarterly revenue grew", "churn fell"]);
    expect(await ids(reader, userId, "revenue")).toEqual([`${first}:0`]);

    // Written through the other handle: the reader's postings are stale until it notices the new generation.
    const second = await indexTexts(deps, userId, ["revenue forecast for next year"]);
    expect(await ids(reader, userId, "revenue")).toEqual([`${first}:0`, `${second}:0`].sort());

    await deleteDocumentIndex({ deps, userId, documentId: first });
    expect(await ids(reader, userId, "revenue")).toEqual([`${second}:0`]);
    await database.db.delete(documents).where(eq(documents.id, second));
    expect(await ids(reader, userId, "revenue")).toEqual([]);
    expect((await reader.cache.index(userId)).chunkCount).toBe(0);
  });

  it("serves concurrent searches of one user with one freshness read, and a search arriving later still sees a later change", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, ["quarterly revenue grew", "churn fell"]);
    // Every statement goes through the client's query(); spied before the reader prepares its statements on it.
    const execute = vi.spyOn(database.raw as unknown as { query: (...args: unknown[]) => unknown }, "query");
    try {
      const reader = reading(otherProcess(database));
      expect(await ids(reader, userId, "revenue")).toHaveLength(1);
      execute.mockClear();
      // Twenty searches at once (fifty chats of one team): one generation read serves them all.
      await Promise.all(Array.from({ length: 20 }, () => reader.cache.get(userId)));
      expect(execute).toHaveBeenCalledTimes(1);
      // One in flight (its read already sent), then a document completes, then another search: it reads again.
      execute.mockClear();
      const inFlight = reader.cache.get(userId);
      const added = await indexTexts(deps, userId, ["revenue forecast for the next quarter"]);
      const later = await reader.cache.get(userId);
      await inFlight;
      expect(later.kind === "memory" && later.index.documentsIn(undefined)).toContain(added);
    } finally {
      execute.mockRestore();
    }
  });

  it("reloads a document whose chunks were replaced by a retried ingestion", async () => {
    const userId = await insertUser(database);
    const reader = reading(otherProcess(database));
    const documentId = await indexTexts(deps, userId, ["alpha", "beta"]);
    expect(await ids(reader, userId, "alpha")).toEqual([`${documentId}:0`]);
    // Same count, other content: only the rows' transaction ids tell the change.
    await deleteDocumentIndex({ deps, userId, documentId });
    const { indexDocumentChunks } = await import("./index-document");
    await indexDocumentChunks({
      deps,
      userId,
      documentId,
      agentId: null,
      category: null,
      chunks: [
        { index: 0, text: "gamma", tokenCount: 1, location: null },
        { index: 1, text: "alpha again", tokenCount: 2, location: null },
      ],
    });
    expect(await ids(reader, userId, "alpha")).toEqual([`${documentId}:1`]);
    expect(await ids(reader, userId, "gamma")).toEqual([`${documentId}:0`]);
  });

  it("loads a document larger than one page, and answers the same after its index was evicted", async () => {
    const userId = await insertUser(database);
    const texts = Array.from({ length: 2_300 }, (_, i) => `item${i % 50} shared${i % 3} row${i}`);
    // Lexical rows only (a vector store that is down): vectors are not what this test is about.
    const lexicalOnly = {
      ...deps,
      vectorStore: {
        ...deps.vectorStore,
        ensureReady: async () => ({ ready: false as const, reason: "test" }),
      },
    };
    const documentId = await indexTexts(lexicalOnly, userId, texts);
    const reader = reading(otherProcess(database));
    const expected = texts
      .flatMap((text, i) => (text.startsWith("item7 ") ? [`${documentId}:${i}`] : []))
      .sort();
    expect(await ids(reader, userId, "item7")).toEqual(expected);
    expect((await reader.cache.index(userId)).chunkCount).toBe(2_300);

    // A load cut short (the database fails on its second page) is done again by the next search, not kept half-done.
    let calls = 0;
    const flakyDb = new Proxy(reader.db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<Db["execute"]>) => {
          calls += 1;
          // 1: generation, 2: signatures, 3: first page, 4: second page.
          if (calls === 4) return Promise.reject(new Error("connection lost"));
          return target.execute(...args);
        };
      },
    });
    await indexTexts(lexicalOnly, userId, ["item7 arrives later"]);
    const flaky = { db: flakyDb, cache: new ChunkIndexCache({ db: flakyDb, memoryMb: 512 }) };
    await expect(ids(flaky, userId, "item7")).rejects.toThrow("connection lost");
    expect(await ids(flaky, userId, "item7")).toHaveLength(expected.length + 1);
  });
  it("loads recently active users' indexes at start-up, within the budget, so their first search reads nothing more", async () => {
    const hour = 3_600_000;
    const [signedIn, earlier, keyUser, expired, empty] = await Promise.all(
      Array.from({ length: 5 }, () => insertUser(database)),
    );
    for (const userId of [signedIn, earlier, keyUser, expired] as string[]) {
      await indexTexts(deps, userId, [`warm ledger for ${userId}`]);
    }
    const session = (userId: string, expiresInMs: number) => ({
      id: `warm-${userId}-${expiresInMs}`,
      userId,
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    await database.db
      .insert(sessions)
      .values([
        session(signedIn as string, 20 * hour),
        session(earlier as string, 2 * hour),
        session(expired as string, -hour),
        session(empty as string, 30 * hour),
      ]);
    await database.db.insert(apiKeys).values({
      userId: keyUser as string,
      name: "warm",
      keyHash: `warm-${keyUser}`,
      keyPreview: "sk-…warm",
      lastUsed: new Date(Date.now() - hour),
    });
    // Live sessions by expiry, then keys by last use; no expired session, no user without chunks.
    const active = await recentlyActiveUsers(database.db, 10);
    expect(active).toEqual([signedIn, earlier, keyUser]);

    // Every statement goes through the client's query().
    const query = vi.spyOn(database.raw as unknown as { query: (...args: unknown[]) => unknown }, "query");
    try {
      const restarted = new ChunkIndexCache({ db: otherProcess(database), memoryMb: 512 });
      expect(await warmChunkIndexes(restarted, active)).toBe(3);
      query.mockClear();
      const index = await restarted.index(signedIn as string);
      expect(index.chunkCount).toBe(1);
      // Only the generation is read: the postings were loaded by the warm-up.
      expect(query).toHaveBeenCalledTimes(1);
    } finally {
      query.mockRestore();
    }

    // No room in the budget, or shutting down: nothing is loaded.
    const full = new ChunkIndexCache({ db: otherProcess(database), memoryMb: 0 });
    expect(await warmChunkIndexes(full, active)).toBe(0);
    const stopping = new ChunkIndexCache({ db: otherProcess(database), memoryMb: 512 });
    expect(await warmChunkIndexes(stopping, active, AbortSignal.abort())).toBe(0);
  });
  it("prefetches a signing-in user's index once, and never for a user without chunks", async () => {
    const [withChunks, without] = await Promise.all([insertUser(database), insertUser(database)]);
    await indexTexts(deps, withChunks as string, ["prefetched ledger"]);
    const db = otherProcess(database);
    const fresh = new ChunkIndexCache({ db, memoryMb: 512 });
    expect(fresh.holds(withChunks as string)).toBe(false);
    expect(await prefetchChunkIndex(fresh, db, withChunks as string)).toBe(true);
    expect(fresh.holds(withChunks as string)).toBe(true);
    expect((await fresh.index(withChunks as string)).chunkCount).toBe(1);
    expect(await prefetchChunkIndex(fresh, db, withChunks as string)).toBe(false);

    expect(await prefetchChunkIndex(fresh, db, without as string)).toBe(false);
    expect(fresh.holds(without as string)).toBe(false);
  });
});

describe.each(engines)("a user larger than a process's share on %s", (engine) => {
  let database: Database;
  let deps: RetrievalDeps;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = retrievalDeps(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("is searched through the database with the same answers, without evicting the other users", async () => {
    const [large, small] = await Promise.all([insertUser(database), insertUser(database)]);
    const words = ["turbine", "bearing", "gasket", "valve", "pump", "rotor", "seal", "shaft"];
    const texts = Array.from(
      { length: 1_500 },
      (_, i) =>
        `${words[i % 8]} ${words[(i * 3) % 8]} ${words[(i * 5 + 1) % 8]} inspection ${i % 13} report ${i % 7}`,
    );
    await indexTexts(deps, large, texts.slice(0, 700), { agentId: "gtm" });
    await indexTexts(deps, large, texts.slice(700), { category: "Legal Documents" });
    await indexTexts(deps, small, ["turbine bearing notes", "valve seal checklist"]);

    // Everything in memory: the reference answers.
    const roomy = new ChunkIndexCache({ db: database.db, memoryMb: 512 });
    // A budget that holds the small user easily but gives one user at most 128 KB (the large one needs 300 KB and
    // more: its chunks' ids and postings, and on PGlite their codes).
    const logged: unknown[] = [];
    const tight = new ChunkIndexCache({
      db: database.db,
      memoryMb: 0.25,
      logger: { info: () => undefined, warn: (entry: unknown) => logged.push(entry) },
    });
    const search = async (cache: ChunkIndexCache, userId: string, query: string, scope?: ChunkScopeArg) =>
      searchLexical({
        db: database.db,
        searchable: await cache.get(userId),
        userId,
        query,
        limit: 20,
        scope,
      });

    expect((await tight.get(small)).kind).toBe("memory");
    for (const [query, scope] of [
      ["turbine bearing", undefined],
      ["valve seal inspection", undefined],
      ["rotor report", { agentId: "gtm", categories: [] }],
      ["gasket pump", { agentId: "legal", categories: ["Legal Documents"] }],
      ["nothing matches this", undefined],
    ] as const) {
      const expected = await search(roomy, large, query, scope);
      const actual = await search(tight, large, query, scope);
      expect(
        actual.hits.map((hit) => hit.chunkId),
        query,
      ).toEqual(expected.hits.map((hit) => hit.chunkId));
      for (const [i, hit] of actual.hits.entries()) {
        expect(hit.score).toBeCloseTo(expected.hits[i]?.score ?? 0, 9);
      }
      expect(actual.idealScore).toBeCloseTo(expected.idealScore, 9);
    }
    const searchable = await tight.get(large);
    expect(searchable.kind).toBe("database");
    expect(logged).toHaveLength(1);
    // The small user stayed in memory the whole time, and the large one holds nothing there.
    expect(tight.holds(small)).toBe(true);
    expect(tight.heldBytes).toBeLessThanOrEqual(tight.budgetBytes);
  });

  it("gives an agent its shared library the same way in memory and through the database", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, ["rotor manual for the gtm agent"], { name: "gtm.txt", agentId: "gtm" });
    await indexTexts(deps, userId, ["rotor manual for contracts"], {
      name: "legal.txt",
      category: "Contracts",
    });
    await indexTexts(deps, userId, ["rotor manual for everyone"], { name: "shared.txt" });
    await indexTexts(deps, userId, ["rotor manual with a free tag"], {
      name: "tagged.txt",
      category: "Misc",
    });
    await indexTexts(deps, userId, ["rotor manual of the vision agent"], {
      name: "vision.txt",
      agentId: "vision",
    });
    const names = new Map<string, string>();
    for (const row of await database.db.select({ id: documents.id, name: documents.name }).from(documents))
      names.set(row.id, row.name);
    const scope: ChunkScope = { agentId: "gtm", categories: [], shared: { owned: ["Contracts"] } };
    const found = async (cache: ChunkIndexCache) =>
      (
        await searchLexical({
          db: database.db,
          searchable: await cache.get(userId),
          userId,
          query: "rotor manual",
          limit: 10,
          scope,
        })
      ).hits
        .map((hit) => names.get(hit.chunkId.slice(0, hit.chunkId.lastIndexOf(":"))))
        .sort();
    const expected = ["gtm.txt", "shared.txt", "tagged.txt"];
    const memory = new ChunkIndexCache({ db: database.db, memoryMb: 512 });
    const quiet = { info: () => undefined, warn: () => undefined };
    const viaDatabase = new ChunkIndexCache({ db: database.db, memoryMb: 0.0001, logger: quiet });
    expect(await found(memory)).toEqual(expected);
    expect(await found(viaDatabase)).toEqual(expected);
    expect((await viaDatabase.get(userId)).kind).toBe("database");
  });
});

type ChunkScopeArg = ChunkScope | undefined;
