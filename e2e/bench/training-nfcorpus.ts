// Issue 22's real test, through the built API: NFCorpus uploaded as the GTM Strategy agent's knowledge, its 323 test
// queries searched as that agent (POST /api/retrieval/search with agentId), a training job run on its own text only
// (no labels: POST /api/training-jobs), then the same queries again; both runs scored with the dataset's own scorer.
// Run alone with `npx tsx e2e/bench/training-nfcorpus.ts [--documents=N] [--epochs=N]` after building the API.
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { flag } from "./cli";
import { startIngestionServer } from "./ingestion-server";
import { DATA_DIR, documentFiles, readJsonLines, runScorer, searchQueries, uploadCorpus } from "./nfcorpus";

/** The agent whose knowledge the corpus becomes (any model type would do: the protocol is the same). */
const AGENT = "gtm";

type TrainingJobDetail = {
  status: string;
  error: string | null;
  dataset: { train: number; validation: number } | null;
  baseline: { ndcg10: number; top1: number } | null;
  epochMetrics: { epoch: number; milliseconds: number | null; validation: { ndcg10: number } | null }[];
  outcome: { applied: boolean; bestEpoch: number; summary: string } | null;
  startedAt: string | null;
  completedAt: string | null;
};

type TrainingBenchFigures = {
  documents: number;
  queries: number;
  before: { ndcg10: number; recall10: number };
  after: { ndcg10: number; recall10: number };
  job: TrainingJobDetail;
  jobSeconds: number;
};

async function measureTrainingOnNfcorpus({
  documents,
  epochs = 10,
}: {
  documents?: number;
  epochs?: number;
} = {}): Promise<TrainingBenchFigures> {
  const corpus = (
    await readJsonLines<{ _id: string; title?: string; text?: string }>(path.join(DATA_DIR, "corpus.jsonl"))
  )
    .slice(0, documents)
    .map((row) => ({ id: row._id, title: row.title ?? "", text: row.text ?? "" }));
  const queries = await readJsonLines<{ _id: string; text: string }>(path.join(DATA_DIR, "queries.jsonl"));
  const files = documentFiles(corpus);
  const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-training-"));
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
    await uploadCorpus(server, files, { agentId: AGENT });
    const beforeRun = path.join(dir, "before.txt");
    await searchQueries(server, queries, beforeRun, { agentId: AGENT });

    const started = performance.now();
    const created = await fetch(`${server.url}/api/training-jobs`, {
      method: "POST",
      headers: { origin: server.url, cookie: server.cookie, "content-type": "application/json" },
      body: JSON.stringify({ name: "NFCorpus, no labels", modelType: AGENT, epochs }),
    });
    if (created.status !== 201) throw new Error(`training job: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    let job: TrainingJobDetail;
    for (;;) {
      const response = await fetch(`${server.url}/api/training-jobs/${id}`, {
        headers: { cookie: server.cookie },
      });
      job = (await response.json()) as TrainingJobDetail;
      if (job.status === "completed") break;
      if (job.status === "failed") throw new Error(`the training job failed: ${job.error}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const jobSeconds = (performance.now() - started) / 1000;

    const afterRun = path.join(dir, "after.txt");
    await searchQueries(server, queries, afterRun, { agentId: AGENT });
    return {
      documents: files.length,
      queries: queries.length,
      before: await runScorer(dataDir, ["--score", beforeRun]),
      after: await runScorer(dataDir, ["--score", afterRun]),
      job,
      jobSeconds,
    };
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/** The table run.ts prints: the agent's retrieval before and after its training job, on the same queries and scorer. */
export async function trainingNfcorpusRows(options: { documents?: number; epochs?: number } = {}) {
  const f = await measureTrainingOnNfcorpus(options);
  const gain = f.after.ndcg10 - f.before.ndcg10;
  const perEpoch = f.job.epochMetrics.map((epoch) => epoch.milliseconds ?? 0);
  const meanEpoch = perEpoch.reduce((sum, ms) => sum + ms, 0) / Math.max(1, perEpoch.length);
  const rows = [
    ["agent's retrieval (POST /api/retrieval/search, agentId gtm)", "nDCG@10", "Recall@10", "target"],
    [
      `after its training job (${f.job.epochMetrics.length} epochs, ${f.job.dataset?.train ?? 0}/${f.job.dataset?.validation ?? 0} pairs from its own text, applied: ${f.job.outcome?.applied ?? false})`,
      f.after.ndcg10.toFixed(4),
      f.after.recall10.toFixed(4),
      `+0.01 or more, never lower: ${gain >= 0.01 ? "met" : gain >= 0 ? "NOT met (not lower)" : "NOT met (LOWER)"} (${gain >= 0 ? "+" : ""}${gain.toFixed(4)})`,
    ],
    [
      "baseline: the same agent untrained, same queries and scorer",
      f.before.ndcg10.toFixed(4),
      f.before.recall10.toFixed(4),
      "-",
    ],
    [
      `job: ${f.jobSeconds.toFixed(1)} s from start to completed; ${meanEpoch.toFixed(0)} ms per epoch on the worker thread`,
      "-",
      "-",
      f.job.outcome?.summary ?? "-",
    ],
  ];
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const documents = flag("documents");
  const epochs = flag("epochs");
  const rows = await trainingNfcorpusRows({
    ...(documents === undefined ? {} : { documents }),
    ...(epochs === undefined ? {} : { epochs }),
  });
  console.log(
    `\nTraining on NFCorpus with no labels${documents === undefined ? "" : `: first ${documents} documents only, a smoke run`}`,
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}
