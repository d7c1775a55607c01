// Indexing and deleting a document: chunk rows, BM25 statistics (triggers and in-memory postings), vectors, idempotency, isolation.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { documentChunks, documents, lexicalScopes, users } from "../../db/schema";
import { indexTexts, insertDocument, insertUser, retrievalDeps, textChunks } from "../../test/retrieval";
import { createTestDatabase, engines, postgresHasPgvector } from "../../test/test-app";
import { analyzeText } from "../../text-search/lexical-analyzer";
import { deleteDocumentIndex, indexDocumentChunks, openDocumentIndex } from "./index-document";
import type { RetrievalDeps } from "./retrieval-deps";

const hasPgvector = await postgresHasPgvector();

const byTerm = (a: { term: string }, b: { term: string }) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0);

/** What the statistics should be, recomputed from scratch from the chunk rows. */
async function recomputedStats(database: Database, userId: string) {
  const terms = rowsOf<{ term: string; df: number }>(
    await database.db.execute(sql`
      select k as term, count(*)::integer as df
      from document_chunks c, jsonb_object_keys(c.term_counts) k where c.user_id = ${userId} group by k`),
  );
  const [scope] = rowsOf<{ n: number; total: number }>(
    await database.db.execute(sql`
      select count(*)::integer as n, coalesce(sum(lexical_length), 0)::integer as total
      from document_chunks where user_id = ${userId}`),
  );
  return { terms: terms.sort(byTerm), chunkCount: scope?.n ?? 0, total: scope?.total ?? 0 };
}

/** The statistics search uses: the in-memory postings (brought up to date) and the counts the triggers keep. */
async function storedStats(database: Database, userId: string, deps: RetrievalDeps) {
  const index = await deps.chunkIndexes.index(userId);
  const [scope] = await database.db.select().from(lexicalScopes).where(eq(lexicalScopes.userId, userId));
  expect({ chunkCount: index.chunkCount, total: index.totalLength }).toEqual({
    chunkCount: scope?.chunkCount ?? 0,
    total: Number(scope?.totalLength ?? 0),
  });
  return { terms: index.documentFrequencies(), chunkCount: index.chunkCount, total: index.totalLength };
}

