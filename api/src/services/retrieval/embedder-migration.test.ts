// Changing the embedder: the index is rebuilt in the background and search keeps answering all the way through.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { documentChunks, userEmbedders } from "../../db/schema";
import type { Embedder } from "../../providers/embedder/embedder";
import { createLocalEmbedder } from "../../providers/embedder/local-embedder";
import { createPgvectorStore } from "../../providers/vector-store/pgvector";
import { fakeOpenAiEmbedding } from "../../test/fake-openai-server";
import { indexTexts, insertUser, retrievalDeps } from "../../test/retrieval";
import { createTestDatabase } from "../../test/test-app";
import {
  ensureUserEmbedder,
  migrateUserEmbeddings,
  rebuildStaleIndexes,
  startEmbedderMigration,
} from "./embedder-migration";
import type { RetrievalDeps } from "./retrieval-deps";
import { searchKnowledge } from "./search-knowledge";

/**
 * A second embedder whose batches after the first wait for `release()`, so a test can look mid-rebuild (single
 * texts, i.e. queries and a one-chunk document, go through).
 */
function gatedEmbedder(id: string) {
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const embedder: Embedder & { calls: () => number; release: () => void } = {
    id,
    dimension: 1536,
    async embed(texts) {
      if (texts.length > 1) {
        calls += 1;
        if (calls > 1) await gate;
      }
      return texts.map((text) => fakeOpenAiEmbedding(text));
    },
    calls: () => calls,
    release: () => open(),
  };
  return embedder;
}

