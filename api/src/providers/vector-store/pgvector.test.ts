// The pgvector store for real: schema set-up, per-user upsert/query/delete/stats with hand-made 1536-dim vectors.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { documents, users } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { createTestDatabase, engines, postgresHasPgvector } from "../../test/test-app";
import { vectorWith } from "../../test/vectors";
import { LOCAL_EMBEDDER_ID } from "../embedder/local-embedder";
import { ANN_INDEX, createPgvectorStore } from "./pgvector";

/** `count` reproducible dense unit vectors (a small xorshift generator: the same seed gives the same vectors). */
function seededVectors(count: number, seed: number, dimension = 1536): number[][] {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000 - 0.5;
  };
  return Array.from({ length: count }, () => {
    const v = Array.from({ length: dimension }, next);
    const norm = Math.hypot(...v);
    return v.map((x) => x / norm);
  });
}

/** Indexes of the `k` vectors most cosine-similar to `query` (all unit length), best first: the exact answer. */
function exactTop(vectors: number[][], query: number[], k: number): number[] {
  const dot = (a: number[]) => a.reduce((sum, x, i) => sum + x * (query[i] ?? 0), 0);
  return vectors
    .map((v, i) => ({ i, score: dot(v) }))
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map(({ i }) => i);
}

import type { VectorRecord, VectorStore } from "./vector-store";

const hasPgvector = await postgresHasPgvector();
const usable = engines.filter((engine) => engine === "pglite" || hasPgvector);
const withoutExtension = engines.filter((engine) => engine === "postgres" && !hasPgvector);

async function insertUser(database: Database): Promise<string> {
  const [user] = await database.db
    .insert(users)
    .values({ email: `${crypto.randomUUID()}@example.test` })
    .returning({ id: users.id });
  if (!user) throw new Error("no user inserted");
  return user.id;
}

async function insertDocument(database: Database, userId: string): Promise<string> {
  const [document] = await database.db
    .insert(documents)
    .values({ userId, originalName: "plan.pdf", name: "plan.pdf", mimeType: "application/pdf", size: 10 })
    .returning({ id: documents.id });
  if (!document) throw new Error("no document inserted");
  return document.id;
}

const record = (id: string, embedding: number[], extra: Partial<VectorRecord> = {}): VectorRecord => ({
  id,
  chunk: `chunk ${id}`,
  embedder: "test-embedder",
  embedding,
  ...extra,
});

