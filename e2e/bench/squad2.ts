// SQuAD 2.0 through upload and chat (issue 28): 400 questions of the developers' half (200 answerable, 200 written to
// look answerable but not), sampled exactly as ../shared/benchmarks/squad2/eval_product.py --limit 400 samples them;
// the folder's 8 articles uploaded to the gtm agent of the API from source on PGlite; each question asked in a new gtm
// conversation through POST /api/chat, 2 at a time (eval_product's default), answered by the offline responder; the
// answers scored with a TypeScript port of squad_qa.py (squad2-metrics.ts) beside its three baselines on the same
// questions, plus answer latency. The run file is written and, when python3 is here, scored again by squad_qa.py.
//
// Data: SQuAD 2.0 (Rajpurkar, Jia and Liang, "Know What You Don't Know: Unanswerable Questions for SQuAD", 2018),
// CC BY-SA 4.0; the articles are Wikipedia's (CC BY-SA). Provenance and checksums: the folder's SOURCE.md.
//
// Run alone (to tune the responder):
//   npx tsx e2e/bench/squad2.ts [--limit=N] [--concurrency=N] [--seed=S] [--run-out=FILE]
// --limit=0 asks all 2,828 questions. The run file is squad_qa.py's format (plus diagnostic keys); score it again with
//   python3 ../shared/benchmarks/squad2/squad_qa.py --score FILE --subset
import { spawnSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chatResponseSchema } from "@acp/contracts/chat";
import type { DocumentDetail, UploadResponse } from "@acp/contracts/knowledge";
import { printTable } from "./cli";
import { type AnswerBenchApi, startAnswerBenchApi } from "./squad2-app";
import {
  baselines,
  containsAnswer,
  loadDocuments,
  loadQuestions,
  MAX_ANSWER_WORDS,
  type Metrics,
  metricLine,
  pyFixed,
  type Run,
  type RunRecord,
  runFileText,
  SQUAD2_DIR,
  type SquadQuestion,
  sampleQuestions,
  scorableGolds,
  scoreRun,
  squad2Available,
} from "./squad2-metrics";

/** eval_product.py's defaults and the issue's sample size. */
export const SQUAD2_LIMIT = 400;
export const SQUAD2_CONCURRENCY = 2;
const AGENT = "gtm";

/** Issue 28 "Done when", on these questions. */
const CONTAINS_LEAD_POINTS = 5; // over bm25-sentence, answers of at most 60 words containing a gold answer
const MEDIAN_WORDS_TARGET = 30;
const ABSTAINED_TARGET = 0.25;
const LATENCY_P95_TARGET_MS = 300;

