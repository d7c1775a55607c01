// Search latency while a large file ingests (DESIGN 9, issue 19): two users' searches idle, then while user A's big CSV
// is uploaded and ingested, on PGlite and on a throwaway PostgreSQL database.
// Run alone with `npx tsx e2e/bench/search-under-ingestion.ts [--csv-mb=200] [--searches=200]` after building the API.
import { openAsBlob } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { seededRandom as random } from "@acp/api/src/lib/seeded-random";
import { databaseUrl } from "../support/env";
import { flag } from "./cli";
import { writeCsv } from "./ingestion-memory";
import { type IngestionServer, startIngestionServer } from "./ingestion-server";
import { withThrowawayPostgres } from "./throwaway-postgres";

/** Issue 19: another user's search p95 while a file ingests stays within 2x of idle. */
const OTHER_USER_P95_FACTOR = 2;
/** Issue 19: the uploader's own search p95 while their file ingests stays within 3x of idle. */
const UPLOADER_P95_FACTOR = 3;

export type Latencies = { p50Ms: number; p95Ms: number; maxMs: number; count: number };
type UnderIngestionFigures = {
  engine: string;
  /** Chunks each user had before the big upload (completed documents). */
  chunksA: number;
  chunksB: number;
  csvBytes: number;
  /** Upload start to the CSV completed. */
  ingestSeconds: number;
  csvChunks: number;
  status: string;
  idle: { a: Latencies; b: Latencies };
  during: { a: Latencies; b: Latencies };
};

const SYLLABLES = "ka ri to ne su ma lo vi den tar mon sel gra pel cor fin bas lun quo zen".split(" ");

/** A user's own made-up vocabulary with a Zipf-like sampler: their documents and their questions use it. */
export function userWords(seed: number): () => string {
  const next = random(seed);
  const vocabulary = Array.from({ length: 8_000 }, () =>
    Array.from(
      { length: 2 + Math.floor(next() * 3) },
      () => SYLLABLES[Math.floor(next() * SYLLABLES.length)],
    ).join(""),
  );
  return () => vocabulary[Math.floor(vocabulary.length * next() ** 3)] ?? "ka";
}

/** `files` text documents of about `wordsEach` words in paragraphs of sentences (a few hundred chunks in all). */
export function userDocuments(word: () => string, files: number, wordsEach: number): string[] {
  return Array.from({ length: files }, () => {
    const paragraphs: string[] = [];
    for (let words = 0; words < wordsEach; words += 120) {
      const sentences = Array.from({ length: 8 }, () => `${Array.from({ length: 15 }, word).join(" ")}.`);
      paragraphs.push(sentences.join(" "));
    }
    return paragraphs.join("\n\n");
  });
}

export function latencies(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return {
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    maxMs: Number((sorted.at(-1) ?? 0).toFixed(1)),
    count: sorted.length,
  };
}

export async function uploadAll(
  server: IngestionServer,
  cookie: string,
  prefix: string,
  texts: string[],
): Promise<number> {
  let chunks = 0;
  for (const [i, text] of texts.entries()) {
    const id = await server.upload(`${prefix}-${i}.txt`, new Blob([text]), cookie);
    const done = await server.waitDone(id, 10 * 60_000, cookie);
    if (done.status !== "completed") throw new Error(`${prefix}-${i}.txt: ${done.status} ${done.error}`);
    chunks += done.chunkCount;
  }
  return chunks;
}

/** One search as the user, timed; the question is four words of their vocabulary. */
export async function timedSearch(
  server: IngestionServer,
  cookie: string,
  word: () => string,
): Promise<number> {
  const query = Array.from({ length: 4 }, word).join(" ");
  const sent = performance.now();
  await server.search(cookie, query, 5);
  return performance.now() - sent;
}

