// POST /api/retrieval/search through the app: validation, sign-in, isolation, both vector stores.
import { retrievalSearchResponseSchema } from "@acp/contracts/knowledge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteDocumentIndex, indexDocumentChunks } from "../services/retrieval/index-document";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../test/fake-openai-server";
import { type FakePineconeServer, startFakePineconeServer } from "../test/fake-pinecone-server";
import { insertDocument, textChunks } from "../test/retrieval";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

let pinecone: FakePineconeServer;
beforeAll(async () => {
  pinecone = await startFakePineconeServer();
});
afterAll(async () => {
  await pinecone?.close();
});

const setups = [
  ...engines.map((engine) => ({ name: `${engine} (vectors in pgvector)`, engine, pinecone: false })),
  { name: "pglite with vectors in Pinecone (local server)", engine: "pglite" as const, pinecone: true },
];

describe.each(setups)("POST /api/retrieval/search on $name", (setup) => {
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

  const search = (cookie: string | undefined, body: unknown) =>
    t.request("/api/retrieval/search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ...(cookie ? { cookie } : {}),
    });

  async function index(
    userId: string,
    name: string,
    texts: string[],
    options: { agentId?: string; category?: string } = {},
  ) {
    const documentId = await insertDocument(t.database, userId, { name, ...options });
    await indexDocumentChunks({
      deps: t.deps,
      userId,
      documentId,
      agentId: options.agentId ?? null,
      category: options.category ?? null,
      chunks: textChunks(texts),
    });
    return documentId;
  }

  it("answers the best chunks of the user's own knowledge with location and both ranks", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const plan = await index(a.user.id, "Ersatzteilliste.xlsx", [
      "Pump P-200 spare seal kit costs 45 EUR and ships in 3 days.",
      "Turbine T-9 bearing replacement interval is 20,000 hours.",
    ]);
    await index(b.user.id, "other.txt", ["Pump P-200 spare seal kit is confidential for user b."]);

    const response = await search(a.cookie, { query: "spare seal kit for the pump" });
    expect(response.status).toBe(200);
    const body = retrievalSearchResponseSchema.parse(await response.json());
    expect(body.embedder).toBe("local-1536");
    expect(body.results[0]).toMatchObject({
      documentId: plan,
      documentName: "Ersatzteilliste.xlsx",
      chunkId: `${plan}:0`,
      text: "Pump P-200 spare seal kit costs 45 EUR and ships in 3 days.",
      location: { kind: "lines", lineStart: 1, lineEnd: 1 },
      lexicalRank: 1,
      aboveThreshold: true,
    });
    expect(body.results.every((r) => r.documentId === plan)).toBe(true);
    expect(body.results.length).toBeLessThanOrEqual(5);

    // Deleted documents are gone from search at once.
    await deleteDocumentIndex({ deps: t.deps, userId: a.user.id, documentId: plan });
    const after = retrievalSearchResponseSchema.parse(
      await (await search(a.cookie, { query: "spare seal kit", includeBelowThreshold: true })).json(),
    );
    expect(after.results).toEqual([]);
  });

  it("returns [] for unrelated words and honours topK and the agent", async () => {
    const { cookie, user } = await signUp(t);
    await index(
      user.id,
      "gtm.txt",
      Array.from({ length: 8 }, (_, i) => `pricing tier ${i} for enterprise buyers`),
      {
        agentId: "gtm",
      },
    );
    await index(user.id, "legal.txt", ["pricing clause of the master agreement"], { category: "Contracts" });
    const unrelated = await (await search(cookie, { query: "purple elephants dancing" })).json();
    expect(unrelated).toMatchObject({ results: [] });
    const top3 = retrievalSearchResponseSchema.parse(
      await (await search(cookie, { query: "pricing", topK: 3 })).json(),
    );
    expect(top3.results).toHaveLength(3);
    const legal = retrievalSearchResponseSchema.parse(
      await (await search(cookie, { query: "pricing", agentId: "legal" })).json(),
    );
    expect(legal.results.map((r) => r.documentName)).toEqual(["legal.txt"]);
  });

  it("validates the body and needs a session", async () => {
    const { cookie } = await signUp(t);
    expect((await search(undefined, { query: "x" })).status).toBe(401);
    const empty = await search(cookie, { query: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect((await search(cookie, { query: "x", topK: 51 })).status).toBe(400);
    expect((await search(cookie, { query: "x", topK: 0 })).status).toBe(400);
    expect((await search(cookie, {})).status).toBe(400);
  });
});

describe("POST /api/retrieval/search with the OpenAI embedder (local OpenAI-speaking server)", () => {
  let openai: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    openai = await startFakeOpenAiServer();
    t = await createTestApp("pglite", {
      config: {
        embeddings: {
          provider: "openai",
          apiKey: openai.apiKey,
          baseUrl: openai.baseUrl,
          model: "text-embedding-3-small",
        },
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await openai?.close();
  });

  it("indexes through a throttling server (Retry-After honoured) and answers with its vectors", async () => {
    expect(t.deps.embedder.id).toBe("openai:text-embedding-3-small");
    const { cookie, user } = await signUp(t);
    openai.fail({ status: 429, retryAfterMs: 200 }, 2);
    const documentId = await insertDocument(t.database, user.id, { name: "manual.txt" });
    await indexDocumentChunks({
      deps: t.deps,
      userId: user.id,
      documentId,
      agentId: null,
      category: null,
      chunks: textChunks([
        "Reset the router by holding the button for ten seconds.",
        "The warranty lasts two years.",
      ]),
    });
    const statuses = openai.requests.map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([429, 429, 200]);
    const throttled = openai.requests[1];
    const retried = openai.requests[2];
    expect((retried?.startedAt ?? 0) - (throttled?.finishedAt ?? 0)).toBeGreaterThanOrEqual(190);

    const response = await t.request("/api/retrieval/search", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: "how do I reset the router" }),
      cookie,
    });
    const body = retrievalSearchResponseSchema.parse(await response.json());
    expect(body.embedder).toBe("openai:text-embedding-3-small");
    expect(body.results[0]).toMatchObject({ documentId, lexicalRank: 1, denseRank: 1 });
    expect(
      (await t.request("/api/pinecone/stats", { cookie }).then((r) => r.json())) as unknown,
    ).toMatchObject({
      totalVectorCount: 2,
    });
  });
});
