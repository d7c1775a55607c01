// The postings' compact table: whatever mix of frozen table, segments and tail holds them (settles, compactions, terms in any
// script), searches and document frequencies equal a plain map's, and the table costs a few bytes a posting.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ChunkPostings } from "./chunk-postings";

/** Terms from several scripts, astral characters and prefixes of one another among them (binary search edge cases). */
const TERMS = [
  "a",
  "ab",
  "abc",
  "b",
  "zeta",
  "été",
  "été2",
  "налог",
  "налоги",
  "合同",
  "合",
  "😀",
  "😀x",
  "Z",
  "10",
  "9",
];

type Operation =
  | { kind: "add"; term: number; chunk: number; count: number }
  | { kind: "settle" }
  | { kind: "segment" }
  | { kind: "kill"; chunk: number }
  | { kind: "compact" };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("add" as const),
      term: fc.nat(TERMS.length - 1),
      chunk: fc.nat(39),
      count: fc.integer({ min: 1, max: 70_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "settle" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "segment" as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("kill" as const), chunk: fc.nat(39) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "compact" as const }) },
);

/** The same postings in a plain map, chunk ordinals moved the same way. */
class Reference {
  postings = new Map<string, Map<number, number>>();
  add(term: string, ordinal: number, count: number) {
    const list = this.postings.get(term) ?? new Map<number, number>();
    list.set(ordinal, Math.min(65_535, count));
    this.postings.set(term, list);
  }
  compact(remap: Int32Array) {
    for (const [term, list] of this.postings) {
      const moved = new Map<number, number>();
      for (const [ordinal, count] of list)
        if ((remap[ordinal] ?? -1) >= 0) moved.set(remap[ordinal] ?? 0, count);
      if (moved.size === 0) this.postings.delete(term);
      else this.postings.set(term, moved);
    }
  }
}

describe("ChunkPostings", () => {
  it("searches and counts like a plain map through any mix of additions, settles, segments, deaths and compactions", () => {
    fc.assert(
      fc.property(
        fc.array(operation, { maxLength: 120 }),
        fc.subarray(TERMS, { minLength: 1 }),
        (ops, query) => {
          // Any tail freezes into a segment of its own at a "segment" operation (a staged document's batches).
          const postings = new ChunkPostings(1);
          const reference = new Reference();
          // Chunk ordinals in use; `chunkOf` maps the operation's chunk number to its current ordinal.
          let ids: string[] = [];
          let alive = new Uint8Array(0);
          const chunkOf = new Map<number, number>();
          const added = new Set<string>();
          for (const op of ops) {
            if (op.kind === "add") {
              let ordinal = chunkOf.get(op.chunk);
              if (ordinal === undefined) {
                ordinal = ids.length;
                chunkOf.set(op.chunk, ordinal);
                ids = [...ids, `c${op.chunk}`];
                const grown = new Uint8Array(ids.length);
                grown.set(alive);
                grown[ordinal] = 1;
                alive = grown;
              }
              const term = TERMS[op.term] as string;
              // A chunk lists each term once (its term counts are a map).
              if (added.has(`${term}\u0000${ordinal}`)) continue;
              added.add(`${term}\u0000${ordinal}`);
              postings.add(term, ordinal, op.count);
              reference.add(term, ordinal, op.count);
            } else if (op.kind === "settle") {
              postings.settle();
            } else if (op.kind === "segment") {
              postings.settleInSegments();
            } else if (op.kind === "kill") {
              const ordinal = chunkOf.get(op.chunk);
              if (ordinal !== undefined) alive[ordinal] = 0;
            } else {
              const remap = new Int32Array(ids.length).fill(-1);
              const kept: string[] = [];
              for (let ordinal = 0; ordinal < ids.length; ordinal += 1) {
                if (alive[ordinal] !== 1) continue;
                remap[ordinal] = kept.length;
                kept.push(ids[ordinal] ?? "");
              }
              postings.compact(remap);
              reference.compact(remap);
              for (const [chunk, ordinal] of [...chunkOf]) {
                const moved = remap[ordinal] ?? -1;
                if (moved < 0) chunkOf.delete(chunk);
                else chunkOf.set(chunk, moved);
              }
              for (const key of [...added]) {
                const [term, ordinal] = key.split("\u0000");
                const moved = remap[Number(ordinal)] ?? -1;
                added.delete(key);
                if (moved >= 0) added.add(`${term}\u0000${moved}`);
              }
              ids = kept;
              alive = new Uint8Array(ids.length).fill(1);
            }
          }

          const expectedDf = [...reference.postings]
            .map(([term, list]) => ({ term, df: [...list.keys()].filter((o) => alive[o] === 1).length }))
            .filter((entry) => entry.df > 0)
            .sort((a, b) => (a.term < b.term ? -1 : 1));
          expect(postings.documentFrequencies(alive)).toEqual(expectedDf);

          const lengths = new Uint32Array(ids.length).fill(10);
          const live = [...alive].filter((flag) => flag === 1).length;
          if (live === 0) return;
          const view = { ids, alive, lengths, inScope: () => true };
          const options = { terms: query, limit: 40, chunkCount: live, totalLength: live * 10 };
          const { hits, idealScore } = postings.search(view, options);
          const fresh = new ChunkPostings();
          for (const [term, list] of reference.postings)
            for (const [o, count] of list) fresh.add(term, o, count);
          const expected = fresh.search(view, options);
          expect(hits).toEqual(expected.hits);
          expect(idealScore).toBeCloseTo(expected.idealScore, 12);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("holds a settled index in a few bytes a posting and tens a term", () => {
    const postings = new ChunkPostings();
    let count = 0;
    for (let chunk = 0; chunk < 2_000; chunk += 1) {
      for (let t = 0; t < 50; t += 1) {
        postings.add(`term${(chunk * 7 + t * 13) % 5_000}`, chunk, 1 + (t % 3));
        count += 1;
      }
    }
    const unsettled = postings.bytes;
    postings.settle();
    expect(postings.bytes).toBeLessThan(unsettled / 2);
    // 6 bytes a posting, under 30 a term (8 of offsets and the term's characters).
    expect(postings.bytes).toBeLessThan(count * 6 + 5_000 * 30);
  });
});
