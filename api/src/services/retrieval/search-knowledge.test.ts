// Hybrid search: BM25 equal to a reference computed here, CJK parts, typos, the threshold, scopes and isolation.

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { rowsOf } from "../../db/rows-of";
import { customAgents } from "../../db/schema";
import { seededRandom as random } from "../../lib/seeded-random";
import { indexTexts, insertUser, retrievalDeps } from "../../test/retrieval";
import { createTestDatabase, engines, postgresHasPgvector } from "../../test/test-app";
import { splitUnspaced } from "../../text-search/lexical-analyzer";
import { BM25_B, BM25_K1, bm25Idf } from "./engine/bm25";
import { lexicalDecides, RELEVANCE_THRESHOLD } from "./fusion";
import { searchLexical } from "./lexical";
import type { RetrievalDeps } from "./retrieval-deps";
import { searchKnowledge } from "./search-knowledge";

const hasPgvector = await postgresHasPgvector();

const VOCABULARY = (
  "invoice refund contract turbine pump warranty shipping delivery battery engine customer supplier " +
  "payment schedule audit policy license server database network storage backup latency region " +
  "market pricing revenue forecast budget hiring onboarding security incident outage compliance"
).split(" ");

/** Sentences with a skewed word distribution, so document frequencies and lengths vary. */
function corpus(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const length = 4 + Math.floor(next() * 40);
    return Array.from({ length }, () => VOCABULARY[Math.floor(next() ** 2 * VOCABULARY.length)]).join(" ");
  });
}

/** PostgreSQL's own lexemes of a text, as the index had them before our analyzer: english, plus CJK bigrams. */
function postgresLexemes(text: string) {
  const { spaced, bigrams } = splitUnspaced(text);
  return sql`(to_tsvector('english'::regconfig, ${spaced}) || to_tsvector('simple'::regconfig, ${bigrams}))`;
}

/** BM25 computed here from the lexemes PostgreSQL makes of the same texts: the index's analyzer must agree with it. */
async function referenceBm25(
  database: Database,
  texts: string[],
  query: string,
  idOf: (index: number) => string,
) {
  const tokens = async (text: string) =>
    rowsOf<{ lexeme: string; n: number }>(
      await database.db.execute(
        sql`select lexeme, coalesce(array_length(positions, 1), 1)::integer as n from unnest(${postgresLexemes(text)})`,
      ),
    );
  const docs = await Promise.all(
    texts.map(async (text) => new Map((await tokens(text)).map((t) => [t.lexeme, t.n]))),
  );
  const length = (doc: Map<string, number>) => [...doc.values()].reduce((a, b) => a + b, 0);
  const average = docs.reduce((sum, doc) => sum + length(doc), 0) / docs.length;
  const terms = (await tokens(query)).map((t) => t.lexeme);
  return (
    docs
      .map((doc, index) => {
        let score = 0;
        for (const term of terms) {
          const tf = doc.get(term) ?? 0;
          if (tf === 0) continue;
          const df = docs.filter((d) => d.has(term)).length;
          score +=
            (bm25Idf(docs.length, df) * (tf * (BM25_K1 + 1))) /
            (tf + BM25_K1 * (1 - BM25_B + (BM25_B * length(doc)) / average));
        }
        return { index, score };
      })
      .filter((entry) => entry.score > 0)
      // Equal scores in chunk id order, as the service breaks ties.
      .sort((a, b) => b.score - a.score || (idOf(a.index) < idOf(b.index) ? -1 : 1))
  );
}

describe("lexicalDecides", () => {
  const passing = Array.from({ length: 12 }, () => 0.9);
  it("lets the lexical leg decide only when the dense weight cannot reorder its passing top results", () => {
    expect(lexicalDecides({ lexicalRelevances: passing, topK: 5, denseWeight: 0.01 })).toBe(true);
    // A semantic embedder fused at equal weight can always change the answer.
    expect(lexicalDecides({ lexicalRelevances: passing, topK: 5, denseWeight: 1 })).toBe(false);
    // Fewer passing hits than asked for: dense-only candidates may fill the rest.
    expect(lexicalDecides({ lexicalRelevances: passing.slice(0, 4), topK: 5, denseWeight: 0.01 })).toBe(
      false,
    );
    expect(
      lexicalDecides({ lexicalRelevances: [0.9, 0.9, 0.9, 0.9, 0.2, 0.9], topK: 5, denseWeight: 0.01 }),
    ).toBe(false);
    // Deep in the ranking neighbouring RRF scores get closer than the dense leg's largest contribution.
    const many = Array.from({ length: 50 }, () => 0.9);
    expect(lexicalDecides({ lexicalRelevances: many, topK: 17, denseWeight: 0.01 })).toBe(true);
    expect(lexicalDecides({ lexicalRelevances: many, topK: 18, denseWeight: 0.01 })).toBe(false);
  });
});

