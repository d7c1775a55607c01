// The in-memory chunk index: BM25 ranking and ties, exact dense search over codes that grow with the chunks, compaction.
import { describe, expect, it } from "vitest";
import { LOCAL_EMBEDDER_DIMENSION, LOCAL_EMBEDDER_ID } from "../../../providers/embedder/local-embedder";
import { encodeLocalVector, queryWeights } from "./dense-codes";
import { UserChunkIndex } from "./user-chunk-index";

/** A chunk row as document_chunks hands it over. */
const row = (
  id: string,
  terms: Record<string, number>,
  extra: { agent?: string; category?: string } = {},
) => ({
  id,
  document_id: id.split(":")[0] ?? "",
  agent_id: extra.agent ?? null,
  category: extra.category ?? null,
  lexical_length: Object.values(terms).reduce((a, b) => a + b, 0),
  term_counts: terms,
});

describe("UserChunkIndex", () => {
  it("ranks by BM25 with ties in chunk id order and keeps only the best `limit`", () => {
    const index = new UserChunkIndex();
    index.beginDocument("d", "1");
    index.appendChunks("d", [
      row("d:3", { apple: 1, pear: 1 }),
      row("d:1", { apple: 1, pear: 1 }),
      row("d:2", { apple: 3, plum: 1 }),
      row("d:0", { plum: 4 }),
    ]);
    const { hits } = index.search({ terms: ["apple"], limit: 2 });
    expect(hits.map((hit) => hit.chunkId)).toEqual(["d:2", "d:1"]);
    const all = index.search({ terms: ["apple", "pear"], limit: 10 }).hits;
    expect(all.map((hit) => hit.chunkId)).toEqual(["d:1", "d:3", "d:2"]);
    expect(all.map((hit) => hit.rank)).toEqual([1, 2, 3]);
    expect(all[0]?.score).toBe(all[1]?.score);
  });

  it("takes chunk count, length and document frequency from the searched scope", () => {
    const index = new UserChunkIndex();
    index.beginDocument("a", "1");
    index.appendChunks("a", [
      row("a:0", { tax: 1, rule: 1 }, { agent: "legal" }),
      row("a:1", { rule: 2 }, { agent: "legal" }),
    ]);
    index.beginDocument("b", "1");
    index.appendChunks("b", [row("b:0", { tax: 1 }, { category: "Finance" }), row("b:1", { tax: 1 })]);
    const scoped = index.search({ terms: ["tax"], scope: { agentId: "legal", categories: [] }, limit: 10 });
    // In the scope, 1 of 2 chunks holds "tax" (whole knowledge: 3 of 4).
    expect(scoped.idealScore).toBeCloseTo(Math.log(1 + (2 - 1 + 0.5) / (1 + 0.5)), 12);
    expect(scoped.hits.map((hit) => hit.chunkId)).toEqual(["a:0"]);
    const withCategory = index.search({
      terms: ["tax"],
      scope: { agentId: "legal", categories: ["Finance"] },
      limit: 10,
    });
    expect(withCategory.hits.map((hit) => hit.chunkId).sort()).toEqual(["a:0", "b:0"]);
    expect(index.documentsIn({ agentId: "nobody", categories: ["Finance"] })).toEqual(["b"]);
  });

  it("forgets removed documents, and compacts once dead chunks outnumber the live ones", () => {
    const index = new UserChunkIndex();
    for (let d = 0; d < 30; d += 1) {
      index.beginDocument(`d${d}`, "1");
      index.appendChunks(
        `d${d}`,
        Array.from({ length: 100 }, (_, i) => row(`d${d}:${i}`, { [`w${i % 7}`]: 1, [`doc${d}`]: 1 })),
      );
    }
    for (let d = 0; d < 25; d += 1) index.removeDocument(`d${d}`);
    const before = index.search({ terms: ["w3", "doc27"], limit: 1000 });
    const bytesBefore = index.approximateBytes;
    index.compactIfWasteful();
    expect(index.approximateBytes).toBeLessThan(bytesBefore / 2);
    expect(index.search({ terms: ["w3", "doc27"], limit: 1000 })).toEqual(before);
    expect(before.hits.every((hit) => Number(hit.chunkId.slice(1).split(":")[0]) >= 25)).toBe(true);
    expect(index.chunkCount).toBe(500);
    // A document loaded after compaction lands at the end and is searchable; reloading one replaces it.
    index.beginDocument("d26", "2");
    index.appendChunks("d26", [row("d26:0", { fresh: 1 })]);
    expect(index.search({ terms: ["doc26"], limit: 10 }).hits).toEqual([]);
    expect(index.search({ terms: ["fresh"], limit: 10 }).hits.map((hit) => hit.chunkId)).toEqual(["d26:0"]);
    expect(index.chunkCount).toBe(401);
  });
});

