// Pinecone specifics through the real client: namespaces per user and embedder, request limits, readiness.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePineconeServer, startFakePineconeServer } from "../../test/fake-pinecone-server";
import { vectorWith } from "../../test/vectors";
import { createPineconeStore, pineconeNamespace, UPSERT_MAX_VECTORS } from "./pinecone";

let server: FakePineconeServer;
beforeAll(async () => {
  server = await startFakePineconeServer();
});
afterAll(async () => {
  await server?.close();
});

const storeFor = (s: FakePineconeServer, indexName = s.indexName) =>
  createPineconeStore({ apiKey: s.apiKey, indexName, controllerHostUrl: s.url });

/** A direction per i that is never all zero and differs between neighbours. */
const spread = (i: number) => vectorWith({ [i % 1536]: 1, [(i * 7 + 3) % 1536]: 0.5 });

describe("Pinecone store", () => {
  it("puts each user's vectors in their own namespace per embedder, ids <documentId>:<chunkIndex>", async () => {
    const store = storeFor(server);
    const user = crypto.randomUUID();
    await store.upsert({
      userId: user,
      vectors: [
        { id: "doc-1:0", documentId: "doc-1", chunk: "hello", embedder: "local-1536", embedding: spread(1) },
        {
          id: "doc-1:0",
          documentId: "doc-1",
          chunk: "hello",
          embedder: "openai:text-embedding-3-small",
          embedding: spread(2),
        },
      ],
    });
    const local = server.namespaces.get(pineconeNamespace(user, "local-1536"));
    expect([...(local?.keys() ?? [])]).toEqual(["doc-1:0"]);
    expect(local?.get("doc-1:0")?.metadata).toEqual({
      chunk: "hello",
      embedder: "local-1536",
      documentId: "doc-1",
    });
    expect(server.namespaces.has(pineconeNamespace(user, "openai:text-embedding-3-small"))).toBe(true);
  });

  it("upserts in requests of at most 1,000 vectors and 2 MB, the last write of an id winning", async () => {
    const store = storeFor(server);
    const user = crypto.randomUUID();
    const before = server.calls.length;
    const vectors = Array.from({ length: 2500 }, (_, i) => ({
      id: `doc:${i}`,
      documentId: "doc",
      chunk: `chunk ${i} `.repeat(20),
      embedder: "local-1536",
      embedding: spread(i),
    }));
    await store.upsert({
      userId: user,
      vectors: [...vectors, { ...vectors[0], chunk: "rewritten", id: "doc:0" } as (typeof vectors)[0]],
    });
    const upserts = server.calls.slice(before).filter((call) => call.path === "/vectors/upsert");
    expect(upserts.length).toBeGreaterThan(2);
    for (const call of upserts) {
      expect(call.vectors).toBeLessThanOrEqual(UPSERT_MAX_VECTORS);
      expect(call.bytes).toBeLessThanOrEqual(2 * 1024 * 1024);
    }
    expect(upserts.reduce((sum, call) => sum + (call.vectors ?? 0), 0)).toBe(2500);
    expect((await store.stats({ userId: user })).totalVectorCount).toBe(2500);
    expect(server.namespaces.get(pineconeNamespace(user, "local-1536"))?.get("doc:0")?.metadata?.chunk).toBe(
      "rewritten",
    );

    // Deleting more ids than one request takes is split too.
    await store.delete({ userId: user, ids: vectors.slice(0, 1500).map((v) => v.id) });
    expect((await store.stats({ userId: user })).totalVectorCount).toBe(1000);
  });

  it("is unavailable with the reason when the index is missing or has the wrong shape", async () => {
    const missing = storeFor(server, "no-such-index");
    const status = await missing.ensureReady();
    expect(status.ready).toBe(false);
    expect(status.ready ? "" : status.reason).toMatch(/could not reach the Pinecone index "no-such-index"/);
    await expect(missing.stats({ userId: "u" })).rejects.toMatchObject({
      code: "VECTOR_STORE_UNAVAILABLE",
      status: 503,
    });

    const small = await startFakePineconeServer({ dimension: 384 });
    try {
      const status384 = await storeFor(small).ensureReady();
      expect(status384).toEqual({
        ready: false,
        reason: `the Pinecone index "${small.indexName}" has 384 dimensions; the embedders make 1536`,
      });
    } finally {
      await small.close();
    }

    const wrongKey = createPineconeStore({
      apiKey: "pk-wrong",
      indexName: server.indexName,
      controllerHostUrl: server.url,
    });
    expect((await wrongKey.ensureReady()).ready).toBe(false);
  });
});