const filler = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Quarterly report ${i}: revenue grew in region ${i % 11} with supplier ${i % 17}.`,
  );

describe("embedder change on pglite", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await database?.close();
  });

  it("keeps searching the old vectors until every chunk has a new one, then switches and drops the old", async () => {
    const vectorStore = createPgvectorStore({ database });
    const before: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: createLocalEmbedder() });
    const userId = await insertUser(database);
    // The answer is chunk 400: in id order it is in the second slice the rebuild re-embeds, not the first.
    await indexTexts(before, userId, [
      ...filler(400),
      "Turbine T-9 bearing replacement interval is 20,000 hours.",
    ]);
    expect((await ensureUserEmbedder({ deps: before, userId })).active).toBe("local-1536");

    const next = gatedEmbedder("test-next-embedder");
    const after: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: next });
    const searches: Promise<number>[] = [];
    const searchBoth = () => {
      // A typo'd question only the dense leg answers, and a plain one for the lexical leg.
      for (const query of ["turbne bearng", "bearing replacement interval"]) {
        searches.push(searchKnowledge({ deps: after, userId, query, topK: 3 }).then((r) => r.results.length));
      }
    };

    // The first search under the new configuration starts the rebuild in the background.
    const typo = await searchKnowledge({ deps: after, userId, query: "turbne bearng", topK: 3 });
    expect(typo.embedder).toBe("local-1536");
    expect(typo.results[0]).toMatchObject({
      text: "Turbine T-9 bearing replacement interval is 20,000 hours.",
      denseRank: 1,
    });
    const rebuild = startEmbedderMigration(after, userId);
    while (next.calls() < 2) await new Promise((resolve) => setTimeout(resolve, 5));

    // Mid-rebuild: one slice has new vectors, the rest do not; search still uses the complete old set.
    const [state] = await database.db.select().from(userEmbedders).where(eq(userEmbedders.userId, userId));
    expect(state).toMatchObject({ active: "local-1536", target: "test-next-embedder" });
    expect((await vectorStore.stats({ userId, embedder: "local-1536" })).totalVectorCount).toBe(401);
    expect((await vectorStore.stats({ userId, embedder: "test-next-embedder" })).totalVectorCount).toBe(256);
    // The answer has no new vector yet: only the old embedder's complete set can find the typo'd question.
    const midway = await searchKnowledge({ deps: after, userId, query: "turbne bearng", topK: 3 });
    expect(midway.embedder).toBe("local-1536");
    expect(midway.results[0]).toMatchObject({
      text: "Turbine T-9 bearing replacement interval is 20,000 hours.",
      lexicalRank: null,
      denseRank: 1,
    });
    for (let i = 0; i < 3; i += 1) searchBoth();
    // A document added meanwhile is embedded with the new embedder only; the lexical leg finds it already.
    await indexTexts(after, userId, ["Warranty claims need the original invoice."]);
    const fresh = await searchKnowledge({ deps: after, userId, query: "warranty invoice", topK: 3 });
    expect(fresh.results[0]?.text).toBe("Warranty claims need the original invoice.");

    next.release();
    // Searches keep coming until the rebuild has finished (and a round after).
    let finished = false;
    const outcome = rebuild.finally(() => {
      finished = true;
    });
    do {
      searchBoth();
      await Promise.all(searches.slice(-2));
    } while (!finished);
    searchBoth();
    expect(await outcome).toBe("switched");
    for (const count of await Promise.all(searches)) expect(count).toBeGreaterThan(0);

    const switched = await searchKnowledge({ deps: after, userId, query: "turbne bearng", topK: 3 });
    expect(switched.embedder).toBe("test-next-embedder");
    expect(switched.results[0]).toMatchObject({
      text: "Turbine T-9 bearing replacement interval is 20,000 hours.",
      denseRank: 1,
    });
    expect((await vectorStore.stats({ userId, embedder: "local-1536" })).totalVectorCount).toBe(0);
    expect((await vectorStore.stats({ userId, embedder: "test-next-embedder" })).totalVectorCount).toBe(402);
    const stale = await database.db
      .select({ id: documentChunks.id })
      .from(documentChunks)
      .where(eq(documentChunks.embedder, "local-1536"));
    expect(stale).toEqual([]);
    expect(await migrateUserEmbeddings({ deps: after, userId })).toBe("nothing-to-do");
  }, 60_000);

  it("resolves a changed embedder when the user's index loads; a search of a loaded index writes nothing", async () => {
    const vectorStore = createPgvectorStore({ database });
    const local: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: createLocalEmbedder() });
    const userId = await insertUser(database);
    await indexTexts(local, userId, filler(5));
    await local.chunkIndexes.get(userId);
    await local.embedderMigrations.close();
    const target = async () =>
      (
        await database.db
          .select({ target: userEmbedders.target })
          .from(userEmbedders)
          .where(eq(userEmbedders.userId, userId))
      )[0]?.target;
    // A store that is down: the rebuild the load starts ends at once, so only the resolved state is left to see.
    const down = {
      ...vectorStore,
      ensureReady: async () => ({ ready: false as const, reason: "test: down" }),
    };
    const after = retrievalDeps(database, {
      vectorStore: down,
      embedder: gatedEmbedder("test-load-embedder"),
    });
    expect(await target()).toBeNull();
    // Loading the index (a search's first step) resolves the state in the background; close() waits for it.
    await after.chunkIndexes.get(userId);
    await after.embedderMigrations.close();
    expect(await target()).toBe("test-load-embedder");

    // Searching an index already loaded only reads: a state the configuration went back on stays until a load.
    const found = await searchKnowledge({ deps: local, userId, query: "quarterly revenue", topK: 3 });
    expect(found.results.length).toBeGreaterThan(0);
    expect(found.embedder).toBe("local-1536");
    expect(await target()).toBe("test-load-embedder");
  });

  it("switching back before the rebuild finished abandons it and keeps the old vectors", async () => {
    const vectorStore = createPgvectorStore({ database });
    const local: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: createLocalEmbedder() });
    const userId = await insertUser(database);
    await indexTexts(local, userId, filler(20));
    const other = gatedEmbedder("test-abandoned-embedder");
    other.release();
    await ensureUserEmbedder({ deps: { ...local, embedder: other }, userId });
    // Back to the local embedder before any rebuild ran.
    expect(await ensureUserEmbedder({ deps: local, userId })).toEqual({ active: "local-1536", target: null });
    expect(await migrateUserEmbeddings({ deps: local, userId })).toBe("nothing-to-do");
    expect((await vectorStore.stats({ userId, embedder: "local-1536" })).totalVectorCount).toBe(20);
  });

  it("embeds chunks indexed while the vector store was unavailable once it is back", async () => {
    const working = createPgvectorStore({ database });
    const down = {
      ...working,
      ensureReady: async () => ({ ready: false as const, reason: "test: store down" }),
    };
    const userId = await insertUser(database);
    await indexTexts(
      retrievalDeps(database, { vectorStore: down, embedder: createLocalEmbedder() }),
      userId,
      ["offline chunk one", "offline chunk two"],
    );
    const rows = await database.db
      .select({ embedder: documentChunks.embedder })
      .from(documentChunks)
      .where(eq(documentChunks.userId, userId));
    expect(rows.map((row) => row.embedder)).toEqual([null, null]);
    // Lexical search works meanwhile.
    const lexical = await searchKnowledge({
      deps: retrievalDeps(database, { vectorStore: down, embedder: createLocalEmbedder() }),
      userId,
      query: "offline chunk",
      topK: 5,
    });
    expect(lexical.results).toHaveLength(2);
    const back: RetrievalDeps = retrievalDeps(database, {
      vectorStore: working,
      embedder: createLocalEmbedder(),
    });
    expect(await migrateUserEmbeddings({ deps: back, userId })).toBe("switched");
    expect((await working.stats({ userId })).totalVectorCount).toBe(2);
  });

  it("gives built-in chunks stored without a code their code, answering through the vector store meanwhile", async () => {
    const vectorStore = createPgvectorStore({ database });
    const local: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: createLocalEmbedder() });
    const userId = await insertUser(database);
    await indexTexts(local, userId, [
      "Turbine bearings are inspected every 2,000 operating hours.",
      ...filler(6),
    ]);
    const codes = async () =>
      (
        await database.db
          .select({ code: documentChunks.localVector })
          .from(documentChunks)
          .where(eq(documentChunks.userId, userId))
      ).map((row) => row.code !== null);
    expect(await codes()).toEqual(new Array(7).fill(true));
    // Rows as a database made before codes were kept has them.
    await database.db
      .update(documentChunks)
      .set({ localVector: null })
      .where(eq(documentChunks.userId, userId));
    // Typos BM25 cannot match: only the dense leg finds the chunk.
    const typo = { deps: local, userId, query: "turbne bearngs inspectd", topK: 3 };
    const meanwhile = await searchKnowledge(typo);
    expect(meanwhile.results[0]?.text).toMatch(/^Turbine bearings/);
    expect(meanwhile.results[0]?.lexicalRank).toBeNull();
    expect(await startEmbedderMigration(local, userId)).toBe("switched");
    expect(await codes()).toEqual(new Array(7).fill(true));
    const after = await searchKnowledge(typo);
    expect(after.results.map((r) => [r.chunkId, r.denseRank])).toEqual(
      meanwhile.results.map((r) => [r.chunkId, r.denseRank]),
    );

    // Leaving the built-in embedder drops the codes with its vectors; coming back makes them again.
    const next = gatedEmbedder("test-codes-embedder");
    next.release();
    expect(await migrateUserEmbeddings({ deps: { ...local, embedder: next }, userId })).toBe("switched");
    expect(await codes()).toEqual(new Array(7).fill(false));
    expect(await migrateUserEmbeddings({ deps: local, userId })).toBe("switched");
    expect(await codes()).toEqual(new Array(7).fill(true));
    expect((await searchKnowledge(typo)).results[0]?.chunkId).toBe(after.results[0]?.chunkId);
  });

  it("rebuilds every stale index at start-up, user after user", async () => {
    const vectorStore = createPgvectorStore({ database });
    const local: RetrievalDeps = retrievalDeps(database, { vectorStore, embedder: createLocalEmbedder() });
    const users = [await insertUser(database), await insertUser(database)];
    for (const userId of users) await indexTexts(local, userId, filler(3));
    const next = gatedEmbedder("test-startup-embedder");
    next.release();
    const after: RetrievalDeps = { ...local, embedder: next };
    expect(await rebuildStaleIndexes(after)).toBeGreaterThanOrEqual(2);
    for (const userId of users) {
      expect((await vectorStore.stats({ userId, embedder: "test-startup-embedder" })).totalVectorCount).toBe(
        3,
      );
      expect((await vectorStore.stats({ userId, embedder: "local-1536" })).totalVectorCount).toBe(0);
    }
  }, 60_000);
});
