// The soak run (issue 31, DESIGN 9; `npm run soak`, not in CI): the built product under the load suite's mix for a
// long time (30 minutes by default), its memory sampled each minute: RSS from /proc and the V8 heap from the server's
// own memory log (MEMORY_LOG_INTERVAL_MS). The first half also uploads a document every minute and starts training
// jobs; the second half does not, so the data stops growing and a floor that still rises there is a leak, not data.
// The lowest of each figure in the five minutes after the warm-up against the lowest in the last five must grow less
// than 5 %, and so must the second half's own first five against its last five. V8 heap snapshots (Node's
// --heapsnapshot-signal, only in this run's server) at a third, the half and the end of the run are compared by
// constructor (heap-snapshot-diff.ts). The minutes, the comparisons and the verdict are printed, for
// docs/reliability.md.
//
//   npm run soak                      30 minutes on the embedded default (PGlite)
//   npm run soak -- --minutes=10      a shorter run
//   npm run soak -- --postgres        on a throwaway database of DATABASE_URL's server
import { mkdtemp, readdir, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { withThrowawayPostgres } from "../bench/throwaway-postgres";
import {
  createConversation,
  type Outcome,
  percentile,
  prepareTraffic,
  rssMib,
  steadyLoad,
  streamChat,
} from "../load/traffic";
import { type AppServer, startAppServer } from "../support/app-server";
import { databaseUrl } from "../support/env";
import type { Owner } from "../support/public-api-fixture";
import { compareHeapSummaries, summarizeHeapSnapshot } from "./heap-snapshot-diff";

const MINUTE_MS = 60_000;
const minutes = Number(/--minutes=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 30);
const onPostgres = process.argv.includes("--postgres");
/** Minutes before the baseline sample: caches fill, the JIT settles, the first indexes load. */
const WARM_UP_MINUTES = Math.min(5, Math.max(1, Math.floor(minutes / 3)));
/**
 * Chats streaming at any moment (each slot asks again as soon as its answer ends), and the other requests' rate: a
 * sustained load the embedded default holds on 2 cores (the load suite's bursts are for capacity, this for leaks).
 */
const CHAT_SLOTS = 8;
const REQUESTS_PER_SECOND = 25;
const USERS = 4;
/** The most growth after the warm-up that is not a leak (DESIGN 9). */
const GROWTH_LIMIT = 0.05;
/** The last minute that uploads and starts training jobs; after it the data stays as it is (but for the chats'). */
const GROWING_UNTIL = Math.floor(minutes / 2);
/**
 * Training jobs start at these minutes (4 and 8 of 30), both in the first half so they end before the second, and
 * once the user has the 4 documents training needs (the note and an upload a minute): a job before minute 4 is
 * refused. A run too short to reach minute 4 in its first half starts none.
 */
const TRAINING_MINUTES = new Set(
  [Math.max(4, Math.round((minutes * 4) / 30)), Math.max(4, Math.round((minutes * 8) / 30))].filter(
    (minute) => minute >= 1 && minute <= GROWING_UNTIL,
  ),
);
/**
 * Heap snapshots after these minutes (10, 15 and 30 of 30): one in the growing half, one as the data stops growing and
 * one at the end. The last two hold the same documents and jobs, so what grows between them is not data.
 */
const SNAPSHOT_MINUTES = [...new Set([Math.round(minutes / 3), GROWING_UNTIL, minutes])].filter(
  (minute) => minute >= 1,
);

type Sample = { minute: number; rssMiB: number; heapUsedMiB: number | undefined; outcomes: Outcome[] };
type Snapshot = { minute: number; file: string };

/** The server's latest memory log line (lib/memory-log.ts): its V8 heap in use, MiB. */
function latestHeapMiB(server: AppServer): number | undefined {
  const lines = server
    .logs()
    .split("\n")
    .filter((line) => line.includes('"msg":"memory"'));
  const last = lines.at(-1);
  if (!last) return undefined;
  return (JSON.parse(last) as { heapUsedMiB?: number }).heapUsedMiB;
}

/** A text document of its own each minute (distinct content, so it is never a duplicate), uploaded for gtm. */
async function uploadOne(owner: Owner, minute: number): Promise<Outcome> {
  const started = performance.now();
  const lines = Array.from(
    { length: 400 },
    (_, line) =>
      `Minute ${minute}, line ${line}: the soak run's account ${line * minute} renewed its Falcon plan.`,
  );
  const form = new FormData();
  form.append("files", new Blob([lines.join("\n")], { type: "text/plain" }), `soak-${minute}.txt`);
  form.append("agentId", "gtm");
  const response = await fetch(`${owner.url}/api/documents/upload`, {
    method: "POST",
    headers: { origin: owner.url, cookie: owner.cookie },
    body: form,
  });
  const text = await response.text();
  return {
    kind: "signed-in read",
    status: response.status,
    ms: performance.now() - started,
    detail: `upload: ${text.slice(0, 200)}`,
  };
}

/** A training job of the gtm agent (default epochs) (refused with a sentence while one runs: that counts as answered). */
async function startTraining(owner: Owner, minute: number): Promise<Outcome> {
  const started = performance.now();
  const response = await fetch(`${owner.url}/api/training-jobs`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: owner.url, cookie: owner.cookie },
    body: JSON.stringify({ name: `Soak minute ${minute}`, modelType: "gtm" }),
  });
  const text = await response.text();
  return {
    kind: "signed-in read",
    status: response.status,
    ms: performance.now() - started,
    detail: `training: ${text.slice(0, 200)}`,
  };
}