describe("UserChunkIndex dense search", () => {
  /** Seeded unit vectors in general position (xorshift), so exact answers have no ties. */
  const unitVectors = (count: number, seed: number) => {
    let state = seed >>> 0 || 1;
    const next = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return ((state >>> 0) / 2 ** 32) * 2 - 1;
    };
    return Array.from({ length: count }, () => {
      const vector = Array.from({ length: LOCAL_EMBEDDER_DIMENSION }, next);
      const norm = Math.hypot(...vector);
      return vector.map((value) => value / norm);
    });
  };
  const codedRow = (id: string, vector: number[], extra: { agent?: string } = {}) => ({
    ...row(id, { word: 1 }, extra),
    embedder: LOCAL_EMBEDDER_ID,
    local_vector: encodeLocalVector(vector),
  });
  /** The exact top `k` by cosine over the float vectors, brute force. */
  const exactTop = (vectors: Map<string, number[]>, query: number[], k: number) =>
    [...vectors]
      .map(
        ([id, vector]) => [id, vector.reduce((sum, value, i) => sum + value * (query[i] ?? 0), 0)] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([id]) => id);

  it("holds memory in proportion to its chunks: pages of codes grow with them, answers unchanged", () => {
    const small = new UserChunkIndex();
    const vectors = new Map<string, number[]>();
    small.beginDocument("s", "1");
    const all = unitVectors(200, 3);
    small.appendChunks(
      "s",
      all.map((vector, i) => {
        vectors.set(`s:${i}`, vector);
        return codedRow(`s:${i}`, vector);
      }),
    );
    small.finishDocument("s");
    // 256 slots of 1,536 codes (a whole page was 6 MB whatever the user held).
    expect(small.approximateBytes).toBeLessThan(256 * LOCAL_EMBEDDER_DIMENSION + 200 * 400);
    const query = all[17] ?? [];
    const hits = small.searchDense({ query: queryWeights(query), limit: 5 }) ?? [];
    expect(hits.map((hit) => hit.chunkId)).toEqual(exactTop(vectors, query, 5));
  });

  it("answers the exact nearest chunks over pages of codes, within the scope, after removals and compaction", () => {
    const index = new UserChunkIndex();
    const vectors = new Map<string, number[]>();
    const all = unitVectors(5_200, 7);
    // Two documents spanning two pages of codes, one of them the legal agent's.
    for (const [documentId, from, to, agent] of [
      ["a", 0, 3_000, undefined],
      ["b", 3_000, 5_200, "legal"],
    ] as const) {
      index.beginDocument(documentId, "1");
      const rows = all.slice(from, to).map((vector, i) => {
        vectors.set(`${documentId}:${i}`, vector);
        return codedRow(`${documentId}:${i}`, vector, agent ? { agent } : {});
      });
      index.appendChunks(documentId, rows);
      index.finishDocument(documentId);
    }
    const queries = unitVectors(20, 99).map((noise, q) => {
      // Near a known chunk, so the top 10 is well separated from the rest.
      const base = all[(q * 257) % all.length] ?? [];
      return base.map((value, i) => value + 0.6 * (noise[i] ?? 0));
    });
    const searchIds = (query: number[], scope?: { agentId: string; categories: string[] }) =>
      index
        .searchDense({ query: queryWeights(query), limit: 10, ...(scope ? { scope } : {}) })
        ?.map((h) => h.chunkId);
    let found = 0;
    for (const query of queries) {
      const ids = searchIds(query) ?? [];
      const expected = exactTop(vectors, query, 10);
      found += ids.filter((id) => expected.includes(id)).length;
      expect(ids[0]).toBe(expected[0]);
    }
    // Quantisation to int8 may swap near-ties, never lose the neighbourhood.
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);

    const legal = { agentId: "legal", categories: [] };
    const scoped = searchIds(queries[3] ?? [], legal) ?? [];
    expect(scoped).toHaveLength(10);
    expect(scoped.every((id) => id.startsWith("b:"))).toBe(true);

    // Document a goes (3,000 dead of 5,200: compaction moves b's codes to new ordinals); answers stay the same.
    const before = searchIds(queries[5] ?? [], legal);
    index.removeDocument("a");
    index.compactIfWasteful();
    expect(searchIds(queries[5] ?? [])).toEqual(before);
    for (const id of vectors.keys()) if (id.startsWith("a:")) vectors.delete(id);
    const query = queries[8] ?? [];
    expect(searchIds(query)).toEqual(exactTop(vectors, query, 10).slice(0, 10));
  });

  it("gives back a load's unused slots of codes and answers the same, before and after growing again", () => {
    const index = new UserChunkIndex();
    const untrimmed = new UserChunkIndex();
    const all = unitVectors(260, 11);
    const load = (documentId: string, from: number, to: number) => {
      const rows = all.slice(from, to).map((vector, i) => codedRow(`${documentId}:${i}`, vector));
      for (const target of [index, untrimmed]) {
        target.beginDocument(documentId, "1");
        target.appendChunks(documentId, rows);
        target.finishDocument(documentId);
      }
    };
    const topOf = (target: UserChunkIndex, query: number[]) =>
      target.searchDense({ query: queryWeights(query), limit: 10 })?.map((hit) => hit.chunkId);
    const top = (query: number[]) => topOf(index, query);
    const queries = unitVectors(8, 5);

    load("a", 0, 200);
    const grown = index.approximateBytes;
    const answers = queries.map(top);
    index.trim();
    // 200 chunks held 256 slots of codes; trimmed, 208.
    expect(grown - index.approximateBytes).toBe((256 - 208) * LOCAL_EMBEDDER_DIMENSION);
    expect(queries.map(top)).toEqual(answers);

    // Growing from a trimmed page keeps every code where the search reads it.
    load("b", 200, 260);
    index.trim();
    for (const query of queries) expect(top(query)).toEqual(topOf(untrimmed, query));
  });

  it("reports chunks of the built-in embedder without a code, so the caller asks the vector store", () => {
    const index = new UserChunkIndex();
    const [vector = []] = unitVectors(1, 3);
    index.beginDocument("old", "1");
    index.appendChunks("old", [
      { ...row("old:0", { word: 1 }, { agent: "gtm" }), embedder: LOCAL_EMBEDDER_ID, local_vector: null },
    ]);
    index.finishDocument("old");
    index.beginDocument("new", "1");
    index.appendChunks("new", [codedRow("new:0", vector, { agent: "legal" })]);
    index.finishDocument("new");
    const query = queryWeights(vector);
    expect(index.searchDense({ query, limit: 5 })).toBeUndefined();
    // Outside the scope the code-less chunk does not matter.
    expect(
      index.searchDense({ query, limit: 5, scope: { agentId: "legal", categories: [] } })?.[0]?.chunkId,
    ).toBe("new:0");
    // Chunks of another embedder have no code and are no part of the built-in embedder's search.
    index.removeDocument("old");
    index.beginDocument("other", "1");
    index.appendChunks("other", [
      { ...row("other:0", { word: 1 }), embedder: "openai:text-embedding-3-small" },
    ]);
    expect(index.searchDense({ query, limit: 5 })?.map((hit) => hit.chunkId)).toEqual(["new:0"]);
  });
  it("holds a staged document hidden while other documents load between its batches, then reveals it as a load would", () => {
    const staged = new UserChunkIndex();
    const loaded = new UserChunkIndex();
    const vectors = unitVectors(90, 17);
    const rowsOf = (documentId: string, from: number, to: number) =>
      vectors.slice(from, to).map((vector, i) => ({
        ...codedRow(`${documentId}:${from + i}`, vector),
        term_counts: { [`w${(from + i) % 5}`]: 1, [documentId]: 1 },
        lexical_length: 2,
      }));
    const load = (target: UserChunkIndex, documentId: string, from: number, to: number) => {
      target.beginDocument(documentId, "1");
      target.appendChunks(documentId, rowsOf(documentId, from, to));
      target.finishDocument(documentId);
    };
    load(staged, "old", 0, 30);
    load(loaded, "old", 0, 30);
    const token = staged.stageDocument("big");
    expect(staged.appendStaged(token, rowsOf("big", 30, 50))).toBe(true);
    // Another document loads between the staged one's batches: its chunks land between them.
    load(staged, "other", 50, 60);
    expect(staged.appendStaged(token, rowsOf("big", 60, 90))).toBe(true);
    load(loaded, "other", 50, 60);

    // Hidden: no hit, no count, no statistics, no dense hit; a plan that does not list it keeps it.
    const query = queryWeights(vectors[40] ?? []);
    const lexical = (target: UserChunkIndex) => target.search({ terms: ["w1", "big", "other"], limit: 100 });
    const dense = (target: UserChunkIndex) => target.searchDense({ query, limit: 10 });
    expect(staged.chunkCount).toBe(40);
    expect(lexical(staged)).toEqual(lexical(loaded));
    expect(dense(staged)).toEqual(dense(loaded));
    expect(staged.documentFrequencies()).toEqual(loaded.documentFrequencies());
    expect(staged.isStaged("big")).toBe(true);
    expect(staged.holdsSearchable("big")).toBe(false);
    // Not finished: nothing to reveal yet.
    expect(staged.reveal("big")).toBe(false);

    expect(staged.finishStaged(token, "70:123")).toBe(true);
    expect(staged.stagedSignature("big")).toBe("70:123");
    expect(staged.reveal("big")).toBe(true);
    expect(staged.signatureOf("big")).toBe("70:123");
    load(loaded, "big", 30, 50);
    loaded.appendChunks("big", rowsOf("big", 60, 90));
    expect(staged.chunkCount).toBe(90);
    expect(lexical(staged)).toEqual(lexical(loaded));
    expect(dense(staged)).toEqual(dense(loaded));
    expect(staged.documentFrequencies()).toEqual(loaded.documentFrequencies());
    // Its staging is over: late appends are refused.
    expect(staged.appendStaged(token, rowsOf("big", 0, 1))).toBe(false);

    // Removed (both of its ranges), then compacted: the rest answers as before.
    staged.removeDocument("big");
    loaded.removeDocument("big");
    expect(staged.chunkCount).toBe(40);
    expect(lexical(staged)).toEqual(lexical(loaded));
  });

  it("keeps staged chunks through a compaction and drops them when their staging is replaced or removed", () => {
    const index = new UserChunkIndex();
    for (let d = 0; d < 3; d += 1) {
      index.beginDocument(`d${d}`, "1");
      index.appendChunks(
        `d${d}`,
        Array.from({ length: 800 }, (_, i) => row(`d${d}:${i}`, { [`w${i % 7}`]: 1 })),
      );
    }
    const token = index.stageDocument("s");
    index.appendStaged(token, [row("s:0", { hidden: 1 }), row("s:1", { hidden: 2 })]);
    index.removeDocument("d0");
    index.removeDocument("d1");
    index.compactIfWasteful();
    // Compacted (1,600 dead against 800 live and 2 staged): the staged chunks survive, still hidden.
    expect(index.approximateBytes).toBeLessThan(1_000 * 165 + 800 * 40);
    expect(index.search({ terms: ["hidden"], limit: 5 }).hits).toEqual([]);
    index.finishStaged(token, "2:9");
    expect(index.reveal("s")).toBe(true);
    expect(index.search({ terms: ["hidden"], limit: 5 }).hits.map((hit) => hit.chunkId)).toEqual([
      "s:1",
      "s:0",
    ]);
    expect(index.chunkCount).toBe(802);

    // A newer staging replaces an older one: the old token adds nothing more.
    const first = index.stageDocument("t");
    index.appendStaged(first, [row("t:0", { tide: 1 })]);
    const second = index.stageDocument("t");
    expect(index.isStagedBy(first)).toBe(false);
    expect(index.appendStaged(first, [row("t:1", { tide: 1 })])).toBe(false);
    expect(index.appendStaged(second, [row("t:0", { tide: 1 })])).toBe(true);
    index.removeDocument("t");
    expect(index.isStaged("t")).toBe(false);
    expect(index.finishStaged(second, "1:1")).toBe(false);
    expect(index.chunkCount).toBe(802);
  });
});
