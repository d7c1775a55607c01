// GET /api/pinecone/stats: the user's count in the real vector store (pgvector or Pinecone), or 503 where pgvector is missing.
import { vectorStoreStatsSchema } from "@acp/contracts/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakePineconeServer, startFakePineconeServer } from "../test/fake-pinecone-server";
import { createTestApp, engines, postgresHasPgvector, signUp, type TestApp } from "../test/test-app";
import { vectorWith } from "../test/vectors";

const hasPgvector = await postgresHasPgvector();

let pinecone: FakePineconeServer;
beforeAll(async () => {
  pinecone = await startFakePineconeServer();
});
afterAll(async () => {
  await pinecone?.close();
});

const setups = [
  ...engines.map((engine) => ({ name: `pgvector on ${engine}`, engine, pinecone: false })),
  { name: "Pinecone (local server)", engine: "pglite" as const, pinecone: true },
];

describe.each(setups)("GET /api/pinecone/stats with $name", (setup) => {
  const storeUsable = setup.pinecone || setup.engine === "pglite" || hasPgvector;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      setup.engine,
      setup.pinecone
        ? {
            config: {
              vectorStore: "pinecone",
              pinecone: {
                apiKey: pinecone.apiKey,
                indexName: pinecone.indexName,
                controllerHostUrl: pinecone.url,
              },
            },
          }
        : {},
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it.runIf(storeUsable)("counts the signed-in user's vectors of the active embedder only", async () => {
    expect(t.vectorStore.kind).toBe(setup.pinecone ? "pinecone" : "pgvector");
    const a = await signUp(t);
    const b = await signUp(t);
    const fresh = await t.request("/api/pinecone/stats", { cookie: a.cookie });
    expect(fresh.status).toBe(200);
    expect(await fresh.json()).toEqual({ totalVectorCount: 0, namespace: "default", dimension: 1536 });

    await t.vectorStore.upsert({
      userId: a.user.id,
      vectors: [0, 1, 2].map((i) => ({
        id: `chunk-${i}`,
        agentId: "gtm",
        chunk: `Chunk ${i}`,
        embedder: t.deps.embedder.id,
        embedding: vectorWith({ [i]: 1 }),
      })),
    });
    // A vector of another embedder (a rebuild in progress elsewhere) is not what search uses.
    await t.vectorStore.upsert({
      userId: a.user.id,
      vectors: [
        { id: "chunk-0", chunk: "Chunk 0", embedder: "some-other-embedder", embedding: vectorWith({ 9: 1 }) },
      ],
    });

    const forA = await t.request("/api/pinecone/stats", { cookie: a.cookie });
    expect(vectorStoreStatsSchema.strict().parse(await forA.json())).toEqual({
      totalVectorCount: 3,
      namespace: "default",
      dimension: 1536,
    });
    const forB = await t.request("/api/pinecone/stats", { cookie: b.cookie });
    expect(await forB.json()).toEqual({ totalVectorCount: 0, namespace: "default", dimension: 1536 });
    expect((await t.request("/api/pinecone/stats")).status).toBe(401);
  });

  it.runIf(!storeUsable)("answers 503 VECTOR_STORE_UNAVAILABLE when the server has no pgvector", async () => {
    const { cookie } = await signUp(t);
    const response = await t.request("/api/pinecone/stats", { cookie });
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: string; code: string };
    expect(body.code).toBe("VECTOR_STORE_UNAVAILABLE");
    expect(body.error).toMatch(
      /^Vector store unavailable: the PostgreSQL server has no pgvector extension \(.+\)$/,
    );
    expect(Object.keys(body).sort()).toEqual(["code", "error"]);
    // The rest of the API keeps working on that server.
    expect((await t.request("/api/documents", { cookie })).status).toBe(200);
  });
});