describe.each(engines)("indexing documents on %s", (engine) => {
  const vectors = engine === "pglite" || hasPgvector;
  let database: Database;
  let deps: RetrievalDeps;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = retrievalDeps(database);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("writes chunk rows with term counts, length, location and embedder, and statistics equal to a recount", async () => {
    const userId = await insertUser(database);
    const progress: unknown[] = [];
    const documentId = await insertDocument(database, userId, {
      agentId: "gtm",
      category: "Market Research",
    });
    await indexDocumentChunks({
      deps,
      userId,
      documentId,
      agentId: "gtm",
      category: "Market Research",
      chunks: textChunks(["Cats chase cats and mice.", "Dogs chase cats.", "東京都の人口"]),
      onProgress: (p) => progress.push(p),
    });
    const rows = await database.db
      .select()
      .from(documentChunks)
      .where(eq(documentChunks.documentId, documentId))
      .orderBy(documentChunks.chunkIndex);
    expect(rows.map((row) => [row.id, row.agentId, row.category, row.embedder])).toEqual([
      [`${documentId}:0`, "gtm", "Market Research", vectors ? "local-1536" : null],
      [`${documentId}:1`, "gtm", "Market Research", vectors ? "local-1536" : null],
      [`${documentId}:2`, "gtm", "Market Research", vectors ? "local-1536" : null],
    ]);
    expect(rows[0]?.location).toEqual({ kind: "lines", lineStart: 1, lineEnd: 1 });
    // "and" is an english stop word; cats twice, chase, mice.
    expect(rows[0]?.lexicalLength).toBe(4);
    expect(rows[2]?.termCounts).toMatchObject({ 東京: 1, 人口: 1 });
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    expect((await storedStats(database, userId, deps)).terms).toContainEqual({ term: "cat", df: 2 });
    expect(progress.at(0)).toEqual({ stage: "embedding", done: 0, total: 3 });
    expect(progress.at(-1)).toEqual({ stage: "indexing", done: 3, total: 3 });
    if (vectors) expect((await deps.vectorStore.stats({ userId })).totalVectorCount).toBe(3);
  });

  it("is idempotent per document: indexing again replaces rows, vectors and statistics", async () => {
    const userId = await insertUser(database);
    const documentId = await indexTexts(deps, userId, ["alpha beta", "beta gamma", "gamma delta"]);
    const before = await storedStats(database, userId, deps);
    for (let i = 0; i < 2; i += 1) {
      await indexDocumentChunks({
        deps,
        userId,
        documentId,
        agentId: null,
        category: null,
        chunks: textChunks(["alpha beta", "beta gamma", "gamma delta"]),
      });
    }
    expect(await storedStats(database, userId, deps)).toEqual(before);
    await indexDocumentChunks({
      deps,
      userId,
      documentId,
      agentId: null,
      category: null,
      chunks: textChunks(["omega"]),
    });
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    expect((await storedStats(database, userId, deps)).terms).toEqual([{ term: "omega", df: 1 }]);
    if (vectors) expect((await deps.vectorStore.stats({ userId })).totalVectorCount).toBe(1);
  });

  it("appends batch by batch, and reopening (a retried job) clears the partial index first", async () => {
    const userId = await insertUser(database);
    const documentId = await insertDocument(database, userId);
    const all = textChunks(["alpha beta", "beta gamma", "gamma delta", "delta epsilon", "epsilon zeta"]);
    const target = { deps, userId, documentId, agentId: null, category: null };
    const first = await openDocumentIndex(target);
    const counts: number[] = [];
    await first.append(all.slice(0, 2), (n) => counts.push(n));
    await first.append(all.slice(2), (n) => counts.push(n));
    // The second batch's write overlaps whatever comes next; the first is done once the second is embedded.
    expect(counts[0]).toBe(2);
    await first.flush();
    first.finish();
    expect(first.indexed).toBe(5);
    expect(counts).toEqual([2, 5]);
    const ids = async () =>
      (
        await database.db
          .select({ id: documentChunks.id })
          .from(documentChunks)
          .where(eq(documentChunks.documentId, documentId))
          .orderBy(documentChunks.chunkIndex)
      ).map((row) => row.id);
    expect(await ids()).toEqual(all.map((chunk) => `${documentId}:${chunk.index}`));
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    if (vectors) expect((await deps.vectorStore.stats({ userId })).totalVectorCount).toBe(5);

    // A retry that dies after its first batch leaves only that batch: nothing of the earlier attempt survives.
    const retry = await openDocumentIndex(target);
    await retry.append(all.slice(0, 1));
    await retry.flush();
    expect(await ids()).toEqual([`${documentId}:0`]);
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    expect((await storedStats(database, userId, deps)).terms.map((t) => t.term)).toEqual(["alpha", "beta"]);
    if (vectors) expect((await deps.vectorStore.stats({ userId })).totalVectorCount).toBe(1);
  });

  it("deletes a document's chunks, vectors and statistics, and only that user's", async () => {
    const a = await insertUser(database);
    const b = await insertUser(database);
    const keep = await indexTexts(deps, a, ["shared words here", "apples"]);
    const gone = await indexTexts(deps, a, ["shared words there", "bananas"]);
    await indexTexts(deps, b, ["shared words", "bananas"]);
    const bBefore = await storedStats(database, b, deps);

    await deleteDocumentIndex({ deps, userId: a, documentId: gone });
    const left = await database.db
      .select({ id: documentChunks.id })
      .from(documentChunks)
      .where(eq(documentChunks.userId, a));
    expect(left.map((row) => row.id).sort()).toEqual([`${keep}:0`, `${keep}:1`]);
    expect(await storedStats(database, a, deps)).toEqual(await recomputedStats(database, a));
    expect((await storedStats(database, a, deps)).terms.map((t) => t.term)).not.toContain("banana");
    expect(await storedStats(database, b, deps)).toEqual(bBefore);
    if (vectors) {
      expect((await deps.vectorStore.stats({ userId: a })).totalVectorCount).toBe(2);
      expect((await deps.vectorStore.stats({ userId: b })).totalVectorCount).toBe(2);
    }
    // Deleting someone else's document id through another user does nothing.
    await deleteDocumentIndex({ deps, userId: b, documentId: keep });
    expect((await storedStats(database, a, deps)).chunkCount).toBe(2);
  });

  it("keeps the statistics right when rows go by cascade (document row or user deleted)", async () => {
    const userId = await insertUser(database);
    const first = await indexTexts(deps, userId, ["red green", "green blue"]);
    await indexTexts(deps, userId, ["blue yellow"]);
    await database.db.delete(documents).where(eq(documents.id, first));
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    expect((await storedStats(database, userId, deps)).terms).toEqual([
      { term: "blue", df: 1 },
      { term: "yellow", df: 1 },
    ]);
    await database.db.delete(users).where(eq(users.id, userId));
    expect(await database.db.select().from(lexicalScopes).where(eq(lexicalScopes.userId, userId))).toEqual(
      [],
    );
    expect((await deps.chunkIndexes.index(userId)).documentFrequencies()).toEqual([]);
  });

  it("keeps statistics consistent under concurrent ingests of one user", async () => {
    const userId = await insertUser(database);
    const texts = (n: number) =>
      Array.from({ length: 40 }, (_, i) => `common term${i % 9} doc${n} word${(i * n) % 13}`);
    await Promise.all([1, 2, 3, 4].map((n) => indexTexts(deps, userId, texts(n))));
    expect(await storedStats(database, userId, deps)).toEqual(await recomputedStats(database, userId));
    expect((await storedStats(database, userId, deps)).chunkCount).toBe(160);
  });

  // Without a vector store nothing is embedded, so there is no embedding to fail.
  it.runIf(vectors)(
    "fails an append only once the write before it has ended, so clearing the index leaves nothing behind",
    async () => {
      const userId = await insertUser(database);
      const documentId = await insertDocument(database, userId);
      let calls = 0;
      const failing: RetrievalDeps = {
        ...deps,
        embedder: {
          ...deps.embedder,
          async embed(texts, opts) {
            calls += 1;
            if (calls === 2) throw new Error("the provider refused the batch");
            return deps.embedder.embed(texts, opts);
          },
        },
        // A slow store keeps the first batch's write running while the second batch is embedded.
        vectorStore: {
          ...deps.vectorStore,
          async upsert(input) {
            await new Promise((resolve) => setTimeout(resolve, 300));
            return deps.vectorStore.upsert(input);
          },
        },
      };
      const writer = await openDocumentIndex({
        deps: failing,
        userId,
        documentId,
        agentId: null,
        category: null,
      });
      const all = textChunks(["first batch text", "second batch text"]);
      await writer.append(all.slice(0, 1));
      await expect(writer.append(all.slice(1))).rejects.toThrow("the provider refused the batch");
      await deleteDocumentIndex({ deps, userId, documentId });
      await new Promise((resolve) => setTimeout(resolve, 400));
      const rows = await database.db
        .select({ id: documentChunks.id })
        .from(documentChunks)
        .where(eq(documentChunks.documentId, documentId));
      expect(rows).toEqual([]);
      expect((await deps.vectorStore.stats({ userId })).totalVectorCount).toBe(0);
    },
  );

  it("strips NUL characters instead of failing the document", async () => {
    const userId = await insertUser(database);
    const documentId = await indexTexts(deps, userId, ["nul\u0000inside"]);
    const [row] = await database.db
      .select({ text: documentChunks.text })
      .from(documentChunks)
      .where(and(eq(documentChunks.documentId, documentId)));
    expect(row?.text).toBe("nul inside");
    expect({ ...analyzeText("a\u0000b").termCounts }).toEqual({ b: 1 });
  });
});
