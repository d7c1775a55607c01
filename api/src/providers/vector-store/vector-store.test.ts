// The VectorStore contract, run against pgvector (PGlite) and Pinecone (through its client, on a local Pinecone-speaking server).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { type FakePineconeServer, startFakePineconeServer } from "../../test/fake-pinecone-server";
import { insertDocument, insertUser } from "../../test/retrieval";
import { createTestDatabase } from "../../test/test-app";
import { vectorWith } from "../../test/vectors";
import { createPgvectorStore } from "./pgvector";
import { createPineconeStore } from "./pinecone";
import type { VectorRecord, VectorStore } from "./vector-store";

type Harness = {
  store: VectorStore;
  newUser(): Promise<string>;
  newDocument(userId: string): Promise<string>;
  close(): Promise<void>;
};

const harnesses: [string, () => Promise<Harness>][] = [
  [
    "pgvector on PGlite",
    async () => {
      const database: Database = await createTestDatabase("pglite");
      return {
        store: createPgvectorStore({ database }),
        newUser: () => insertUser(database),
        newDocument: (userId) => insertDocument(database, userId),
        close: () => database.close(),
      };
    },
  ],
  [
    "Pinecone (local server, real client)",
    async () => {
      const server: FakePineconeServer = await startFakePineconeServer();
      return {
        store: createPineconeStore({
          apiKey: server.apiKey,
          indexName: server.indexName,
          controllerHostUrl: server.url,
        }),
        newUser: async () => crypto.randomUUID(),
        newDocument: async () => crypto.randomUUID(),
        close: () => server.close(),
      };
    },
  ],
];

const record = (id: string, embedding: number[], extra: Partial<VectorRecord> = {}): VectorRecord => ({
  id,
  chunk: `chunk ${id}`,
  embedder: "test-embedder",
  embedding,
  ...extra,
});