describe.each(engines)("searchKnowledge on %s", (engine) => {
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

  it("scores BM25 exactly as a reference computed on the same text, with IDF from the user's knowledge", async () => {
    const userId = await insertUser(database);
    const texts = corpus(60, 7);
    // Half in one document, half in another: statistics span the user's documents.
    const first = await indexTexts(deps, userId, texts.slice(0, 30));
    const second = await indexTexts(deps, userId, texts.slice(30));
    // Another user's chunks must not change this user's IDF.
    await indexTexts(deps, await insertUser(database), corpus(40, 99));
    const idOf = (index: number) => (index < 30 ? `${first}:${index}` : `${second}:${index - 30}`);

    for (const query of [
      "refund warranty",
      "turbine pump battery engine",
      "audit",
      "latency region outage incident",
    ]) {
      const reference = await referenceBm25(database, texts, query, idOf);
      const { hits } = await searchLexical({
        db: database.db,
        searchable: await deps.chunkIndexes.get(userId),
        userId,
        query,
        limit: 100,
      });
      expect(hits.map((hit) => hit.chunkId)).toEqual(reference.map((entry) => idOf(entry.index)));
      for (const [i, hit] of hits.entries()) expect(hit.score).toBeCloseTo(reference[i]?.score ?? 0, 9);

      // The fused ranking keeps BM25's top order (the local embedder's dense weight cannot reorder it).
      const { results } = await searchKnowledge({ deps, userId, query, topK: 10 });
      const lexicalTop = results.filter((r) => r.lexicalRank !== null).slice(0, 10);
      expect(lexicalTop.map((r) => r.chunkId)).toEqual(
        reference.slice(0, lexicalTop.length).map((e) => idOf(e.index)),
      );
    }
  });

  it("takes IDF and average length from an agent's scope, not from the whole knowledge", async () => {
    const userId = await insertUser(database);
    const scoped = corpus(24, 11);
    const elsewhere = corpus(36, 12).map((text) => `${text} audit audit refund`);
    const inScope = await indexTexts(deps, userId, scoped, { agentId: "legal" });
    await indexTexts(deps, userId, elsewhere);
    const idOf = (index: number) => `${inScope}:${index}`;
    for (const query of ["refund warranty", "audit policy", "turbine pump battery engine"]) {
      const reference = await referenceBm25(database, scoped, query, idOf);
      const { hits } = await searchLexical({
        db: database.db,
        searchable: await deps.chunkIndexes.get(userId),
        userId,
        query,
        scope: { agentId: "legal", categories: [] },
        limit: 100,
      });
      expect(hits.map((hit) => hit.chunkId)).toEqual(reference.map((entry) => idOf(entry.index)));
      for (const [i, hit] of hits.entries()) expect(hit.score).toBeCloseTo(reference[i]?.score ?? 0, 9);
    }
  });

  it.runIf(vectors)("skips the dense leg only when it cannot change the answer", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, corpus(80, 5));
    let skipped = 0;
    for (const query of ["refund warranty", "audit", "latency region outage incident", "pump", "turbne"]) {
      for (const topK of [1, 3, 5, 10]) {
        const answer = await searchKnowledge({ deps, userId, query, topK });
        // With includeBelowThreshold both legs always run; its passing part is the full hybrid answer.
        const full = await searchKnowledge({ deps, userId, query, topK, includeBelowThreshold: true });
        expect(full.denseLeg).toBe("searched");
        expect(answer.results.map((r) => r.chunkId)).toEqual(
          full.results.filter((r) => r.aboveThreshold).map((r) => r.chunkId),
        );
        if (answer.denseLeg === "skipped") {
          skipped += 1;
          expect(answer.results.every((r) => r.denseRank === null && r.lexicalRank !== null)).toBe(true);
        }
      }
    }
    expect(skipped).toBeGreaterThan(0);
    // A typo only the dense leg can find is never skipped.
    expect((await searchKnowledge({ deps, userId, query: "turbne", topK: 5 })).denseLeg).toBe("searched");
  });

  it("finds unspaced Japanese and Chinese by part of a sentence", async () => {
    const userId = await insertUser(database);
    await indexTexts(
      deps,
      userId,
      ["東京都の人口は約千四百万人です。", "大阪の名物はたこ焼きです。", "English text only."],
      {
        name: "cities.txt",
      },
    );
    await indexTexts(deps, userId, ["台北市是台灣的首都，人口約二百五十萬。"], { name: "taipei.txt" });
    const jp = await searchKnowledge({ deps, userId, query: "人口", topK: 5 });
    expect(jp.results.map((r) => r.text)).toEqual(
      expect.arrayContaining(["東京都の人口は約千四百万人です。", "台北市是台灣的首都，人口約二百五十萬。"]),
    );
    const osaka = await searchKnowledge({ deps, userId, query: "たこ焼き", topK: 5 });
    expect(osaka.results[0]).toMatchObject({
      text: "大阪の名物はたこ焼きです。",
      documentName: "cities.txt",
      location: { kind: "lines", lineStart: 2, lineEnd: 2 },
      lexicalRank: 1,
      aboveThreshold: true,
    });
    const taipei = await searchKnowledge({ deps, userId, query: "台灣的首都", topK: 5 });
    expect(taipei.results[0]?.documentName).toBe("taipei.txt");
  });

  it("returns nothing for a query of unrelated words, and shows the cut when asked", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, [
      "Our refund policy: customers on annual plans may receive a full refund within 30 days of purchase.",
      "The warehouse ships spare parts for turbines and pumps within five business days.",
      "Invoices are payable within 30 days; late payments incur a fee.",
    ]);
    for (const query of [
      "purple elephants dancing on the moon",
      "what is the weather like in paris tomorrow",
      "zzz",
    ]) {
      const { results, threshold } = await searchKnowledge({ deps, userId, query, topK: 5 });
      expect(results).toEqual([]);
      expect(threshold).toBe(RELEVANCE_THRESHOLD);
    }
    const lab = await searchKnowledge({
      deps,
      userId,
      query: "purple elephants dancing on the moon",
      topK: 5,
      includeBelowThreshold: true,
    });
    if (vectors) {
      // The dense leg always has nearest neighbours; the lab sees them below the threshold.
      expect(lab.results.length).toBeGreaterThan(0);
      expect(lab.results.every((r) => !r.aboveThreshold && (r.relevance ?? 1) < RELEVANCE_THRESHOLD)).toBe(
        true,
      );
    }
    const relevant = await searchKnowledge({ deps, userId, query: "refund for an annual plan", topK: 5 });
    expect(relevant.results[0]?.text).toMatch(/^Our refund policy/);
    expect(relevant.results.every((r) => r.aboveThreshold)).toBe(true);
  });

  it.runIf(vectors)("finds a typo'd query through the dense leg where BM25 finds nothing", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, [
      "Turbine T-9 bearing replacement interval is 20,000 hours.",
      "The warehouse ships spare parts for turbines.",
    ]);
    const { results } = await searchKnowledge({ deps, userId, query: "turbne bearng", topK: 5 });
    expect(results[0]).toMatchObject({
      text: "Turbine T-9 bearing replacement interval is 20,000 hours.",
      lexicalRank: null,
      denseRank: 1,
      aboveThreshold: true,
    });
  });

  it("never returns another user's chunks", async () => {
    const a = await insertUser(database);
    const b = await insertUser(database);
    await indexTexts(deps, a, ["the secret merger codename is bluebird"]);
    await indexTexts(deps, b, ["our public roadmap mentions nothing secret"]);
    const forB = await searchKnowledge({
      deps,
      userId: b,
      query: "secret merger codename bluebird",
      topK: 10,
      includeBelowThreshold: true,
    });
    expect(forB.results.map((r) => r.text)).toEqual(["our public roadmap mentions nothing secret"]);
    const stranger = await insertUser(database);
    expect(
      (
        await searchKnowledge({
          deps,
          userId: stranger,
          query: "bluebird",
          topK: 10,
          includeBelowThreshold: true,
        })
      ).results,
    ).toEqual([]);
  });

  it("limits an agent to its own documents and its type's categories, custom agents included", async () => {
    const userId = await insertUser(database);
    await indexTexts(deps, userId, ["pricing strategy for the enterprise segment"], {
      name: "gtm.txt",
      agentId: "gtm",
    });
    await indexTexts(deps, userId, ["pricing clause in the master services agreement"], {
      name: "contract.txt",
      category: "Contracts",
    });
    await indexTexts(deps, userId, ["pricing research across competitors"], {
      name: "research.txt",
      category: "Market Research",
    });
    await indexTexts(deps, userId, ["pricing notes nobody assigned"], { name: "loose.txt" });
    const names = async (agentId?: string, includeShared = false) =>
      (await searchKnowledge({ deps, userId, query: "pricing", agentId, topK: 10, includeShared })).results
        .map((r) => r.documentName)
        .sort();

    expect(await names()).toEqual(["contract.txt", "gtm.txt", "loose.txt", "research.txt"]);
    expect(await names("gtm")).toEqual(["gtm.txt", "research.txt"]);
    expect(await names("legal")).toEqual(["contract.txt"]);
    expect(await names("vision")).toEqual([]);
    // Chat: an agent also knows the shared library (documents given to no agent), never another agent's.
    expect(await names("gtm", true)).toEqual(["gtm.txt", "loose.txt", "research.txt"]);
    expect(await names("vision", true)).toEqual(["loose.txt"]);

    const [custom] = await database.db
      .insert(customAgents)
      .values({
        userId,
        name: "Deal desk",
        systemPrompt: "Help",
        agentType: "legal",
        apiEndpoint: `/x/${crypto.randomUUID()}`,
      })
      .returning({ id: customAgents.id });
    const customId = custom?.id ?? "";
    await indexTexts(deps, userId, ["pricing exceptions approved by the deal desk"], {
      name: "desk.txt",
      agentId: customId,
    });
    expect(await names(customId)).toEqual(["contract.txt", "desk.txt"]);
    // Another user's custom agent id gives no categories, only documents given to that id.
    expect(await names("no-such-agent")).toEqual([]);
  });
});
