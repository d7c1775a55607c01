// One retrieval measurement in its own process: N generated chunks on PGlite, hybrid and dense latency, dense recall against exact search.
// Usage: tsx e2e/bench/retrieval-measure.ts <chunks> [queries]; prints one JSON line (RetrievalFigures) last.
import { createDatabase, IN_MEMORY_DATA_DIR } from "@acp/api/src/db/create-database";
import { documents, users } from "@acp/api/src/db/schema";
import { seededRandom as random } from "@acp/api/src/lib/seeded-random";
import { createLocalEmbedder } from "@acp/api/src/providers/embedder/local-embedder";
import { createPgvectorStore } from "@acp/api/src/providers/vector-store/pgvector";
import { ChunkIndexCache } from "@acp/api/src/services/retrieval/chunk-index-cache";
import { watchIndexLoads } from "@acp/api/src/services/retrieval/embedder-migration";
import { EmbedderMigrations } from "@acp/api/src/services/retrieval/embedder-migrations";
import { queryWeights } from "@acp/api/src/services/retrieval/engine/dense-codes";
import { indexDocumentChunks } from "@acp/api/src/services/retrieval/index-document";
import { searchLexical } from "@acp/api/src/services/retrieval/lexical";
import type { RetrievalDeps } from "@acp/api/src/services/retrieval/retrieval-deps";
import { searchKnowledge } from "@acp/api/src/services/retrieval/search-knowledge";
import { eq, sql } from "drizzle-orm";
import { wordSampler } from "./chunk-rows";

type LatencyFigures = { p50Ms: number; p99Ms: number };
export type RetrievalFigures = {
  chunks: number;
  queries: number;
  /** Chunks indexed per second through indexDocumentChunks (rows, codes and pgvector rows). */
  loadChunksPerSecond: number;
  /** The first search of the user, which loads the in-memory index from the database. */
  firstSearchSeconds: number;
  /** Hybrid top-5 for questions made of words of a chunk. */
  hybrid: LatencyFigures;
  /** Hybrid top-5 for the same questions with a typo in every word (BM25 misses, the dense leg runs). */
  hybridTypos: LatencyFigures;
  /** Baseline: the BM25 leg alone on the same questions. */
  lexicalOnly: LatencyFigures;
  /** The dense leg alone: exact search over the in-memory codes (decision 0010). */
  denseMemory: LatencyFigures;
  /** Baseline: exact search over the float vectors in pgvector (a sequential scan). */
  denseExact: LatencyFigures;
  /** In-memory results at least as close (by float cosine) as the exact 10th, over 10. */
  recallAt10: number;
  /** In-memory results whose id is among the exact top 10, over 10. */
  idRecallAt10: number;
  /** Share of the hybrid searches that BM25 decided alone (the dense leg could not change them, so it did not run). */
  denseSkipped: number;
  /** The same share for the typo'd questions. */
  denseSkippedTypos: number;
};

/** Made-up words drawn Zipf-like (chunk-rows.ts) in chunks of 40-99 words, and the generator's own random numbers. */
function corpus(seed: number) {
  const next = random(seed + 1);
  const word = wordSampler(seed);
  const chunk = () => Array.from({ length: 40 + Math.floor(next() * 60) }, word).join(" ");
  return { chunk, next };
}

function percentiles(samples: number[]): LatencyFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { p50Ms: Number(at(0.5).toFixed(2)), p99Ms: Number(at(0.99).toFixed(2)) };
}

async function timed<T>(samples: number[], run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await run();
  samples.push(performance.now() - started);
  return result;
}

