// The built-in trainer on NFCorpus through its facade: an agent trained on its own text (no labels), its 323 test queries scored before and after.
// Every abstract is indexed in process as one chunk (title + text); the training pairs are drawn from the corpus text
// only (buildTrainerDataset), their fused candidates come from our retrieval (searchKnowledge), the ranker is trained
// (trainAgentRanker) and decoded, and the test queries go through our retrieval, then rerankCandidates. Both runs are
// scored with the dataset's own scorer (bm25_baseline.py --score).
// Run with `npx tsx e2e/bench/trainer-nfcorpus.ts [--documents=N] [--pairs=N] [--epochs=N] [--seed=N] [--timing]`;
// --timing also trains on 1,000 and 10,000 pairs and prints the time per epoch of each.
// Measured (all 3,633 abstracts, 8,000 keyword pairs, 10 epochs): seed 1, nDCG@10 0.3243 -> 0.3366 and Recall@10
// 0.1577 -> 0.1635, validation gain 0.0163 +- 0.0031 (gate passed), 180 ms per epoch, 49 KiB artifact, re-ranking
// 4.5 ms per query; --timing: 31 ms per epoch at 1,000 pairs, 292 ms at 10,000.
import { execFile } from "node:child_process";
import { copyFile, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { createDatabase } from "@acp/api/src/db/create-database";
import {
  decodeAgentRanker,
  RERANK_DEPTH,
  rerankCandidates,
} from "@acp/api/src/services/retrieval/rerank/agent-ranker";
import { searchKnowledge } from "@acp/api/src/services/retrieval/search-knowledge";
import {
  type AgentRankerTraining,
  buildTrainerDataset,
  type TrainerPassage,
  trainAgentRanker,
} from "@acp/api/src/services/training/trainer/agent-ranker";
import { indexTexts, insertUser, retrievalDeps } from "@acp/api/src/test/retrieval";
import { testConfig } from "@acp/api/src/test/test-app";
import { flag } from "./cli";
import { DATA_DIR, readJsonLines } from "./nfcorpus";

const SCORER = path.join(DATA_DIR, "bm25_baseline.py");
/** The product answers with its top 10; the metrics are cut at 10. */
const TOP_K = 10;

/** The dataset's scorer over a TREC run file; its figures are parsed from the lines it prints. */
async function score(dataDir: string, runFile: string): Promise<{ ndcg10: number; recall10: number }> {
  const { stdout } = await promisify(execFile)(
    "python3",
    [SCORER, "--data-dir", dataDir, "--score", runFile],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  const figure = (name: string) => {
    const match = new RegExp(`^${name}\\s+([0-9.]+)`, "m").exec(stdout);
    if (!match?.[1]) throw new Error(`the scorer printed no ${name}:\n${stdout}`);
    return Number(match[1]);
  };
  return { ndcg10: figure("nDCG@10"), recall10: figure("Recall@10") };
}

const documents = flag("documents");
const maxPairs = flag("pairs");
const epochs = flag("epochs") ?? 10;
const seed = flag("seed") ?? 1;
const timing = process.argv.includes("--timing");

const corpus = (
  await readJsonLines<{ _id: string; title?: string; text?: string }>(path.join(DATA_DIR, "corpus.jsonl"))
)
  .slice(0, documents)
  .map((row) => ({ id: row._id, text: `${row.title ?? ""}\n\n${row.text ?? ""}` }));
const queries = await readJsonLines<{ _id: string; text: string }>(path.join(DATA_DIR, "queries.jsonl"));
const dir = await mkdtemp(path.join(os.tmpdir(), "acp-bench-trainer-"));
let dataDir = DATA_DIR;
if (documents !== undefined) {
  // A smoke run is scored against the subset it indexed.
  dataDir = path.join(dir, "subset");
  await mkdir(dataDir);
  const lines = corpus.map((doc) => JSON.stringify({ _id: doc.id, title: "", text: doc.text }));
  await writeFile(path.join(dataDir, "corpus.jsonl"), `${lines.join("\n")}\n`);
  for (const name of ["queries.jsonl", "qrels-test.tsv"])
    await copyFile(path.join(DATA_DIR, name), path.join(dataDir, name));
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const perEpoch = (result: AgentRankerTraining) =>
  result.epochs.reduce((sum, epoch) => sum + epoch.milliseconds, 0) / Math.max(1, result.epochs.length);

const database = await createDatabase(testConfig({}, { DATA_DIR: "memory://" }));
try {
  const deps = retrievalDeps(database);
  const userId = await insertUser(database);
  const indexStarted = performance.now();
  const passages: TrainerPassage[] = [];
  const corpusIdOf = new Map<string, string>();
  for (const doc of corpus) {
    const documentId = await indexTexts(deps, userId, [doc.text], { name: `${doc.id}.txt` });
    // The corpus id groups the passages (the split by document is then the same on every run; the product's
    // document ids are new on every run).
    passages.push({ id: `${documentId}:0`, documentId: doc.id, text: doc.text });
    corpusIdOf.set(`${documentId}:0`, doc.id);
  }
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  console.log(`indexed ${corpus.length} abstracts in ${seconds(indexStarted)}`);

  /** Our retrieval's fused candidates (above the relevance threshold, as the product answers), best first. */
  const fused = async (query: string, topK: number): Promise<TrainerPassage[]> => {
    const { results } = await searchKnowledge({ deps, userId, query, topK });
    return results.flatMap((result) => byId.get(result.chunkId) ?? []);
  };
  const runFile = async (name: string, ranked: ReadonlyMap<string, readonly TrainerPassage[]>) => {
    const lines: string[] = [];
    for (const [queryId, list] of ranked) {
      for (const [rank, passage] of list.slice(0, TOP_K).entries()) {
        lines.push(`${queryId} Q0 ${corpusIdOf.get(passage.id)} ${rank + 1} ${TOP_K - rank} acp`);
      }
    }
    const file = path.join(dir, `${name}.txt`);
    await writeFile(file, `${lines.join("\n")}\n`);
    return score(dataDir, file);
  };

  const shown = new Map<string, TrainerPassage[]>();
  const deep = new Map<string, TrainerPassage[]>();
  for (const query of queries) {
    shown.set(query._id, await fused(query.text, TOP_K));
    deep.set(query._id, await fused(query.text, RERANK_DEPTH));
  }
  const before = await runFile("before", shown);

  const train = async (pairs: number | undefined) => {
    const dataset = buildTrainerDataset(passages, {
      seed,
      ...(pairs === undefined ? {} : { maxPairs: pairs }),
    });
    if (dataset.report.problems.length > 0) throw new Error(dataset.report.problems.join(" "));
    const searchStarted = performance.now();
    const candidateIds = new Map<string, string[]>();
    for (const pair of [...dataset.train, ...dataset.validation]) {
      if (!candidateIds.has(pair.query)) {
        candidateIds.set(
          pair.query,
          (await fused(pair.query, RERANK_DEPTH)).map((passage) => passage.id),
        );
      }
    }
    console.log(`\n${JSON.stringify(dataset.report)}\ncandidates of the pairs in ${seconds(searchStarted)}`);
    const trainStarted = performance.now();
    const result = trainAgentRanker({
      passages,
      dataset,
      candidateIds,
      epochs,
      seed,
      onEpoch: (epoch) =>
        console.log(
          `epoch ${epoch.epoch}: loss ${epoch.trainLoss.toFixed(4)}, validation top-1 ${epoch.validation.top1.toFixed(3)} ` +
            `MRR ${epoch.validation.mrr.toFixed(3)} nDCG@10 ${epoch.validation.ndcg10.toFixed(4)} (${epoch.milliseconds.toFixed(0)} ms)`,
        ),
    });
    console.log(`trained in ${seconds(trainStarted)} (feature extraction included)`);
    return { dataset, result };
  };

  const { dataset, result } = await train(maxPairs);
  const ranker = decodeAgentRanker(result.artifact);
  const rerankStarted = performance.now();
  const reranked = new Map(
    queries.map((query) => [query._id, rerankCandidates(ranker, query.text, deep.get(query._id) ?? [])]),
  );
  const rerankMs = (performance.now() - rerankStarted) / queries.length;
  const after = await runFile("after", result.beatsBaseline ? reranked : shown);
  const ungated = result.beatsBaseline ? after : await runFile("ungated", reranked);

  const timings: string[] = [];
  if (timing) {
    for (const pairs of [1000, 10000]) {
      const timed = await train(pairs);
      timings.push(
        `${timed.dataset.report.pairs} pairs (${timed.dataset.report.train} trained on): ${perEpoch(timed.result).toFixed(0)} ms per epoch`,
      );
    }
  }

  const b = result.baseline;
  console.log(
    `\nNFCorpus ${corpus.length} abstracts, ${queries.length} queries; ${dataset.report.train}/${dataset.report.validation} pairs, ${epochs} epochs, seed ${seed}`,
  );
  console.log(
    `validation (held-out documents' pairs): untrained nDCG@10 ${b.ndcg10.toFixed(4)} -> best ${result.best.ndcg10.toFixed(4)} (epoch ${result.bestEpoch}), ` +
      `gain ${result.gain.ndcg10.toFixed(4)} +- ${result.gain.standardError.toFixed(4)}; gate: ${result.beatsBaseline ? "passed, the agent uses the model" : "failed, the agent keeps its order"}`,
  );
  console.log(`before: nDCG@10 ${before.ndcg10.toFixed(4)}  Recall@10 ${before.recall10.toFixed(4)}`);
  console.log(`after:  nDCG@10 ${after.ndcg10.toFixed(4)}  Recall@10 ${after.recall10.toFixed(4)}`);
  if (!result.beatsBaseline) {
    console.log(
      `(ungated model: nDCG@10 ${ungated.ndcg10.toFixed(4)}  Recall@10 ${ungated.recall10.toFixed(4)})`,
    );
  }
  console.log(
    `time per epoch: ${perEpoch(result).toFixed(0)} ms; artifact ${(result.artifact.length / 1024).toFixed(0)} KiB; ` +
      `rerank ${rerankMs.toFixed(2)} ms per query (${RERANK_DEPTH} candidates, first sight of each passage included)`,
  );
  for (const line of timings) console.log(line);
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