/** Why each failed training job failed, printed once each. */
const failuresShown = new Set<string>();

/** The user's training jobs by status ("1 running, 2 completed"), with a failed job's reason the first time. */
async function trainingJobs(owner: Owner): Promise<string> {
  const response = await fetch(`${owner.url}/api/training-jobs`, { headers: { cookie: owner.cookie } });
  if (!response.ok) return `training jobs: ${response.status}`;
  const counts = new Map<string, number>();
  const reasons: string[] = [];
  for (const job of (await response.json()) as {
    id: string;
    name: string;
    status: string;
    error: string | null;
  }[]) {
    counts.set(job.status, (counts.get(job.status) ?? 0) + 1);
    if (job.status === "failed" && !failuresShown.has(job.id)) {
      failuresShown.add(job.id);
      reasons.push(`"${job.name}" failed: ${job.error?.slice(0, 200)}`);
    }
  }
  return counts.size === 0
    ? "no training jobs"
    : `training jobs ${[...counts].map(([status, count]) => `${count} ${status}`).join(", ")}${reasons.map((reason) => `; ${reason}`).join("")}`;
}

/**
 * A heap snapshot of the server: SIGUSR2 makes it write one into `dir` (--heapsnapshot-signal). Writing blocks its
 * event loop, so it is done once /api/health answers again and the file has stopped growing.
 */
