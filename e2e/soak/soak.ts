// The soak run (issue 31, DESIGN 9; `npm run soak`, not in CI): the built product under the load suite's mix for a
// long time (30 minutes by default) plus an upload every minute and training jobs, its memory sampled each minute:
// RSS from /proc and the V8 heap from the server's own memory log (MEMORY_LOG_INTERVAL_MS). The lowest of each in the
// five minutes after the warm-up against the lowest in the last five must grow less than 5 %; the minutes and the
// verdict are printed, for docs/reliability.md.
//
//   npm run soak                      30 minutes on the embedded default (PGlite)
//   npm run soak -- --minutes=10      a shorter run
//   npm run soak -- --postgres        on a throwaway database of DATABASE_URL's server
import os from "node:os";
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

type Sample = { minute: number; rssMiB: number; heapUsedMiB: number | undefined; outcomes: Outcome[] };

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

async function soak(server: AppServer): Promise<Sample[]> {
  const { owners, publicSlug } = await prepareTraffic(server.url, USERS);
  const owner = owners[0] as Owner;
  const samples: Sample[] = [
    { minute: 0, rssMiB: await rssMib(server.pid), heapUsedMiB: latestHeapMiB(server), outcomes: [] },
  ];
  for (let minute = 1; minute <= minutes; minute++) {
    const extra: Promise<Outcome>[] = [uploadOne(owner, minute)];
    if (minute % 10 === 2) extra.push(startTraining(owner, minute));
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
    console.log(
      `minute ${String(minute).padStart(2)}: RSS ${sample.rssMiB} MiB, heap ${sample.heapUsedMiB ?? "?"} MiB, ${sample.outcomes.length} requests (${chats.length} chats, p50 ${percentile(chatMs, 0.5).toFixed(0)} ms), ${failed.length} failed${failed[0] ? ` (${failed[0].status} ${failed[0].detail ?? ""})` : ""}`,
    );
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

function verdict(samples: readonly Sample[]): string[] {
  const last = samples.at(-1);
  if (!last || last.minute < WARM_UP_MINUTES + 2 * WINDOW_MINUTES) return ["too short a run for a verdict"];
  const early = within(samples, WARM_UP_MINUTES, WARM_UP_MINUTES + WINDOW_MINUTES - 1);
  const late = within(samples, last.minute - WINDOW_MINUTES + 1, last.minute);
  const line = (what: string, figure: (sample: Sample) => number | undefined) => {
    const from = floor(early, figure);
    const to = floor(late, figure);
    const growth = from && to ? (to - from) / from : Number.NaN;
    return `${what}, lowest of minutes ${early[0]?.minute}-${early.at(-1)?.minute} against lowest of minutes ${late[0]?.minute}-${last.minute}: ${from} -> ${to} MiB, ${(growth * 100).toFixed(1)} % (limit ${GROWTH_LIMIT * 100} %: ${growth < GROWTH_LIMIT ? "met" : "NOT met"})`;
  };
  const all = samples.flatMap((sample) => sample.outcomes);
  const failed = all.filter((outcome) => ![200, 201, 202, 409, 429].includes(outcome.status));
  return [
    line("RSS", (sample) => sample.rssMiB),
    line("V8 heap in use", (sample) => sample.heapUsedMiB),
    `${all.length} requests, ${failed.length} failed`,
    `machine: ${os.cpus().length} x ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  ];
}

const environment = { MEMORY_LOG_INTERVAL_MS: String(MINUTE_MS), LOG_LEVEL: "info" };
const run = async (env: Record<string, string>) => {
  const server = await startAppServer({ ...environment, ...env });
  try {
    const samples = await soak(server);
    console.log(`\n== soak, ${minutes} minutes on ${onPostgres ? "PostgreSQL" : "PGlite"}`);
    for (const line of verdict(samples)) console.log(`   ${line}`);
  } finally {
    await server.stop();
  }
};

if (onPostgres) {
  if (!databaseUrl) throw new Error("--postgres needs DATABASE_URL");
  await withThrowawayPostgres(databaseUrl, (url) => run({ DATABASE_URL: url }));
} else {
  await run({});
}
