// One retrieval measurement in its own process: N generated chunks on pgvector (PGlite), hybrid and dense latency, ANN recall.
// Usage: tsx e2e/bench/retrieval-measure.ts <chunks> [queries]; prints one JSON line (RetrievalFigures) last.
import { createDatabase, IN_MEMORY_DATA_DIR } from "@acp/api/src/db/create-database";
import { documents, users } from "@acp/api/src/db/schema";
import { createLocalEmbedder } from "@acp/api/src/providers/embedder/local-embedder";
import { createPgvectorStore } from "@acp/api/src/providers/vector-store/pgvector";
import type { VectorStore } from "@acp/api/src/providers/vector-store/vector-store";
import { indexDocumentChunks } from "@acp/api/src/services/retrieval/index-document";
import type { RetrievalDeps } from "@acp/api/src/services/retrieval/retrieval-deps";
import { searchKnowledge } from "@acp/api/src/services/retrieval/search-knowledge";
import { sql } from "drizzle-orm";

export type LatencyFigures = { p50Ms: number; p99Ms: number };
export type RetrievalFigures = {
  chunks: number;
  queries: number;
  loadSeconds: number;
  indexBuildSeconds: number;
  hybrid: LatencyFigures;
  hybridExact: LatencyFigures;
  denseAnn: LatencyFigures;
  denseExact: LatencyFigures;
  /** ANN results at least as close as the exact 10th, over 10. */
  recallAt10: number;
  /** ANN results whose id is among the exact top 10, over 10 (ties make this lower than recallAt10). */
  idRecallAt10: number;
  /** Share of the hybrid searches that BM25 decided alone (the dense leg could not change them, so it did not run). */
  denseSkipped: number;
};