async function measureRetrievalAt(chunkCount: number, queryCount = 200): Promise<RetrievalFigures> {
  const database = await createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
  try {
    const store = createPgvectorStore({ database });
    const status = await store.ensureReady();
    if (!status.ready) throw new Error(status.reason);
    const deps: RetrievalDeps = {
      database,
      vectorStore: store,
      embedder: createLocalEmbedder(),
      // The API's default budget (CHUNK_INDEX_MB).
      chunkIndexes: new ChunkIndexCache({ db: database.db, memoryMb: 1024 }),
      embedderMigrations: new EmbedderMigrations(),
    };
    // As createDeps wires it: a user's embedder state is resolved when their index loads.
    watchIndexLoads(deps);
    const [user] = await database.db
      .insert(users)
      .values({ email: "bench@example.test" })
      .returning({ id: users.id });
    const userId = user?.id ?? "";
    const { chunk, next } = corpus(42);

    // Indexed the way ingestion indexes (rows with codes, pgvector rows outside the HNSW graph).
    const loadStarted = performance.now();
    const texts: string[] = [];
    const perDocument = 1000;
    for (let start = 0; start < chunkCount; start += perDocument) {
      const count = Math.min(perDocument, chunkCount - start);
      const chunks = Array.from({ length: count }, (_, index) => {
        const text = chunk();
        texts.push(text);
        return { index, text, tokenCount: text.split(" ").length, location: null };
      });
      const [document] = await database.db
        .insert(documents)
        .values({
          userId,
          originalName: `bench-${start}.txt`,
          name: `bench-${start}.txt`,
          mimeType: "text/plain",
          size: 1,
        })
        .returning({ id: documents.id });
      const documentId = document?.id ?? "";
      await indexDocumentChunks({ deps, userId, documentId, agentId: null, category: null, chunks });
      // As the ingestion job does: the document answers searches once it is completed.
      await database.db.update(documents).set({ status: "completed" }).where(eq(documents.id, documentId));
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;

    // Questions made of a few words of a random chunk (so both legs have something to find).
    const queries = Array.from({ length: queryCount }, () => {
      const words = (texts[Math.floor(next() * texts.length)] ?? "").split(" ");
      const from = Math.floor(next() * Math.max(1, words.length - 4));
      return words.slice(from, from + 2 + Math.floor(next() * 3)).join(" ");
    });

    // The same questions with one letter of every word replaced: BM25 no longer matches them.
    const typo = (query: string) =>
      query
        .split(" ")
        .map((word) => {
          const at = Math.floor(next() * word.length);
          return `${word.slice(0, at)}${word[at] === "x" ? "q" : "x"}${word.slice(at + 1)}`;
        })
        .join(" ");
    const typoQueries = queries.map(typo);

    const embedder = createLocalEmbedder();
    const exactQuery = async (embedding: readonly number[], topK: number) => {
      // "+ 0" keeps the planner off any index: a sequential scan computing every distance.
      const literal = `[${embedding.join(",")}]`;
      const result = await database.db.execute(sql`
        select id, (embedding <=> ${literal}::vector) as distance
        from embeddings where user_id = ${userId} and embedder = ${embedder.id}
        order by (embedding <=> ${literal}::vector) + 0 limit ${topK}`);
      return ((result as unknown as { rows: { id: string; distance: number }[] }).rows ?? []).map((row) => ({
        id: row.id,
        score: 1 - Number(row.distance),
      }));
    };
    /** Float cosine of a chunk with the query, from the chunk's text (the vector pgvector holds). */
    const byId = new Map<string, string>();
    const chunkRows = await database.db.execute(
      sql`select id, text from document_chunks where user_id = ${userId}`,
    );
    for (const row of (chunkRows as unknown as { rows: { id: string; text: string }[] }).rows)
      byId.set(row.id, row.text);

    // The first search loads the user's index (postings and codes) from the database; then warm-up and the runs.
    const firstStarted = performance.now();
    await searchKnowledge({ deps, userId, query: queries[0] ?? "", topK: 5 });
    const firstSearchSeconds = (performance.now() - firstStarted) / 1000;
    for (const query of queries.slice(0, 10)) await searchKnowledge({ deps, userId, query, topK: 5 });
    const index = await deps.chunkIndexes.index(userId);
    const hybrid: number[] = [];
    const hybridTypos: number[] = [];
    const lexicalOnly: number[] = [];
    const denseMemory: number[] = [];
    const denseExact: number[] = [];
    let found = 0;
    let foundIds = 0;
    let skipped = 0;
    let skippedTypos = 0;
    let possible = 0;
    for (const [i, query] of queries.entries()) {
      const answer = await timed(hybrid, () => searchKnowledge({ deps, userId, query, topK: 5 }));
      if (answer.denseLeg === "skipped") skipped += 1;
      const typoAnswer = await timed(hybridTypos, () =>
        searchKnowledge({ deps, userId, query: typoQueries[i] ?? query, topK: 5 }),
      );
      if (typoAnswer.denseLeg === "skipped") skippedTypos += 1;
      await timed(lexicalOnly, async () =>
        searchLexical({
          db: database.db,
          searchable: await deps.chunkIndexes.get(userId),
          userId,
          query,
          limit: 50,
        }),
      );
      for (const question of [query, typoQueries[i] ?? query]) {
        const [vector] = await embedder.embed([question]);
        const embedding = vector ?? [];
        const memory = await timed(denseMemory, async () =>
          index.searchDense({ query: queryWeights(embedding), limit: 10 }),
        );
        const exact = await timed(denseExact, () => exactQuery(embedding, 10));
        // A result counts when its float cosine is at least the exact 10th's: equally distant chunks are
        // interchangeable (hashed vectors of unrelated text tie), so ids alone would under-count.
        const tenth = exact.at(-1)?.score ?? Number.NEGATIVE_INFINITY;
        const truth = new Set(exact.map((match) => match.id));
        for (const hit of memory ?? []) {
          const [chunkVector] = await embedder.embed([byId.get(hit.chunkId) ?? ""]);
          const cosine = (chunkVector ?? []).reduce((sum, value, d) => sum + value * (embedding[d] ?? 0), 0);
          if (truth.has(hit.chunkId) || cosine >= tenth - 1e-6) found += 1;
          if (truth.has(hit.chunkId)) foundIds += 1;
        }
        possible += exact.length;
      }
    }
    return {
      chunks: chunkCount,
      queries: queryCount,
      loadChunksPerSecond: Math.round(chunkCount / loadSeconds),
      firstSearchSeconds: Number(firstSearchSeconds.toFixed(2)),
      hybrid: percentiles(hybrid),
      hybridTypos: percentiles(hybridTypos),
      lexicalOnly: percentiles(lexicalOnly),
      denseMemory: percentiles(denseMemory),
      denseExact: percentiles(denseExact),
      recallAt10: Number((found / Math.max(1, possible)).toFixed(4)),
      idRecallAt10: Number((foundIds / Math.max(1, possible)).toFixed(4)),
      denseSkipped: Number((skipped / queries.length).toFixed(3)),
      denseSkippedTypos: Number((skippedTypos / queries.length).toFixed(3)),
    };
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const chunks = Number(process.argv[2] ?? 10_000);
  const queries = Number(process.argv[3] ?? 200);
  const figures = await measureRetrievalAt(chunks, queries);
  console.log(JSON.stringify(figures));
}
