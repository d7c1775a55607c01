// The search cache at scale (DESIGN 10, issue 19): many users, and one very large user beside many small ones, written
// into a throwaway PostgreSQL database, then searched through the built API with real sessions: memory, cold and warm.
// Run alone with `DATABASE_URL=postgres://... npx tsx e2e/bench/search-cache-scale.ts [--users=2000] [--chunks=200]
// [--big-chunks=1000000] [--small-users=500]` after building the API (smaller flags for a quick run).
import pg from "pg";
import { databaseUrl } from "../support/env";
import { insertSessions, insertUsersWithChunks, wordSampler } from "./chunk-rows";
import { flag } from "./cli";
import { type IngestionServer, startIngestionServer } from "./ingestion-server";
import type { ProcessMemory } from "./memory-probe";
import { withThrowawayPostgres } from "./throwaway-postgres";

/** DESIGN 9: hybrid top-5 under 10 ms p50 (at 100k chunks); the cache should keep warm searches there at any scale. */
const WARM_P50_TARGET_MS = 10;
/** How many warm searches the big user makes. */
const BIG_USER_WARM_SEARCHES = 100;

type Latency = { p50Ms: number; p99Ms: number; count: number };
type ScenarioFigures = {
  scenario: string;
  chunks: number;
  loadChunksPerSecond: number;
  /** The API after the rows were written and before any search: the baseline. */
  idle: ProcessMemory;
  /** After every user searched once (and the big user's warm searches). */
  warmed: ProcessMemory;
  small: { cold: Latency; warm: Latency };
  big?: { coldSeconds: number; warm: Latency; afterSmallSeconds: number };
};

function latency(samples: readonly number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
  return { p50Ms: at(0.5), p99Ms: at(0.99), count: sorted.length };
}

async function timedSearch(server: IngestionServer, cookie: string, word: () => string): Promise<number> {
  const query = Array.from({ length: 4 }, word).join(" ");
  const sent = performance.now();
  await server.search(cookie, query, 5);
  return performance.now() - sent;
}

/** Every small user searches once (cold: their index is not loaded), then once more in the same order (warm). */
async function searchSmallUsers(
  server: IngestionServer,
  cookies: readonly string[],
  word: () => string,
): Promise<{ cold: Latency; warm: Latency }> {
  const cold: number[] = [];
  for (const cookie of cookies) cold.push(await timedSearch(server, cookie, word));
  const warm: number[] = [];
  for (const cookie of cookies) warm.push(await timedSearch(server, cookie, word));
  return { cold: latency(cold), warm: latency(warm) };
}

async function measureScenario(
  serverUrl: string,
  {
    scenario,
    smallUsers,
    smallChunks,
    bigChunks,
  }: { scenario: string; smallUsers: number; smallChunks: number; bigChunks: number },
): Promise<ScenarioFigures> {
  return withThrowawayPostgres(serverUrl, async (url) => {
    // The API first: its migrations make the tables; CHUNK_INDEX_MB stays at its default.
    const server = await startIngestionServer({ DATABASE_URL: url });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const users = Array.from({ length: smallUsers }, (_, i) => ({
        id: `bench-small-${i}`,
        chunks: smallChunks,
      }));
      if (bigChunks > 0) users.unshift({ id: "bench-big", chunks: bigChunks });
      const chunks = users.reduce((sum, user) => sum + user.chunks, 0);
      let reported = 0;
      const loadChunksPerSecond = await insertUsersWithChunks(client, users, {
        seed: 7,
        onProgress: (written) => {
          if (written - reported >= 100_000) {
            reported = written;
            console.error(
              `  ${scenario}: ${written.toLocaleString("en-US")} of ${chunks.toLocaleString("en-US")} chunks written`,
            );
          }
        },
      });
      await client.query("analyze");
      const cookies = await insertSessions(
        client,
        users.map((user) => user.id),
      );
      const word = wordSampler(7);
      const idle = await server.memory();
      const cookieOf = (id: string) => cookies.get(id) ?? "";
      const smallCookies = users.filter((user) => user.id !== "bench-big").map((user) => cookieOf(user.id));

      let big: ScenarioFigures["big"];
      if (bigChunks > 0) {
        const coldSeconds = (await timedSearch(server, cookieOf("bench-big"), word)) / 1000;
        const warm: number[] = [];
        for (let i = 0; i < BIG_USER_WARM_SEARCHES; i++)
          warm.push(await timedSearch(server, cookieOf("bench-big"), word));
        const small = await searchSmallUsers(server, smallCookies, word);
        const warmed = await server.memory();
        // Once the small users are loaded: is the big user still in memory (milliseconds) or loaded again (seconds)?
        const afterSmallSeconds = (await timedSearch(server, cookieOf("bench-big"), word)) / 1000;
        big = { coldSeconds, warm: latency(warm), afterSmallSeconds };
        return { scenario, chunks, loadChunksPerSecond, idle, warmed, small, big };
      }
      const small = await searchSmallUsers(server, smallCookies, word);
      const warmed = await server.memory();
      return { scenario, chunks, loadChunksPerSecond, idle, warmed, small };
    } finally {
      await client.end();
      await server.stop();
    }
  });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const memory = (m: ProcessMemory) =>
  `RSS ${mb(m.rss)}, heap ${mb(m.heapUsed)}, buffers ${mb(m.arrayBuffers)}`;
