// BM25 through the database gives the in-memory answer whichever way each term is read: the GIN index, a pass, or MaxScore.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { indexTexts, insertDocument, insertUser, retrievalDeps, textChunks } from "../../test/retrieval";
import { createTestDatabase, engines } from "../../test/test-app";
import { ChunkIndexCache } from "./chunk-index-cache";
import { MAX_QUERY_TERMS } from "./engine/bm25";
import type { LexicalResult } from "./engine/chunk-postings";
import type { ChunkScope } from "./engine/user-chunk-index";
import { indexDocumentChunks } from "./index-document";
import { searchLexicalInDatabase } from "./lexical-database";
import type { RetrievalDeps } from "./retrieval-deps";

/** Words by how many chunks hold them: `common` nearly all, `frequent` a third, `rare*` a few, `lone` one. */
function chunkText(i: number): string {
  const words = ["common"];
  if (i % 3 === 0) words.push("frequent");
  if (i % 2 === 0) words.push("half", "half");
  if (i % 17 === 0) words.push("rareone");
  if (i % 29 === 0) words.push("raretwo", "raretwo", "raretwo");
  if (i === 7) words.push("lone");
  // Equal texts at some positions: equal scores, ordered by chunk id.
  if (i % 50 !== 0) words.push(`filler${i % 11}`, "x".repeat(3 + (i % 5)));
  return words.join(" ");
}

describe.each(engines)("BM25 through the database on %s", (engine) => {
  let database: Database;
  let deps: RetrievalDeps;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = retrievalDeps(database);
    userId = await insertUser(database);
    const texts = Array.from({ length: 240 }, (_, i) => chunkText(i));
    await indexTexts(deps, userId, texts.slice(0, 80), { agentId: "gtm" });
    await indexTexts(deps, userId, texts.slice(80, 160), { category: "Legal Documents" });
    await indexTexts(deps, userId, texts.slice(160));
    // A document still being ingested: its chunks count nowhere, neither in the hits nor in the scope's size.
    const processing = await insertDocument(database, userId, { status: "processing" });
    await indexDocumentChunks({
      deps,
      userId,
      documentId: processing,
      agentId: null,
      category: null,
      chunks: textChunks(Array.from({ length: 40 }, () => "rareone lone common common common")),
    });
  });
  afterAll(async () => {
    await database?.close();
  });

  const inMemory = async (terms: readonly string[], limit: number, scope?: ChunkScope) => {
    const searchable = await new ChunkIndexCache({ db: database.db, memoryMb: 512 }).get(userId);
    if (searchable.kind !== "memory") throw new Error("the reference must be in memory");
    return searchable.index.search({ terms, limit, ...(scope ? { scope } : {}) });
  };
  const expectSame = (actual: LexicalResult, expected: LexicalResult, label: string) => {
    expect(
      actual.hits.map((hit) => hit.chunkId),
      label,
    ).toEqual(expected.hits.map((hit) => hit.chunkId));
    for (const [i, hit] of actual.hits.entries()) {
      expect(hit.score, label).toBeCloseTo(expected.hits[i]?.score ?? 0, 9);
      expect(hit.rank, label).toBe(i + 1);
    }
    expect(actual.idealScore, label).toBeCloseTo(expected.idealScore, 9);
  };

  const scopes: (ChunkScope | undefined)[] = [
    undefined,
    { agentId: "gtm", categories: [] },
    { agentId: "gtm", categories: ["Legal Documents"], shared: { owned: ["Legal Documents"] } },
  ];
  const queries: [string, string[], number][] = [
    ["rare only", ["rareone", "raretwo", "lone"], 10],
    ["rare and common, enough candidates", ["raretwo", "rareone", "common", "half"], 5],
    ["rare and common, fewer candidates than the limit", ["lone", "common", "frequent"], 30],
    ["common only", ["common", "half", "frequent"], 20],
    ["every chunk ties", ["common"], 12],
    ["absent terms", ["nowhere", "missing"], 10],
    ["absent beside common", ["nowhere", "common"], 8],
    ["quotes and backslashes", ['qu"ote', "back\\slash", "rareone"], 10],
  ];

  it.each([1, 0.5, 0.2, 0])(
    "answers as the in-memory index when terms above a %s share are read by a pass",
    async (indexedTermMaxShare) => {
      for (const scope of scopes) {
        for (const [label, terms, limit] of queries) {
          const expected = await inMemory(terms, limit, scope);
          const actual = await searchLexicalInDatabase({
            db: database.db,
            userId,
            terms,
            scope,
            limit,
            indexedTermMaxShare,
          });
          expectSame(actual, expected, `${label} (scope ${JSON.stringify(scope)})`);
        }
      }
    },
  );

  it("scores only the MAX_QUERY_TERMS rarest terms of a long query, however they are read", async () => {
    const terms = [
      "common",
      "half",
      "frequent",
      "rareone",
      "raretwo",
      "lone",
      ...Array.from({ length: MAX_QUERY_TERMS }, (_, i) => `filler${i}`),
    ];
    const expected = await inMemory(terms, 25);
    for (const indexedTermMaxShare of [1, 0.3, 0]) {
      const actual = await searchLexicalInDatabase({
        db: database.db,
        userId,
        terms,
        limit: 25,
        indexedTermMaxShare,
      });
      expectSame(actual, expected, `share ${indexedTermMaxShare}`);
    }
  });

  it("finds nothing for a user without chunks", async () => {
    const empty = await insertUser(database);
    expect(
      await searchLexicalInDatabase({ db: database.db, userId: empty, terms: ["common"], limit: 5 }),
    ).toEqual({ hits: [], idealScore: 0 });
  });

  it("has the GIN index on term_counts that the rare terms are read through", async () => {
    const indexes = rowsOf<{ definition: string }>(
      await database.db.execute(
        sql`select indexdef as definition from pg_indexes where tablename = 'document_chunks'`,
      ),
    );
    expect(indexes.map((index) => index.definition)).toContainEqual(
      expect.stringMatching(/USING gin \(term_counts\)/),
    );
  });
});