/** Deterministic pseudo-random numbers (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  "ka ri to ne su ma lo vi den tar mon sel gra pel cor fin bas lun quo zen rak mir sol ter".split(" ");

/** A vocabulary of made-up words and a Zipf-like sampler over it: a few words are common, most are rare. */
function corpus(seed: number) {
  const next = random(seed);
  const vocabulary = Array.from({ length: 20_000 }, () => {
    const length = 2 + Math.floor(next() * 3);
    return Array.from({ length }, () => SYLLABLES[Math.floor(next() * SYLLABLES.length)]).join("");
  });
  const word = () => vocabulary[Math.floor(vocabulary.length * next() ** 3)] ?? "ka";
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

export async function measureRetrievalAt(chunkCount: number, queryCount = 200): Promise<RetrievalFigures> {
  const database = await createDatabase({ databaseUrl: undefined, dataDir: IN_MEMORY_DATA_DIR });
  try {
    const store = createPgvectorStore({ database });
    const status = await store.ensureReady();
    if (!status.ready) throw new Error(status.reason);
    const deps: RetrievalDeps = { database, vectorStore: store, embedder: createLocalEmbedder() };
    const [user] = await database.db
      .insert(users)
      .values({ email: "bench@example.test" })
      .returning({ id: users.id });
    const userId = user?.id ?? "";
    const { chunk, next } = corpus(42);

    // Bulk load, then build the HNSW index (DESIGN 2: ~7x faster than inserting into the index row by row).
    await database.db.execute(sql`drop index if exists embeddings_embedding_hnsw_cosine_index`);
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
      await indexDocumentChunks({
        deps,
        userId,
        documentId: document?.id ?? "",
        agentId: null,
        category: null,
        chunks,
      });
    }
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const buildStarted = performance.now();
    // The graph must fit in maintenance_work_mem (PGlite's default is 64 MB, ~10k vectors): beyond, pgvector
    // builds on disk, which took over 40 minutes for 100k vectors here.
    await database.db.execute(sql`set maintenance_work_mem = '1200MB'`);
    await database.db.execute(
      sql`create index embeddings_embedding_hnsw_cosine_index on embeddings using hnsw (embedding vector_cosine_ops)`,
    );
    const indexBuildSeconds = (performance.now() - buildStarted) / 1000;

    // Questions made of a few words of a random chunk (so both legs have something to find).
    const queries = Array.from({ length: queryCount }, () => {
      const words = (texts[Math.floor(next() * texts.length)] ?? "").split(" ");
      const from = Math.floor(next() * Math.max(1, words.length - 4));
      return words.slice(from, from + 2 + Math.floor(next() * 3)).join(" ");
    });

    const embedder = createLocalEmbedder();
    const exactQuery: VectorStore["query"] = async ({ userId: owner, embedding, topK, filter }) => {
      // "+ 0" keeps the planner off the HNSW index: a sequential scan computing every distance.
      const literal = `[${embedding.join(",")}]`;
      const result = await database.db.execute(sql`
        select id, document_id, agent_id, chunk, embedder, (embedding <=> ${literal}::vector) as distance
        from embeddings where user_id = ${owner} ${filter?.embedder ? sql`and embedder = ${filter.embedder}` : sql``}
        order by (embedding <=> ${literal}::vector) + 0 limit ${topK}`);
      return (
        (result as unknown as { rows: unknown[] }).rows as {
          id: string;
          document_id: string | null;
          agent_id: string | null;
          chunk: string;
          embedder: string;
          distance: number;
        }[]
      ).map((row) => ({
        id: row.id,
        documentId: row.document_id,
        agentId: row.agent_id,
        chunk: row.chunk,
        embedder: row.embedder,
        score: 1 - Number(row.distance),
      }));
    };
    const exactDeps: RetrievalDeps = { ...deps, vectorStore: { ...store, query: exactQuery } };

    // Warm-up (plans, caches), then the measured runs.
    for (const query of queries.slice(0, 10)) await searchKnowledge({ deps, userId, query, topK: 5 });
    const hybrid: number[] = [];
    const hybridExact: number[] = [];
    const denseAnn: number[] = [];
    const denseExact: number[] = [];
    let found = 0;
    let foundIds = 0;
    let skipped = 0;
    let possible = 0;
    for (const query of queries) {
      const answer = await timed(hybrid, () => searchKnowledge({ deps, userId, query, topK: 5 }));
      if (answer.denseLeg === "skipped") skipped += 1;
      await timed(hybridExact, () => searchKnowledge({ deps: exactDeps, userId, query, topK: 5 }));
      const [vector] = await embedder.embed([query]);
      const embedding = vector ?? [];
      const filter = { embedder: embedder.id };
      const ann = await timed(denseAnn, () => store.query({ userId, embedding, topK: 10, filter }));
      const exact = await timed(denseExact, () => exactQuery({ userId, embedding, topK: 10, filter }));
      // A result counts when it is at least as close as the exact 10th: equally distant chunks are
      // interchangeable (hashed vectors of unrelated text often tie), so ids alone would under-count.
      const tenth = exact.at(-1)?.score ?? Number.NEGATIVE_INFINITY;
      const truth = new Set(exact.map((match) => match.id));
      found += ann.filter((match) => truth.has(match.id) || match.score >= tenth - 1e-6).length;
      foundIds += ann.filter((match) => truth.has(match.id)).length;
      possible += exact.length;
    }
    return {
      chunks: chunkCount,
      queries: queryCount,
      loadSeconds: Number(loadSeconds.toFixed(1)),
      indexBuildSeconds: Number(indexBuildSeconds.toFixed(1)),
      hybrid: percentiles(hybrid),
      hybridExact: percentiles(hybridExact),
      denseAnn: percentiles(denseAnn),
      denseExact: percentiles(denseExact),
      recallAt10: Number((found / Math.max(1, possible)).toFixed(4)),
      idRecallAt10: Number((foundIds / Math.max(1, possible)).toFixed(4)),
      denseSkipped: Number((skipped / queries.length).toFixed(3)),
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