async function measureSearchUnderIngestion({
  engine,
  databaseUrl: url,
  csvMegabytes = 200,
  searches = 200,
}: {
  engine: string;
  databaseUrl?: string;
  csvMegabytes?: number;
  searches?: number;
}): Promise<UnderIngestionFigures> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-under-"));
  const server = await startIngestionServer(url ? { DATABASE_URL: url } : {});
  try {
    const csv = path.join(dir, "large.csv");
    // At 200 MB, stay under the upload limit (MiB) with the header and last row, as ingestion-memory.ts does.
    const csvBytes = await writeCsv(
      csv,
      csvMegabytes * 1024 * 1024 - (csvMegabytes >= 200 ? 2 * 1024 * 1024 : 0),
    );
    const cookieA = server.cookie;
    const cookieB = await server.signUp("Other");
    const wordA = userWords(1);
    const wordB = userWords(2);
    // About 300 chunks each: two files of ~36k words (chunks are ~800 tokens).
    const chunksA = await uploadAll(server, cookieA, "a", userDocuments(wordA, 2, 36_000));
    const chunksB = await uploadAll(server, cookieB, "b", userDocuments(wordB, 2, 36_000));

    const idleRun = async (cookie: string, word: () => string) => {
      for (let i = 0; i < 10; i++) await timedSearch(server, cookie, word); // warm-up: index loaded, code paths hot
      const samples: number[] = [];
      for (let i = 0; i < searches; i++) samples.push(await timedSearch(server, cookie, word));
      return latencies(samples);
    };
    // Both users at once, as during the ingestion below, so the two phases differ only by the ingestion.
    const [idleA, idleB] = await Promise.all([idleRun(cookieA, wordA), idleRun(cookieB, wordB)]);
    const idle = { a: idleA, b: idleB };

    let ingesting = true;
    const busyRun = async (cookie: string, word: () => string) => {
      const samples: number[] = [];
      while (ingesting) samples.push(await timedSearch(server, cookie, word));
      return latencies(samples);
    };
    const started = performance.now();
    const searchesA = busyRun(cookieA, wordA);
    const searchesB = busyRun(cookieB, wordB);
    let done: Awaited<ReturnType<IngestionServer["waitDone"]>>;
    try {
      const id = await server.upload("large.csv", await openAsBlob(csv), cookieA);
      done = await server.waitDone(id, 90 * 60_000, cookieA);
    } finally {
      ingesting = false;
    }
    const ingestSeconds = (performance.now() - started) / 1000;
    return {
      engine,
      chunksA,
      chunksB,
      csvBytes,
      ingestSeconds,
      csvChunks: done.chunkCount,
      status: done.status === "completed" ? "completed" : `${done.status}: ${done.error}`,
      idle,
      during: { a: await searchesA, b: await searchesB },
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const cell = (l: Latencies) => `p50 ${l.p50Ms} / p95 ${l.p95Ms} / max ${l.maxMs} ms (${l.count})`;
const verdict = (busy: Latencies, idle: Latencies, factor: number) => {
  const ratio = busy.p95Ms / Math.max(idle.p95Ms, 0.1);
  return `${ratio.toFixed(2)}x; <= ${factor}x ${ratio <= factor ? "met" : "NOT met"}`;
};

/** The table run.ts prints: per engine and user, idle latency (the baseline) beside latency while A's CSV ingests. */
export async function searchUnderIngestionRows(
  options: { csvMegabytes?: number; searches?: number } = {},
): Promise<string[][]> {
  const rows = [
    [
      "engine",
      "user",
      "chunks before",
      "search idle (baseline)",
      "search while A's CSV ingests",
      "p95 busy / idle; target",
      "A's CSV upload -> completed",
    ],
  ];
  const add = (f: UnderIngestionFigures) => {
    const ingestion = `${(f.csvBytes / 1024 / 1024).toFixed(0)} MB, ${f.csvChunks} chunks, ${f.ingestSeconds.toFixed(1)} s (${f.status})`;
    rows.push([
      f.engine,
      "B (other user)",
      String(f.chunksB),
      cell(f.idle.b),
      cell(f.during.b),
      verdict(f.during.b, f.idle.b, OTHER_USER_P95_FACTOR),
      ingestion,
    ]);
    rows.push([
      f.engine,
      "A (uploader)",
      String(f.chunksA),
      cell(f.idle.a),
      cell(f.during.a),
      verdict(f.during.a, f.idle.a, UPLOADER_P95_FACTOR),
      "",
    ]);
  };
  add(await measureSearchUnderIngestion({ engine: "PGlite (embedded default)", ...options }));
  if (databaseUrl) {
    const serverUrl = databaseUrl;
    add(
      await withThrowawayPostgres(serverUrl, (url) =>
        measureSearchUnderIngestion({
          engine: "PostgreSQL (throwaway database)",
          databaseUrl: url,
          ...options,
        }),
      ),
    );
  } else {
    rows.push(["PostgreSQL", "not measured: set DATABASE_URL to a PostgreSQL server", "", "", "", "", ""]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const csvMegabytes = flag("csv-mb") ?? 200;
  const rows = await searchUnderIngestionRows({ csvMegabytes, searches: flag("searches") ?? 200 });
  console.log(
    `\nSearch while a ${csvMegabytes} MB CSV ingests (built API, top-5, sequential searches per user)`,
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((c, column) => c.padEnd(widths[column] ?? 0)).join("  "));
}