const cell = (l: Latency) => `p50 ${l.p50Ms} / p99 ${l.p99Ms} ms (${l.count})`;

/** The table run.ts prints: per scenario, memory idle (baseline) and warmed, and cold / warm search latency. */
export async function searchCacheScaleRows({
  users = 2000,
  chunks = 200,
  bigChunks = 1_000_000,
  smallUsers = 500,
}: {
  users?: number;
  chunks?: number;
  bigChunks?: number;
  smallUsers?: number;
} = {}): Promise<string[][]> {
  const header = [
    "scenario",
    "chunks written",
    "API memory idle (baseline)",
    "API memory, all warmed",
    "who",
    "cold search (first, loads the index)",
    "warm search",
    "target (warm p50)",
  ];
  if (!databaseUrl)
    return [header, ["not measured: set DATABASE_URL to a PostgreSQL server", "", "", "", "", "", "", ""]];
  const rows = [header];
  const serverUrl = databaseUrl;
  const target = (l: Latency) =>
    `< ${WARM_P50_TARGET_MS} ms ${l.p50Ms < WARM_P50_TARGET_MS ? "met" : "NOT met"}`;
  const scenarios = [
    {
      scenario: `(a) ${users} users x ${chunks} chunks`,
      smallUsers: users,
      smallChunks: chunks,
      bigChunks: 0,
    },
    {
      scenario: `(b) 1 user x ${bigChunks.toLocaleString("en-US")} chunks + ${smallUsers} users x ${chunks}`,
      smallUsers,
      smallChunks: chunks,
      bigChunks,
    },
  ];
  for (const options of scenarios) {
    try {
      const f = await measureScenario(serverUrl, options);
      const written = `${f.chunks.toLocaleString("en-US")} (${Math.round(f.loadChunksPerSecond).toLocaleString("en-US")}/s)`;
      if (f.big) {
        rows.push([
          f.scenario,
          written,
          memory(f.idle),
          memory(f.warmed),
          "big user",
          `${f.big.coldSeconds.toFixed(2)} s (1); again after the small users: ${f.big.afterSmallSeconds.toFixed(2)} s`,
          cell(f.big.warm),
          target(f.big.warm),
        ]);
      }
      rows.push([
        f.big ? "" : f.scenario,
        f.big ? "" : written,
        f.big ? "" : memory(f.idle),
        f.big ? "" : memory(f.warmed),
        "each small user",
        cell(f.small.cold),
        cell(f.small.warm),
        target(f.small.warm),
      ]);
    } catch (error) {
      rows.push([
        options.scenario,
        `failed: ${(error as Error).message.slice(0, 300)}`,
        "",
        "",
        "",
        "",
        "",
        "NOT met",
      ]);
    }
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const options = {
    users: flag("users") ?? 2000,
    chunks: flag("chunks") ?? 200,
    bigChunks: flag("big-chunks") ?? 1_000_000,
    smallUsers: flag("small-users") ?? 500,
  };
  const rows = await searchCacheScaleRows(options);
  console.log(
    "\nSearch cache at scale (built API on a throwaway PostgreSQL database, default CHUNK_INDEX_MB, top-5)",
  );
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((c, column) => c.padEnd(widths[column] ?? 0)).join("  "));
}
