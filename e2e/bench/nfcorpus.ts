// NFCorpus (BEIR test split) through the built API: every abstract uploaded as a .txt, the 323 queries searched, scored
// with the dataset's own scorer (bm25_baseline.py) beside its BM25 baseline computed in the same run.
// Run alone with `npm run bench:retrieval` (builds the API first) or `npx tsx e2e/bench/nfcorpus.ts [--documents=N]`.
import { execFile } from "node:child_process";
import { createReadStream } from "node:fs";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { promisify } from "node:util";
import { flag } from "./cli";
import { type IngestionServer, startIngestionServer } from "./ingestion-server";

export const DATA_DIR = "/work/shared/benchmarks/nfcorpus";
const SCORER = path.join(DATA_DIR, "bm25_baseline.py");
/** The most files one upload request takes (the API's MAX_FILES_PER_UPLOAD). */
const FILES_PER_REQUEST = 50;
/** The assignment's depth: the product answers with its top 10, the metrics are cut at 10. */
const TOP_K = 10;

type NfcorpusFigures = {
  documents: number;
  queries: number;
  /** First upload request sent to every document completed. */
  ingestSeconds: number;
  /** Search latency over the 323 queries, sequential. */
  search: { p50Ms: number; p99Ms: number };
  ours: { ndcg10: number; recall10: number };
  bm25: { ndcg10: number; recall10: number };
  /** Queries the API answered with no result at all (they score 0). */
  unanswered: number;
};

type CorpusDocument = { id: string; title: string; text: string };

export async function readJsonLines<T>(file: string): Promise<T[]> {
  const rows: T[] = [];
  for await (const line of createInterface({ input: createReadStream(file, "utf8"), crlfDelay: Infinity })) {
    if (line.trim()) rows.push(JSON.parse(line) as T);
  }
  return rows;
}

/**
 * The file each document is uploaded as: title, a blank line, then text, as the baseline indexes it. The API
 * recognises a second upload of the same bytes as a duplicate (one document), but NFCorpus judges both ids of its
 * 40 identical pairs, so a repeated body gets trailing newlines: different bytes, the same words.
 */
export function documentFiles(corpus: readonly CorpusDocument[]): { name: string; body: string }[] {
  const seen = new Map<string, number>();
  return corpus.map((doc) => {
    const text = `${doc.title}\n\n${doc.text}`;
    const copies = seen.get(text) ?? 0;
    seen.set(text, copies + 1);
    return { name: `${doc.id}.txt`, body: text + "\n".repeat(copies) };
  });
}

/**
 * Runs the dataset's scorer over the data in `dataDir`; its figures are parsed from the lines it prints
 * (`nDCG@10    0.3045`). It warns on stderr when the data is not the published files (a smoke run's subset).
 */