async function heapSnapshot(server: AppServer, dir: string, minute: number): Promise<Snapshot | undefined> {
  const before = new Set(await readdir(dir));
  const rssBefore = await rssMib(server.pid);
  const started = performance.now();
  process.kill(server.pid, "SIGUSR2");
  for (let tries = 0; tries < 600; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const name = (await readdir(dir)).find((file) => !before.has(file) && file.endsWith(".heapsnapshot"));
    if (!name) continue;
    const file = path.join(dir, name);
    const size = (await stat(file)).size;
    const healthy = await fetch(`${server.url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    if (healthy && size > 0 && (await stat(file)).size === size) {
      console.log(
        `   heap snapshot after minute ${minute}: ${(size / 2 ** 20).toFixed(0)} MiB file in ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${rssBefore} -> ${await rssMib(server.pid)} MiB, ${file}`,
      );
      return { minute, file };
    }
  }
  console.log(`   heap snapshot after minute ${minute}: none written`);
  return undefined;
}

/** Each chat slot's conversation and how many answers it holds: a new one every ten, as people start afresh. */
const slots = new Map<number, { id: string; asked: number }>();

/** Chats for `ms`: each slot streams one answer after another. */
async function chatFor(owners: readonly Owner[], ms: number): Promise<Outcome[]> {
  const until = Date.now() + ms;
  const outcomes: Outcome[] = [];
  await Promise.all(
    Array.from({ length: CHAT_SLOTS }, async (_, slot) => {
      const owner = owners[slot % owners.length] as Owner;
      while (Date.now() < until) {
        let current = slots.get(slot);
        if (!current || current.asked >= 10) {
          current = { id: await createConversation(owner, `Soak ${slot}`), asked: 0 };
          slots.set(slot, current);
        }
        current.asked += 1;
        outcomes.push(await streamChat(owner, current.id));
      }
    }),
  );
  return outcomes;
}

async function soak(server: AppServer, snapshotDir: string, snapshots: Snapshot[]): Promise<Sample[]> {
  const { owners, publicSlug } = await prepareTraffic(server.url, USERS);
  const owner = owners[0] as Owner;
  const samples: Sample[] = [
    { minute: 0, rssMiB: await rssMib(server.pid), heapUsedMiB: latestHeapMiB(server), outcomes: [] },
  ];
  for (let minute = 1; minute <= minutes; minute++) {
    const extra: Promise<Outcome>[] = [];
    if (minute <= GROWING_UNTIL) extra.push(uploadOne(owner, minute));
    if (TRAINING_MINUTES.has(minute)) extra.push(startTraining(owner, minute));
    const [chats, load, others] = await Promise.all([
      chatFor(owners, MINUTE_MS),
      steadyLoad(owners, publicSlug, server.url, { perSecond: REQUESTS_PER_SECOND, seconds: 60 }),
      Promise.all(extra),
    ]);
    // The memory log ticks each minute too: give it a moment so the sample is this minute's.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const sample = {
      minute,
      rssMiB: await rssMib(server.pid),
      heapUsedMiB: latestHeapMiB(server),
      outcomes: [...chats, ...load, ...others],
    };
    samples.push(sample);
    const failed = sample.outcomes.filter(
      (outcome) =>
        outcome.status !== 200 &&
        outcome.status !== 201 &&
        outcome.status !== 202 &&
        outcome.status !== 429 &&
        outcome.status !== 409,
    );
    const chatMs = chats.map((chat) => chat.ms).sort((a, b) => a - b);
    const training = await trainingJobs(owner);
    console.log(
      `minute ${String(minute).padStart(2)} (${minute <= GROWING_UNTIL ? "growing" : "stable"}, ${training}): RSS ${sample.rssMiB} MiB, heap ${sample.heapUsedMiB ?? "?"} MiB, ${sample.outcomes.length} requests (${chats.length} chats, p50 ${percentile(chatMs, 0.5).toFixed(0)} ms), ${failed.length} failed${failed[0] ? ` (${failed[0].status} ${failed[0].detail ?? ""})` : ""}`,
    );
    if (SNAPSHOT_MINUTES.includes(minute)) {
      const snapshot = await heapSnapshot(server, snapshotDir, minute);
      if (snapshot) snapshots.push(snapshot);
    }
  }
  return samples;
}

/** Samples in one window of minutes, inclusive. */
const within = (samples: readonly Sample[], from: number, to: number) =>
  samples.filter((sample) => sample.minute >= from && sample.minute <= to);

/**
 * The floor of a figure over a window: the heap's live set shows at its lowest (after a collection), not in the
 * sawtooth between collections, so a leak is a rising floor rather than one high sample.
 */
function floor(
  samples: readonly Sample[],
  figure: (sample: Sample) => number | undefined,
): number | undefined {
  const values = samples.map(figure).filter((value): value is number => value !== undefined);
  return values.length > 0 ? Math.min(...values) : undefined;
}

/** Minutes in each window compared: the first after the warm-up, and the last of the run. */
const WINDOW_MINUTES = 5;

/** Floors of RSS and heap in a window of minutes against those in a later one. */
function compareWindows(
  samples: readonly Sample[],
  early: readonly Sample[],
  late: readonly Sample[],
): string[] {
  const last = late.at(-1);
  const line = (what: string, figure: (sample: Sample) => number | undefined) => {
    const from = floor(early, figure);
    const to = floor(late, figure);
    const growth = from && to ? (to - from) / from : Number.NaN;
    return `${what}, lowest of minutes ${early[0]?.minute}-${early.at(-1)?.minute} against lowest of minutes ${late[0]?.minute}-${last?.minute}: ${from} -> ${to} MiB, ${(growth * 100).toFixed(1)} % (limit ${GROWTH_LIMIT * 100} %: ${growth < GROWTH_LIMIT ? "met" : "NOT met"})`;
  };
  void samples;
  return [line("RSS", (sample) => sample.rssMiB), line("V8 heap in use", (sample) => sample.heapUsedMiB)];
}

function verdict(samples: readonly Sample[]): string[] {
  const last = samples.at(-1);
  if (!last || last.minute < WARM_UP_MINUTES + 2 * WINDOW_MINUTES) return ["too short a run for a verdict"];
  const early = within(samples, WARM_UP_MINUTES, WARM_UP_MINUTES + WINDOW_MINUTES - 1);
  const late = within(samples, last.minute - WINDOW_MINUTES + 1, last.minute);
  // The second half alone: the data stopped growing, so its floor rising is what a leak would show.
  const stableWindow = Math.min(WINDOW_MINUTES, Math.floor((last.minute - GROWING_UNTIL) / 2));
  const stable =
    stableWindow >= 1
      ? [
          `second half (no uploads, no new training jobs):`,
          ...compareWindows(
            samples,
            within(samples, GROWING_UNTIL + 1, GROWING_UNTIL + stableWindow),
            within(samples, last.minute - stableWindow + 1, last.minute),
          ).map((text) => `  ${text}`),
        ]
      : [];
  const all = samples.flatMap((sample) => sample.outcomes);
  const failed = all.filter((outcome) => ![200, 201, 202, 409, 429].includes(outcome.status));
  return [
    `whole run after the warm-up:`,
    ...compareWindows(samples, early, late).map((text) => `  ${text}`),
    ...stable,
    `${all.length} requests, ${failed.length} failed`,
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  ];
}

/** The snapshots compared: each with the last, so the stable half's own comparison is among them. */
async function compareSnapshots(snapshots: readonly Snapshot[]): Promise<string[]> {
  const last = snapshots.at(-1);
  if (!last || snapshots.length < 2) return [];
  const lastSummary = await summarizeHeapSnapshot(last.file);
  const lines: string[] = [];
  for (const snapshot of snapshots.slice(0, -1)) {
    lines.push(`\n== heap snapshots, after minute ${snapshot.minute} against after minute ${last.minute}`);
    lines.push(...compareHeapSummaries(await summarizeHeapSnapshot(snapshot.file), lastSummary));
  }
  return lines;
}

const run = async (env: Record<string, string>) => {
  const snapshotDir = await mkdtemp(path.join(os.tmpdir(), "acp-soak-heap-"));
  const environment = {
    MEMORY_LOG_INTERVAL_MS: String(MINUTE_MS),
    LOG_LEVEL: "info",
    NODE_OPTIONS: `--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=${snapshotDir}`,
  };
  const server = await startAppServer({ ...environment, ...env });
  const snapshots: Snapshot[] = [];
  try {
    const samples = await soak(server, snapshotDir, snapshots);
    console.log(
      `\n== soak, ${minutes} minutes on ${onPostgres ? "PostgreSQL" : "PGlite"} (uploads and training jobs until minute ${GROWING_UNTIL})`,
    );
    for (const line of verdict(samples)) console.log(`   ${line}`);
  } finally {
    await server.stop();
  }
  for (const line of await compareSnapshots(snapshots)) console.log(line);
  console.log(`\nheap snapshots kept in ${snapshotDir} (open them in Chrome DevTools' Memory tab)`);
};

if (onPostgres) {
  if (!databaseUrl) throw new Error("--postgres needs DATABASE_URL");
  await withThrowawayPostgres(databaseUrl, (url) => run({ DATABASE_URL: url }));
} else {
  await run({});
}
