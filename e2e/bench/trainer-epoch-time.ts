// The built-in trainer's time per epoch at 1,000 and 10,000 pairs (issue 22), on NFCorpus's text indexed in process:
// the same dataset builder, candidates (our search) and trainer a job runs, timed per epoch; the 10,000-pair figure is
// printed beside ten times the 1,000-pair one (what a trainer linear in its pairs would take), measured in the same run.
// Run alone with `npx tsx e2e/bench/trainer-epoch-time.ts`.
import path from "node:path";
import { createDatabase } from "@acp/api/src/db/create-database";
import { RERANK_DEPTH } from "@acp/api/src/services/retrieval/rerank/agent-ranker";
import { searchKnowledge } from "@acp/api/src/services/retrieval/search-knowledge";
import {
  buildTrainerDataset,
  type TrainerPassage,
  trainAgentRanker,
} from "@acp/api/src/services/training/trainer/agent-ranker";
import { indexTexts, insertUser, retrievalDeps } from "@acp/api/src/test/retrieval";
import { testConfig } from "@acp/api/src/test/test-app";
import { DATA_DIR, readJsonLines } from "./nfcorpus";

const EPOCHS = 3;
const SIZES = [1_000, 10_000] as const;

async function measureTrainerEpochs(): Promise<
  { pairs: number; msPerEpoch: number; prepareSeconds: number }[]
> {
  const corpus = await readJsonLines<{ _id: string; title?: string; text?: string }>(
    path.join(DATA_DIR, "corpus.jsonl"),
  );
  const database = await createDatabase(testConfig({}, { DATA_DIR: "memory://" }));
  try {
    const deps = retrievalDeps(database);
    const userId = await insertUser(database);
    const passages: TrainerPassage[] = [];
    for (const doc of corpus) {
      const text = `${doc.title ?? ""}\n\n${doc.text ?? ""}`;
      const documentId = await indexTexts(deps, userId, [text], { name: `${doc._id}.txt` });
      passages.push({ id: `${documentId}:0`, documentId, text });
    }
    const figures = [];
    for (const size of SIZES) {
      const dataset = buildTrainerDataset(passages, { seed: 1, maxPairs: size });
      const candidateIds = new Map<string, string[]>();
      for (const pair of [...dataset.train, ...dataset.validation]) {
        if (candidateIds.has(pair.query)) continue;
        const { results } = await searchKnowledge({ deps, userId, query: pair.query, topK: RERANK_DEPTH });
        candidateIds.set(
          pair.query,
          results.map((result) => result.chunkId),
        );
      }
      const started = performance.now();
      const result = trainAgentRanker({ passages, dataset, candidateIds, epochs: EPOCHS, seed: 1 });
      const epochMs =
        result.epochs.reduce((sum, epoch) => sum + epoch.milliseconds, 0) / result.epochs.length;
      figures.push({
        pairs: dataset.report.pairs,
        msPerEpoch: epochMs,
        prepareSeconds: (performance.now() - started - epochMs * result.epochs.length) / 1000,
      });
    }
    return figures;
  } finally {
    await database.close();
  }
}

export async function trainerEpochRows(): Promise<string[][]> {
  const [small, large] = await measureTrainerEpochs();
  const rows = [
    [
      "pairs (NFCorpus text, keyword questions)",
      "time per epoch",
      "preparing features (once per job)",
      "baseline",
    ],
  ];
  for (const figure of [small, large]) {
    if (!figure) continue;
    rows.push([
      figure.pairs.toLocaleString("en-US"),
      `${figure.msPerEpoch.toFixed(0)} ms`,
      `${figure.prepareSeconds.toFixed(1)} s`,
      figure === large && small
        ? `linear from ${small.pairs.toLocaleString("en-US")} pairs: ${((small.msPerEpoch * figure.pairs) / small.pairs).toFixed(0)} ms`
        : "-",
    ]);
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await trainerEpochRows();
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}