export async function runScorer(
  dataDir: string,
  args: string[],
): Promise<{ ndcg10: number; recall10: number }> {
  const { stdout } = await promisify(execFile)("python3", [SCORER, "--data-dir", dataDir, ...args], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const figure = (name: string) => {
    const match = new RegExp(`^${name}\\s+([0-9.]+)`, "m").exec(stdout);
    if (!match?.[1]) throw new Error(`the scorer printed no ${name}:\n${stdout}`);
    return Number(match[1]);
  };
  return { ndcg10: figure("nDCG@10"), recall10: figure("Recall@10") };
}

function percentile(sorted: readonly number[], q: number): number {
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
}

/** Uploads `files` (for `agentId`, when given) and waits until every one is completed; a failure or duplicate throws. */
export async function uploadCorpus(
  server: IngestionServer,
  files: readonly { name: string; body: string }[],
  { agentId }: { agentId?: string } = {},
): Promise<void> {
  for (let start = 0; start < files.length; start += FILES_PER_REQUEST) {
    const form = new FormData();
    if (agentId) form.append("agentId", agentId);
    for (const file of files.slice(start, start + FILES_PER_REQUEST)) {
      form.append("files", new Blob([file.body], { type: "text/plain" }), file.name);
    }
    const response = await fetch(`${server.url}/api/documents/upload`, {
      method: "POST",
      headers: { origin: server.url, cookie: server.cookie },
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
    const answer = (await response.json()) as { documents: { duplicate: boolean; name: string }[] };
    const duplicate = answer.documents.find((document) => document.duplicate);
    if (duplicate) throw new Error(`${duplicate.name} was taken as a duplicate: its id would be lost`);
  }
  for (;;) {
    const response = await fetch(`${server.url}/api/documents`, { headers: { cookie: server.cookie } });
    const list = (await response.json()) as { status: string; name: string; error: string | null }[];
    const failed = list.find((document) => document.status === "failed");
    if (failed) throw new Error(`${failed.name} failed: ${failed.error}`);
    if (list.length === files.length && list.every((document) => document.status === "completed")) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Searches every query (within `agentId`'s knowledge, as its retrieval, when given) and writes a TREC run file: the
 * API's order kept through descending made-up scores (the scorer sorts by score and keeps a document's first line,
 * so a document found through two chunks counts once, at its better rank).
 */
export async function searchQueries(
  server: IngestionServer,
  queries: readonly { _id: string; text: string }[],
  runFile: string,
  { agentId }: { agentId?: string } = {},
): Promise<{ latencies: number[]; unanswered: number }> {
  const lines: string[] = [];
  const latencies: number[] = [];
  let unanswered = 0;
  for (const query of queries) {
    const sent = performance.now();
    const results = await server.search(server.cookie, query.text, TOP_K, agentId);
    latencies.push(performance.now() - sent);
    if (results.length === 0) unanswered += 1;
    results.forEach((result, rank) => {
      const corpusId = result.documentName.replace(/\.txt$/, "");
      lines.push(`${query._id} Q0 ${corpusId} ${rank + 1} ${TOP_K - rank} acp`);
    });
  }
  await writeFile(runFile, `${lines.join("\n")}\n`);
  return { latencies, unanswered };
}

/** `documents` below the corpus size uploads only the first ones: a smoke run (the figures are then meaningless). */
async function measureNfcorpus({ documents }: { documents?: number } = {}): Promise<NfcorpusFigures> {
  const corpus = (
    await readJsonLines<{ _id: string; title?: string; text?: string }>(path.join(DATA_DIR, "corpus.jsonl"))
  )
    .slice(0, documents)
    .map((row) => ({ id: row._id, title: row.title ?? "", text: row.text ?? "" }));
  const queries = await readJsonLines<{ _id: string; text: string }>(path.join(DATA_DIR, "queries.jsonl"));
  const files = documentFiles(corpus);
  const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-nfcorpus-"));
  // A smoke run's baseline indexes the same subset, so the two rows stay comparable.
  let dataDir = DATA_DIR;
  if (documents !== undefined) {
    dataDir = path.join(dir, "subset");
    await mkdir(dataDir);
    const lines = corpus.map((doc) => JSON.stringify({ _id: doc.id, title: doc.title, text: doc.text }));
    await writeFile(path.join(dataDir, "corpus.jsonl"), `${lines.join("\n")}\n`);
    for (const name of ["queries.jsonl", "qrels-test.tsv"]) {
      await copyFile(path.join(DATA_DIR, name), path.join(dataDir, name));
    }
  }
  const server = await startIngestionServer();
  try {
    const started = performance.now();
    await uploadCorpus(server, files);
    const ingestSeconds = (performance.now() - started) / 1000;

    const runFile = path.join(dir, "acp-run.txt");
    const { latencies, unanswered } = await searchQueries(server, queries, runFile);
    latencies.sort((a, b) => a - b);
    return {
      documents: files.length,
      queries: queries.length,
      ingestSeconds,
      search: { p50Ms: percentile(latencies, 0.5), p99Ms: percentile(latencies, 0.99) },
      ours: await runScorer(dataDir, ["--score", runFile]),
      bm25: await runScorer(dataDir, []),
      unanswered,
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The table run.ts prints: the product's nDCG@10 and Recall@10 beside plain BM25 on the same data and metric code. */
export async function nfcorpusRows(options: { documents?: number } = {}): Promise<string[][]> {
  const f = await measureNfcorpus(options);
  const met = f.ours.ndcg10 >= f.bm25.ndcg10;
  return [
    ["system", "nDCG@10", "Recall@10", "ingestion", "search", "target"],
    [
      `ours: upload -> completed -> POST /api/retrieval/search (topK ${TOP_K}), built API, PGlite`,
      f.ours.ndcg10.toFixed(4),
      f.ours.recall10.toFixed(4),
      `${f.documents} documents in ${f.ingestSeconds.toFixed(1)} s`,
      `p50 ${f.search.p50Ms} ms, p99 ${f.search.p99Ms} ms; ${f.unanswered}/${f.queries} queries answered nothing`,
      `nDCG@10 >= BM25 (DESIGN 5): ${met ? "met" : "NOT met"}`,
    ],
    [
      "baseline: plain BM25 (k1 0.9, b 0.4, no stemming), the dataset's bm25_baseline.py, same scorer",
      f.bm25.ndcg10.toFixed(4),
      f.bm25.recall10.toFixed(4),
      "-",
      "-",
      "-",
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const documents = flag("documents");
  const rows = await nfcorpusRows(documents === undefined ? {} : { documents });
  console.log(
    `\nNFCorpus (BEIR test split, 3,633 abstracts, 323 queries, graded relevance)${documents === undefined ? "" : `: first ${documents} documents only, a smoke run`}`,
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}
