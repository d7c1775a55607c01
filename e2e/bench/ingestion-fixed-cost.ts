// What every document pays whatever its size (issue 31, item 5): small .txt documents uploaded one at a time through
// the built API, upload -> completed by the server's own record, split into the request, the wait for the job and each
// stage the API recorded.
// Run alone with `npx tsx e2e/bench/ingestion-fixed-cost.ts [--documents=20]` after building the API.
import { flag, printTable } from "./cli";
import { type DocumentTimings, startIngestionServer } from "./ingestion-server";

/** Item 5's target: what a document costs beyond its size, at most 0.2 s. */
const FIXED_COST_TARGET_SECONDS = 0.2;
/** How often the knowledge screen polls a processing document (mf-knowledge's PROCESSING_POLL_MS). */
const UI_POLL_MS = 1_000;

type Parts = Record<string, number>;

/** Seconds of each part of one upload: the request, the wait for the job, each recorded stage, and the total. */
function partsOf(started: number, answered: number, timings: DocumentTimings): Parts {
  const first = timings.stages[0];
  if (timings.finishedAt === null || !first) throw new Error("the document has no finished stage timings");
  const parts: Parts = {
    "upload request": (answered - started) / 1000,
    queued: (first.startedAt - timings.createdAt) / 1000,
  };
  for (const stage of timings.stages) {
    parts[stage.stage] = ((stage.finishedAt ?? stage.startedAt) - stage.startedAt) / 1000;
  }
  parts.total = (timings.finishedAt - started) / 1000;
  return parts;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Uploads `documents` small distinct .txt files (a paragraph, one chunk) one after the other, after a warm-up that
 * starts the extraction child and the embedding thread, and answers the median of each part.
 */
export async function measureFixedCost({ documents = 20 }: { documents?: number } = {}): Promise<Parts> {
  const server = await startIngestionServer();
  try {
    const warmUp = await server.upload(
      "warm-up.txt",
      new Blob([
        Array.from({ length: 400 }, (_, i) => `Warm-up paragraph ${i} of the fixed cost.`).join("\n\n"),
      ]),
    );
    await server.waitDone(warmUp);
    const runs: Parts[] = [];
    for (let i = 0; i < documents; i++) {
      const body = new Blob([`Note ${i}: the quarterly revenue of region ${i % 17} grew. `.repeat(20)]);
      const started = Date.now();
      const id = await server.upload(`note-${i}.txt`, body);
      const answered = Date.now();
      const done = await server.waitDone(id, 60_000, undefined, UI_POLL_MS);
      if (done.status !== "completed") throw new Error(`note-${i}.txt ${done.status}: ${done.error}`);
      runs.push(partsOf(started, answered, await server.timings(id)));
    }
    const names = Object.keys(runs[0] ?? {});
    return Object.fromEntries(names.map((name) => [name, median(runs.map((run) => run[name] ?? 0))]));
  } finally {
    await server.stop();
  }
}

/** The table: the median of each part and of the total, with the target. */
export async function ingestionFixedCostRows(options: { documents?: number } = {}): Promise<string[][]> {
  const parts = await measureFixedCost(options);
  const { total = Number.NaN, ...rest } = parts;
  return [
    ["documents", ...Object.keys(rest), "upload -> completed", "target"],
    [
      `${options.documents ?? 20} small .txt, one at a time (medians, s)`,
      ...Object.values(rest).map((seconds) => seconds.toFixed(3)),
      total.toFixed(3),
      `<= ${FIXED_COST_TARGET_SECONDS} s ${total <= FIXED_COST_TARGET_SECONDS ? "met" : "NOT met"}`,
    ],
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(
    "Fixed cost of one document (built API on PGlite, built-in embedder; upload -> completed as the server recorded it)",
    await ingestionFixedCostRows({ documents: flag("documents") ?? 20 }),
  );
}