describe.each(usable)("pgvector store on %s", (engine) => {
  let database: Database;
  let store: VectorStore;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = createPgvectorStore({ database });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("creates the extension, table and HNSW cosine index idempotently, outside the migrations", async () => {
    const [first, second] = await Promise.all([store.ensureReady(), store.ensureReady()]);
    expect(first).toEqual({ ready: true });
    expect(second).toEqual({ ready: true });
    // Another process starting on the same database finds everything in place.
    expect(await createPgvectorStore({ database }).ensureReady()).toEqual({ ready: true });
    const indexes = await database.db
      .select({ definition: sql<string>`indexdef` })
      .from(sql`pg_indexes`)
      .where(sql`tablename = 'embeddings'`);
    expect(indexes.map((row) => row.definition).join("\n")).toMatch(
      /USING hnsw \(embedding vector_cosine_ops\) WHERE \(embedder <> 'local-1536'::text\)/,
    );
    const migrated = await database.db
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(sql`drizzle.__drizzle_migrations`);
    expect(migrated[0]?.value).toBeGreaterThan(0);
  });

  it("stores exactly the float4 values the text form gives, upserting in binary on PGlite", async () => {
    const userId = await insertUser(database);
    const documentId = await insertDocument(database, userId);
    // Awkward values: thirds, tiny and large magnitudes, negatives, values that round when narrowed to float4.
    const embedding = Array.from({ length: 1536 }, (_, i) =>
      i % 5 === 0 ? 0 : ((i % 2 === 0 ? 1 : -1) * (i + 1)) / 3 / 10 ** (i % 9),
    );
    embedding[7] = 1e-30;
    embedding[11] = 123456.789;
    await store.upsert({ userId, vectors: [record("exact", embedding, { documentId, agentId: "gtm" })] });
    // Again, to go through the conflict branch with the same row.
    await store.upsert({ userId, vectors: [record("exact", embedding, { documentId, agentId: "ops" })] });
    const literal = `[${embedding.join(",")}]`;
    const [row] = rowsOf(
      await database.db.execute(sql`
        select agent_id, document_id, embedding::text = ${literal}::vector(1536)::text as same
        from embeddings where user_id = ${userId} and id = 'exact'`),
    );
    expect(row).toEqual({ agent_id: "ops", document_id: documentId, same: true });
    const [match] = await store.query({ userId, embedding, topK: 1 });
    expect(match?.id).toBe("exact");
    expect(match?.score).toBeCloseTo(1, 5);
  });

  it("reports zero vectors, the default namespace and 1536 dimensions for a new user", async () => {
    const userId = await insertUser(database);
    expect(await store.stats({ userId })).toEqual({
      totalVectorCount: 0,
      namespace: "default",
      dimension: 1536,
    });
  });

  it("upserts, queries nearest-first by cosine similarity and keeps every user's vectors apart", async () => {
    const a = await insertUser(database);
    const b = await insertUser(database);
    const plan = await insertDocument(database, a);
    await store.upsert({
      userId: a,
      vectors: [
        record("x", vectorWith({ 0: 1 }), { documentId: plan, agentId: "gtm" }),
        record("near-x", vectorWith({ 0: 1, 1: 0.5 }), { documentId: plan, agentId: "gtm" }),
        record("y", vectorWith({ 1: 1 }), { agentId: "legal", embedder: "other-embedder" }),
      ],
    });
    // The same id in another user's namespace is a different vector.
    await store.upsert({ userId: b, vectors: [record("x", vectorWith({ 0: 1 }), { chunk: "b's chunk" })] });

    expect((await store.stats({ userId: a })).totalVectorCount).toBe(3);
    expect((await store.stats({ userId: b })).totalVectorCount).toBe(1);

    const nearest = await store.query({ userId: a, embedding: vectorWith({ 0: 2 }), topK: 2 });
    expect(nearest.map((match) => match.id)).toEqual(["x", "near-x"]);
    expect(nearest[0]).toMatchObject({
      documentId: plan,
      agentId: "gtm",
      chunk: "chunk x",
      embedder: "test-embedder",
    });
    expect(nearest[0]?.score).toBeCloseTo(1, 6);
    expect(nearest[1]?.score).toBeCloseTo(1 / Math.sqrt(1.25), 6);

    const all = await store.query({ userId: a, embedding: vectorWith({ 0: 1 }), topK: 10 });
    expect(all.map((match) => match.id)).toEqual(["x", "near-x", "y"]);
    expect(all[2]?.score).toBeCloseTo(0, 6);

    const forB = await store.query({ userId: b, embedding: vectorWith({ 0: 1 }), topK: 10 });
    expect(forB).toEqual([
      {
        id: "x",
        documentId: null,
        agentId: null,
        chunk: "b's chunk",
        embedder: "test-embedder",
        score: expect.closeTo(1, 6),
      },
    ]);
  });

  it("filters queries by agent, document and embedder", async () => {
    const userId = await insertUser(database);
    const plan = await insertDocument(database, userId);
    await store.upsert({
      userId,
      vectors: [
        record("gtm-1", vectorWith({ 0: 1 }), { agentId: "gtm", documentId: plan }),
        record("gtm-2", vectorWith({ 2: 1 }), { agentId: "gtm" }),
        record("legal-1", vectorWith({ 0: 1 }), { agentId: "legal", embedder: "other" }),
      ],
    });
    const ids = async (filter: Parameters<VectorStore["query"]>[0]["filter"]) =>
      (await store.query({ userId, embedding: vectorWith({ 0: 1 }), topK: 10, filter })).map((m) => m.id);
    expect(await ids({ agentId: "gtm" })).toEqual(["gtm-1", "gtm-2"]);
    expect(await ids({ agentId: "legal" })).toEqual(["legal-1"]);
    expect(await ids({ documentId: plan })).toEqual(["gtm-1"]);
    expect(await ids({ embedder: "other" })).toEqual(["legal-1"]);
    expect(await ids({ agentId: "gtm", embedder: "other" })).toEqual([]);
  });

  it("replaces a vector upserted again under the same id, the last of duplicates winning", async () => {
    const userId = await insertUser(database);
    await store.upsert({ userId, vectors: [record("v", vectorWith({ 0: 1 }))] });
    await store.upsert({
      userId,
      vectors: [
        record("v", vectorWith({ 3: 1 }), { chunk: "first rewrite" }),
        record("v", vectorWith({ 4: 1 }), { chunk: "second rewrite", agentId: "vision" }),
      ],
    });
    expect((await store.stats({ userId })).totalVectorCount).toBe(1);
    const [match] = await store.query({ userId, embedding: vectorWith({ 4: 1 }), topK: 1 });
    expect(match).toMatchObject({ id: "v", chunk: "second rewrite", agentId: "vision" });
    expect(match?.score).toBeCloseTo(1, 6);
  });

  it("inserts more vectors than one batch holds, all or nothing", async () => {
    const userId = await insertUser(database);
    // Points along a quarter circle: neighbours are meaningful, as with real embeddings (an approximate HNSW
    // search over mutually orthogonal vectors has no gradient to follow).
    const onArc = (i: number) =>
      vectorWith({ 0: Math.cos((i * Math.PI) / 600), 1: Math.sin((i * Math.PI) / 600) });
    const many = Array.from({ length: 300 }, (_, i) => record(`bulk-${i}`, onArc(i)));
    await store.upsert({ userId, vectors: many });
    expect((await store.stats({ userId })).totalVectorCount).toBe(300);
    const nearest = await store.query({ userId, embedding: onArc(123), topK: 3 });
    expect(nearest.map((match) => match.id)).toEqual(["bulk-123", expect.any(String), expect.any(String)]);
    expect(new Set(nearest.slice(1).map((match) => match.id))).toEqual(new Set(["bulk-122", "bulk-124"]));

    // A batch that fails (unknown document) leaves nothing behind.
    const other = await insertUser(database);
    const failing = [
      ...Array.from({ length: 210 }, (_, i) => record(`ok-${i}`, vectorWith({ [i]: 1 }))),
      record("bad", vectorWith({ 0: 1 }), { documentId: "no-such-document" }),
    ];
    await expect(store.upsert({ userId: other, vectors: failing })).rejects.toThrow();
    expect((await store.stats({ userId: other })).totalVectorCount).toBe(0);
  });

  it("answers through the HNSW index beyond the exact-search size, exactly below it", async () => {
    const userId = await insertUser(database);
    const indexed = createPgvectorStore({ database, exactSearchMax: 100 });
    // Dense vectors in general position: HNSW is approximate, and points on one arc (or in subspaces orthogonal to
    // the other tests' vectors) leave its greedy search without a gradient, so the exact answer was not guaranteed.
    const dense = seededVectors(400, 0x5eed);
    await indexed.upsert({
      userId,
      vectors: dense.map((embedding, i) => record(`dense-${i}`, embedding)),
    });
    const scans = async () => {
      // Index statistics are flushed lazily; this backend's counters are flushed on demand (PostgreSQL 15+).
      await database.db.execute(sql`select pg_stat_force_next_flush()`);
      await database.db.execute(sql`select 1`);
      const [row] = await database.db
        .select({ value: sql<number>`idx_scan`.mapWith(Number) })
        .from(sql`pg_stat_user_indexes`)
        .where(sql`indexrelname = ${ANN_INDEX}`);
      return row?.value ?? 0;
    };
    const before = await scans();
    const filter = { embedder: "test-embedder" };
    const nearest = await indexed.query({ userId, embedding: dense[200] ?? [], topK: 3, filter });
    expect(nearest.map((m) => m.id)).toEqual(exactTop(dense, dense[200] ?? [], 3).map((i) => `dense-${i}`));
    expect(await scans()).toBeGreaterThan(before);
    // A small user's query is exact (no index scan), even among many other users' vectors.
    const small = await insertUser(database);
    await indexed.upsert({ userId: small, vectors: [record("only", vectorWith({ 7: 1 }))] });
    const afterBig = await scans();
    expect(
      (await indexed.query({ userId: small, embedding: vectorWith({ 7: 1 }), topK: 5, filter })).map(
        (m) => m.id,
      ),
    ).toEqual(["only"]);
    expect(await scans()).toBe(afterBig);
    // The built-in embedder's vectors stay out of the graph (searched in memory, decision 0010): exact, no index scan.
    const local = await insertUser(database);
    const localFilter = { embedder: LOCAL_EMBEDDER_ID };
    await indexed.upsert({
      userId: local,
      vectors: dense.map((embedding, i) => record(`local-${i}`, embedding, localFilter)),
    });
    const beforeLocal = await scans();
    const exact = await indexed.query({
      userId: local,
      embedding: dense[17] ?? [],
      topK: 5,
      filter: localFilter,
    });
    expect(exact.map((m) => m.id)).toEqual(exactTop(dense, dense[17] ?? [], 5).map((i) => `local-${i}`));
    expect(await scans()).toBe(beforeLocal);
  });

  it("deletes by ids and by filter within the user's namespace only", async () => {
    const a = await insertUser(database);
    const b = await insertUser(database);
    const plan = await insertDocument(database, a);
    await store.upsert({
      userId: a,
      vectors: [
        record("p1", vectorWith({ 0: 1 }), { documentId: plan }),
        record("p2", vectorWith({ 1: 1 }), { documentId: plan }),
        record("g1", vectorWith({ 2: 1 }), { agentId: "gtm" }),
        record("k1", vectorWith({ 3: 1 })),
      ],
    });
    await store.upsert({ userId: b, vectors: [record("k1", vectorWith({ 3: 1 }))] });

    await store.delete({ userId: a, ids: ["k1"] });
    expect((await store.stats({ userId: a })).totalVectorCount).toBe(3);
    expect((await store.stats({ userId: b })).totalVectorCount).toBe(1);

    await store.delete({ userId: a, filter: { documentId: plan } });
    await store.delete({ userId: b, filter: { agentId: "gtm" } });
    const left = await store.query({ userId: a, embedding: vectorWith({ 2: 1 }), topK: 10 });
    expect(left.map((match) => match.id)).toEqual(["g1"]);

    await store.delete({ userId: a, ids: [] });
    await expect(store.delete({ userId: a })).rejects.toThrow(/needs ids or a filter/);
    await expect(store.delete({ userId: a, filter: { agentId: undefined } })).rejects.toThrow(
      /needs ids or a filter/,
    );
    expect((await store.stats({ userId: a })).totalVectorCount).toBe(1);
  });

  it("drops a document's vectors with the document and a user's with the user", async () => {
    const userId = await insertUser(database);
    const plan = await insertDocument(database, userId);
    await store.upsert({
      userId,
      vectors: [
        record("d1", vectorWith({ 0: 1 }), { documentId: plan }),
        record("free", vectorWith({ 1: 1 })),
      ],
    });
    await database.db.delete(documents).where(eq(documents.id, plan));
    expect((await store.stats({ userId })).totalVectorCount).toBe(1);
    await database.db.delete(users).where(eq(users.id, userId));
    expect((await store.stats({ userId })).totalVectorCount).toBe(0);
  });

  it("refuses embeddings of the wrong size, non-finite or all-zero, and a bad topK", async () => {
    const userId = await insertUser(database);
    await expect(store.upsert({ userId, vectors: [record("short", [1, 2, 3])] })).rejects.toThrow(
      /expected 1536 dimensions, got 3/,
    );
    await expect(
      store.upsert({ userId, vectors: [record("nan", vectorWith({ 0: Number.NaN }))] }),
    ).rejects.toThrow(/finite/);
    await expect(store.upsert({ userId, vectors: [record("zero", vectorWith({}))] })).rejects.toThrow(
      /all-zero/,
    );
    await expect(store.query({ userId, embedding: vectorWith({ 0: 1 }), topK: 0 })).rejects.toThrow(/topK/);
    await expect(store.query({ userId, embedding: vectorWith({}), topK: 1 })).rejects.toThrow(/all-zero/);
    expect((await store.stats({ userId })).totalVectorCount).toBe(0);
  });
});