describe.each(harnesses)("vector store contract: %s", (_name, setUp) => {
  let h: Harness;
  beforeAll(async () => {
    h = await setUp();
  });
  afterAll(async () => {
    await h?.close();
  });

  it("is ready and reports zero vectors, the default namespace and 1536 dims for a new user", async () => {
    expect(await h.store.ensureReady()).toEqual({ ready: true });
    expect(await h.store.stats({ userId: await h.newUser() })).toEqual({
      totalVectorCount: 0,
      namespace: "default",
      dimension: 1536,
    });
  });

  it("queries nearest first by cosine, with metadata, and keeps users apart", async () => {
    const a = await h.newUser();
    const b = await h.newUser();
    const plan = await h.newDocument(a);
    await h.store.upsert({
      userId: a,
      vectors: [
        record(`${plan}:0`, vectorWith({ 0: 1 }), { documentId: plan, agentId: "gtm" }),
        record(`${plan}:1`, vectorWith({ 0: 1, 1: 0.5 }), { documentId: plan, agentId: "gtm" }),
        record("free", vectorWith({ 1: 1 })),
      ],
    });
    await h.store.upsert({
      userId: b,
      vectors: [record(`${plan}:0`, vectorWith({ 0: 1 }), { chunk: "b's" })],
    });
    const nearest = await h.store.query({ userId: a, embedding: vectorWith({ 0: 2 }), topK: 2 });
    expect(nearest.map((m) => m.id)).toEqual([`${plan}:0`, `${plan}:1`]);
    expect(nearest[0]).toMatchObject({
      documentId: plan,
      agentId: "gtm",
      chunk: `chunk ${plan}:0`,
      embedder: "test-embedder",
    });
    expect(nearest[0]?.score).toBeCloseTo(1, 5);
    expect(nearest[1]?.score).toBeCloseTo(1 / Math.sqrt(1.25), 5);
    const free = (await h.store.query({ userId: a, embedding: vectorWith({ 1: 1 }), topK: 1 }))[0];
    expect(free).toMatchObject({ id: "free", documentId: null, agentId: null });
    const forB = await h.store.query({ userId: b, embedding: vectorWith({ 0: 1 }), topK: 10 });
    expect(forB.map((m) => m.chunk)).toEqual(["b's"]);
    expect((await h.store.stats({ userId: a })).totalVectorCount).toBe(3);
    expect((await h.store.stats({ userId: b })).totalVectorCount).toBe(1);
  });

  it("filters by agent, document, document list and embedder", async () => {
    const userId = await h.newUser();
    const one = await h.newDocument(userId);
    const two = await h.newDocument(userId);
    await h.store.upsert({
      userId,
      vectors: [
        record("a", vectorWith({ 0: 1 }), { documentId: one, agentId: "gtm" }),
        record("b", vectorWith({ 0: 1, 2: 0.2 }), { documentId: two, agentId: "legal" }),
        record("c", vectorWith({ 0: 1, 3: 0.4 }), { documentId: two, embedder: "other" }),
      ],
    });
    const ids = async (filter: Parameters<VectorStore["query"]>[0]["filter"]) =>
      (await h.store.query({ userId, embedding: vectorWith({ 0: 1 }), topK: 10, filter })).map((m) => m.id);
    expect(await ids({ agentId: "gtm" })).toEqual(["a"]);
    expect(await ids({ documentId: two, embedder: "test-embedder" })).toEqual(["b"]);
    expect(await ids({ documentIds: [one, two], embedder: "test-embedder" })).toEqual(["a", "b"]);
    expect(await ids({ documentIds: [] })).toEqual([]);
    expect(await ids({ embedder: "other" })).toEqual(["c"]);
    expect(await ids(undefined)).toEqual(["a", "b", "c"]);
    expect((await h.store.stats({ userId, embedder: "other" })).totalVectorCount).toBe(1);
  });

  it("keeps one vector per id and embedder: the same chunk can have an old and a new embedder's vector", async () => {
    const userId = await h.newUser();
    await h.store.upsert({ userId, vectors: [record("v", vectorWith({ 0: 1 }))] });
    await h.store.upsert({
      userId,
      vectors: [
        record("v", vectorWith({ 3: 1 }), { chunk: "first rewrite" }),
        record("v", vectorWith({ 4: 1 }), { chunk: "second rewrite" }),
        record("v", vectorWith({ 5: 1 }), { embedder: "new-embedder" }),
      ],
    });
    expect((await h.store.stats({ userId })).totalVectorCount).toBe(2);
    expect((await h.store.stats({ userId, embedder: "test-embedder" })).totalVectorCount).toBe(1);
    const [old] = await h.store.query({
      userId,
      embedding: vectorWith({ 4: 1 }),
      topK: 1,
      filter: { embedder: "test-embedder" },
    });
    expect(old).toMatchObject({ id: "v", chunk: "second rewrite" });
    await h.store.delete({ userId, filter: { embedder: "test-embedder" } });
    expect((await h.store.stats({ userId })).totalVectorCount).toBe(1);
    const [fresh] = await h.store.query({ userId, embedding: vectorWith({ 5: 1 }), topK: 1 });
    expect(fresh).toMatchObject({ id: "v", embedder: "new-embedder" });
  });

  it("deletes by ids and by filter, within the user's vectors only", async () => {
    const a = await h.newUser();
    const b = await h.newUser();
    const plan = await h.newDocument(a);
    await h.store.upsert({
      userId: a,
      vectors: [
        record("p1", vectorWith({ 0: 1 }), { documentId: plan }),
        record("p2", vectorWith({ 1: 1 }), { documentId: plan }),
        record("g1", vectorWith({ 2: 1 }), { agentId: "gtm" }),
        record("k1", vectorWith({ 3: 1 })),
      ],
    });
    await h.store.upsert({
      userId: b,
      vectors: [record("k1", vectorWith({ 3: 1 })), record("g1", vectorWith({ 2: 1 }), { agentId: "gtm" })],
    });
    await h.store.delete({ userId: a, ids: ["k1"] });
    expect((await h.store.stats({ userId: a })).totalVectorCount).toBe(3);
    expect((await h.store.stats({ userId: b })).totalVectorCount).toBe(2);
    await h.store.delete({ userId: a, filter: { documentId: plan } });
    await h.store.delete({ userId: b, filter: { agentId: "gtm" } });
    expect(
      (await h.store.query({ userId: a, embedding: vectorWith({ 2: 1 }), topK: 10 })).map((m) => m.id),
    ).toEqual(["g1"]);
    expect(
      (await h.store.query({ userId: b, embedding: vectorWith({ 3: 1 }), topK: 10 })).map((m) => m.id),
    ).toEqual(["k1"]);
    // Ids and a filter together: only ids that also match go.
    await h.store.delete({ userId: a, ids: ["g1"], filter: { agentId: "legal" } });
    expect((await h.store.stats({ userId: a })).totalVectorCount).toBe(1);
    await h.store.delete({ userId: a, ids: [] });
    await expect(h.store.delete({ userId: a })).rejects.toThrow(/needs ids or a filter/);
    expect((await h.store.stats({ userId: a })).totalVectorCount).toBe(1);
  });

  it("refuses embeddings of the wrong size, non-finite or all-zero, and a bad topK", async () => {
    const userId = await h.newUser();
    await expect(h.store.upsert({ userId, vectors: [record("s", [1, 2, 3])] })).rejects.toThrow(
      /expected 1536 dimensions, got 3/,
    );
    await expect(
      h.store.upsert({ userId, vectors: [record("n", vectorWith({ 0: Number.NaN }))] }),
    ).rejects.toThrow(/finite/);
    await expect(h.store.upsert({ userId, vectors: [record("z", vectorWith({}))] })).rejects.toThrow(
      /all-zero/,
    );
    await expect(h.store.query({ userId, embedding: vectorWith({ 0: 1 }), topK: 0 })).rejects.toThrow(/topK/);
    expect((await h.store.stats({ userId })).totalVectorCount).toBe(0);
  });
});