const REFUSAL_RE =
  /\b(?:couldn't|could not|can't|cannot) find\b|\bdo(?:n't| not) know\b|\bnot (?:found|covered)\b/i;

export type Squad2Options = { limit?: number; concurrency?: number; seed?: string; runOut?: string };

type Asked = { record: RunRecord; chatMs: number; ok: boolean };

async function uploadArticles(
  api: AnswerBenchApi,
  docs: Map<string, string[]>,
): Promise<{ seconds: number; chunks: number }> {
  const started = performance.now();
  const form = new FormData();
  form.append("agentId", AGENT);
  for (const [title, paragraphs] of docs) {
    form.append("files", new Blob([`${paragraphs.join("\n\n")}\n`], { type: "text/plain" }), `${title}.txt`);
  }
  const upload = await api.request("/api/documents/upload", { method: "POST", body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { documents } = (await upload.json()) as UploadResponse;
  let chunks = 0;
  for (const document of documents) {
    for (const deadline = Date.now() + 900_000; ; ) {
      const read = await api.request(`/api/documents/${document.id}`);
      const detail = (await read.json()) as DocumentDetail;
      if (detail.document.status === "failed")
        throw new Error(`${document.originalName} failed: ${detail.document.error}`);
      if (detail.document.status === "completed") {
        chunks += detail.chunkCount;
        break;
      }
      if (Date.now() > deadline) throw new Error(`${document.originalName} still processing`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return { seconds: (performance.now() - started) / 1000, chunks };
}

/** One question in a new conversation: its run record (eval_product's to_record) and the chat call's time. */
async function askOne(api: AnswerBenchApi, q: SquadQuestion): Promise<Asked> {
  const failed = (error: string, chatMs = 0): Asked => ({
    record: { id: q.id, answer: "", abstained: false, cited: [], error },
    chatMs,
    ok: false,
  });
  const conversation = await api.request("/api/conversations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ agentType: AGENT, title: `SQuAD ${q.id}` }),
  });
  if (conversation.status !== 201) return failed(`conversation: HTTP ${conversation.status}`);
  const { id } = (await conversation.json()) as { id: string };
  const started = performance.now();
  const response = await api.request("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ conversationId: id, message: q.question }),
  });
  const body = await response.text();
  const chatMs = performance.now() - started;
  if (response.status !== 200) return failed(`HTTP ${response.status}: ${body.slice(0, 200)}`, chatMs);
  const message = chatResponseSchema.parse(JSON.parse(body)).message;
  const cited = message.sources.filter((source) => source.cited);
  const golds = scorableGolds(q.answers);
  const retrieved = message.sources.map((source) => source.excerpt).join("\n\n");
  return {
    record: {
      id: q.id,
      answer: message.content,
      abstained: cited.length === 0,
      cited: cited.map((source) => source.excerpt),
      status: message.status,
      seconds: Math.round(chatMs) / 1000,
      sources: message.sources.length,
      cited_documents: cited.map((source) => source.documentName),
      retrieved_gold: golds.length ? golds.some((g) => containsAnswer(retrieved, g)) : null,
      refusal_text: REFUSAL_RE.test(message.content),
      ...(message.status === "failed" ? { error: message.error ?? "failed" } : {}),
    },
    chatMs,
    ok: true,
  };
}

async function askAll(
  api: AnswerBenchApi,
  asked: readonly SquadQuestion[],
  concurrency: number,
): Promise<Asked[]> {
  const out: Asked[] = new Array(asked.length);
  let next = 0;
  let done = 0;
  const lane = async () => {
    while (next < asked.length) {
      const index = next++;
      const q = asked[index];
      if (!q) continue;
      out[index] = await askOne(api, q);
      done += 1;
      if (done % 100 === 0) console.log(`  squad2: asked ${done}/${asked.length}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  return out;
}

/** eval_product.py's percentile: the value at ceil(q * n) in sorted order. */
function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((q * sorted.length) / 100) - 1)] ?? Number.NaN;
}

/** squad_qa.py --score on the written run file, when python3 and the scorer are here: its metric line, or why not. */
function pythonScore(runFile: string): { line?: string; note?: string } {
  const scorer = path.join(SQUAD2_DIR, "squad_qa.py");
  const result = spawnSync("python3", [scorer, "--score", runFile, "--subset", "--name", "product"], {
    encoding: "utf8",
    timeout: 120_000,
  });
  if (result.error) return { note: `python3 not run (${result.error.message})` };
  if (result.status !== 0)
    return { note: `squad_qa.py exited ${result.status}: ${result.stderr.slice(-300)}` };
  return { line: result.stdout.trim().split("\n").at(-1) };
}

export type Squad2Result = {
  asked: number;
  product: Metrics;
  baselines: { name: string; metrics: Metrics }[];
  latency: { p50: number; p95: number };
  ingestSeconds: number;
  chunks: number;
  retrievedGold: { part: number; whole: number };
  errors: number;
  runFile: string;
  python: { line?: string; note?: string };
};

export async function measureSquad2(options: Squad2Options = {}): Promise<Squad2Result> {
  const limit = options.limit ?? SQUAD2_LIMIT;
  const concurrency = options.concurrency ?? SQUAD2_CONCURRENCY;
  const docs = loadDocuments();
  const questions = loadQuestions();
  const asked = sampleQuestions(questions, limit, options.seed ?? "squad2");
  const api = await startAnswerBenchApi();
  let answers: Asked[];
  let ingest: { seconds: number; chunks: number };
  try {
    ingest = await uploadArticles(api, docs);
    answers = await askAll(api, asked, concurrency);
  } finally {
    await api.stop();
  }
  const runFile =
    options.runOut ??
    path.join(os.tmpdir(), `squad2-product-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl`);
  await writeFile(runFile, runFileText(answers.map((a) => a.record)));
  // Scored as squad_qa.py reads the file back: the JSON round trip is the identity on these records.
  const run: Run = new Map(answers.map((a) => [a.record.id, a.record]));
  const ids = new Set(asked.map((q) => q.id));
  const latencies = answers
    .filter((a) => a.ok)
    .map((a) => a.chatMs)
    .sort((a, b) => a - b);
  const answerable = answers.filter((a, i) => a.ok && !asked[i]?.impossible);
  return {
    asked: asked.length,
    product: scoreRun(asked, run, true),
    baselines: baselines(docs, asked).map(({ name, run: baselineRun }) => ({
      name,
      metrics: scoreRun(asked, new Map([...baselineRun].filter(([id]) => ids.has(id)))),
    })),
    latency: { p50: percentile(latencies, 50), p95: percentile(latencies, 95) },
    ingestSeconds: ingest.seconds,
    chunks: ingest.chunks,
    retrievedGold: {
      part: answerable.filter((a) => a.record.retrieved_gold === true).length,
      whole: answerable.length,
    },
    errors: answers.filter((a) => !a.ok || a.record.error).length,
    runFile,
    python: pythonScore(runFile),
  };
}

const pct = (x: number) => `${pyFixed(100 * x, 1)} %`;
/** Answers of at most 60 words that contain a gold answer, over the answerable questions (the issue's measure). */
const containsWithin = (m: Metrics) => (m.answerable ? m.correct_answerable / m.answerable : 0);

/** The squad_qa.py lines of the product and the baselines, then the issue's targets. */
export function squad2Tables(r: Squad2Result): { lines: string[][]; targets: string[][] } {
  const productLine = metricLine("product", r.product);
  const agrees =
    r.python.line === undefined
      ? `not cross-checked: ${r.python.note}`
      : r.python.line === productLine
        ? "squad_qa.py --score on the run file prints the same line"
        : `squad_qa.py DIFFERS: ${r.python.line}`;
  const lines = [
    ["system", "squad_qa.py metric line (same questions)"],
    ["product (offline responder, via upload + chat)", productLine],
    ...r.baselines.map(({ name, metrics }) => [name, metricLine(name, metrics)]),
    ["scorer cross-check", agrees],
    [
      "run",
      `${r.asked} questions, run file ${r.runFile}; ingestion ${r.ingestSeconds.toFixed(1)} s (${r.chunks} chunks); ` +
        `a retrieved passage holds a gold answer for ${r.retrievedGold.part}/${r.retrievedGold.whole} answerable; ` +
        `${r.errors} errors`,
    ],
  ];
  const plain = r.baselines.find((b) => b.name === "bm25-sentence")?.metrics;
  const lead = plain ? 100 * (containsWithin(r.product) - containsWithin(plain)) : Number.NaN;
  const met = (ok: boolean) => (ok ? "met" : "NOT met");
  const targets = [
    ["measure", "product", "target"],
    [
      `answers of <= ${MAX_ANSWER_WORDS} words containing a gold answer (answerable)`,
      `${pct(containsWithin(r.product))} (bm25-sentence ${plain ? pct(containsWithin(plain)) : "-"}, ${lead >= 0 ? "+" : ""}${lead.toFixed(1)} points)`,
      `>= bm25-sentence + ${CONTAINS_LEAD_POINTS} points ${met(lead >= CONTAINS_LEAD_POINTS)}`,
    ],
    [
      "median answer length (answered)",
      `${r.product.words_median} words`,
      `<= ${MEDIAN_WORDS_TARGET} ${met(r.product.words_median <= MEDIAN_WORDS_TARGET)}`,
    ],
    [
      "unanswerable declined",
      pct(r.product.abstained),
      `>= ${ABSTAINED_TARGET * 100} % ${met(r.product.abstained >= ABSTAINED_TARGET)}`,
    ],
    [
      `answer latency (POST /api/chat, ${SQUAD2_CONCURRENCY} at a time)`,
      `p50 ${r.latency.p50.toFixed(0)} ms, p95 ${r.latency.p95.toFixed(0)} ms`,
      `p95 <= ${LATENCY_P95_TARGET_MS} ms ${met(r.latency.p95 <= LATENCY_P95_TARGET_MS)}`,
    ],
  ];
  return { lines, targets };
}

/** For `npm run bench`: both tables, or a line saying why SQuAD was not measured. */
export async function printSquad2(options: Squad2Options = {}): Promise<void> {
  const title = `SQuAD 2.0 through upload and chat (developers' half, ${options.limit ?? SQUAD2_LIMIT} questions sampled as eval_product.py --limit, half unanswerable; the API from source on PGlite, offline responder; CC BY-SA 4.0)`;
  if (!squad2Available()) {
    printTable(title, [["not measured"], [`no SQuAD folder at ${SQUAD2_DIR}`]]);
    return;
  }
  const tables = squad2Tables(await measureSquad2(options));
  printTable(title, tables.lines);
  printTable("SQuAD 2.0 against issue 28's targets (same run)", tables.targets);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const value = (name: string) =>
    process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name: string) => (value(name) === undefined ? undefined : Number(value(name)));
  await printSquad2({
    ...(number("limit") !== undefined ? { limit: number("limit") } : {}),
    ...(number("concurrency") !== undefined ? { concurrency: number("concurrency") } : {}),
    ...(value("seed") !== undefined ? { seed: value("seed") } : {}),
    ...(value("run-out") !== undefined ? { runOut: path.resolve(value("run-out") ?? "") } : {}),
  });
}