describe.each(withoutExtension)("pgvector store on %s without the vector extension", (engine) => {
  let database: Database;
  let store: VectorStore;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = createPgvectorStore({ database });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("reports itself unavailable with the reason instead of throwing", async () => {
    const status = await store.ensureReady();
    expect(status.ready).toBe(false);
    expect(status.ready ? "" : status.reason).toMatch(/^the PostgreSQL server has no pgvector extension \(/);
    const tables = await database.db
      .select({ name: sql<string>`relname` })
      .from(sql`pg_class`)
      .where(sql`relname = 'embeddings'`);
    expect(tables).toEqual([]);
  });

  it("answers every call with VECTOR_STORE_UNAVAILABLE", async () => {
    const userId = await insertUser(database);
    const calls: (() => Promise<unknown>)[] = [
      () => store.stats({ userId }),
      () => store.upsert({ userId, vectors: [record("v", vectorWith({ 0: 1 }))] }),
      () => store.query({ userId, embedding: vectorWith({ 0: 1 }), topK: 1 }),
      () => store.delete({ userId, ids: ["v"] }),
    ];
    for (const call of calls) {
      const error = await call().then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({
        code: "VECTOR_STORE_UNAVAILABLE",
        status: 503,
        message: expect.stringMatching(
          /^Vector store unavailable: the PostgreSQL server has no pgvector extension \(/,
        ),
      });
    }
  });
});
