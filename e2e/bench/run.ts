// `npm run bench`: builds the product, then prints each performance figure beside its baseline measured in this run.
import { execFileSync } from "node:child_process";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { type AppServer, startAppServer } from "../support/app-server";
import { launchBrowser } from "../support/browser";
import { artifactsDir, repoRoot } from "../support/env";
import { measureListThroughput } from "./list-throughput";
import { type FirstLoad, measureFirstLoad } from "./measure-first-load";
import { withThrowawayPostgres } from "./throwaway-postgres";

const FIRST_LOAD_TARGET = 1.25; // DESIGN 9: at most 125% of the JS bytes of the same pages built without federation.
const THROUGHPUT_TARGET = 0.6; // DESIGN 9: an authenticated list serves at least 60% of a bare Hono JSON route's rps.

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  execFileSync(command, args, {
    cwd: repoRoot,
    stdio: "inherit",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", ...env },
  });
}

async function signUpCookie(server: AppServer): Promise<{ name: string; value: string }> {
  const response = await fetch(`${server.url}/api/auth/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email: `bench-${Date.now()}@example.test`,
      password: "benchmark password",
    }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("session="));
  if (!response.ok || !cookie) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const value = cookie.slice("session=".length).split(";")[0] ?? "";
  return { name: "session", value };
}

type PageLoads = { landing: FirstLoad; dashboard: FirstLoad };

async function measurePages(browser: Browser, env: Record<string, string>): Promise<PageLoads> {
  const server = await startAppServer(env);
  try {
    const landing = await measureFirstLoad(browser, `${server.url}/`, {
      ready: (page: Page) => page.getByText("Access Control Panel").first().waitFor(),
    });
    const session = await signUpCookie(server);
    const dashboard = await measureFirstLoad(browser, `${server.url}/`, {
      cookies: [session],
      ready: (page: Page) =>
        page
          .getByRole("heading", { level: 1, name: "Executive AI Command Center" })
          .waitFor({ timeout: 30_000 }),
    });
    return { landing, dashboard };
  } finally {
    await server.stop();
  }
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function printTable(title: string, rows: string[][]): void {
  console.log(`\n${title}`);
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  "));
}

async function throughputRows(): Promise<string[][]> {
  const engines: [string, (run: (env: Record<string, string>) => Promise<string[]>) => Promise<string[]>][] =
    [["PGlite (embedded default)", (run) => run({})]];
  if (process.env.DATABASE_URL) {
    const serverUrl = process.env.DATABASE_URL;
    engines.push([
      "PostgreSQL",
      (run) => withThrowawayPostgres(serverUrl, (url) => run({ DATABASE_URL: url })),
    ]);
  }
  const rows = [["API on", "GET /api/documents signed in", "bare Hono JSON route", "ratio", "target"]];
  for (const [name, withEngine] of engines) {
    rows.push(
      await withEngine(async (env) => {
        const { api, bare } = await measureListThroughput(env);
        const ratio = api.requestsPerSecond / bare.requestsPerSecond;
        return [
          name,
          `${Math.round(api.requestsPerSecond)} req/s, p50 ${api.p50LatencyMs} ms`,
          `${Math.round(bare.requestsPerSecond)} req/s, p50 ${bare.p50LatencyMs} ms`,
          `${(ratio * 100).toFixed(0)}%`,
          `>= ${THROUGHPUT_TARGET * 100}% ${ratio >= THROUGHPUT_TARGET ? "met" : "NOT met"}`,
        ];
      }),
    );
  }
  return rows;
}

async function main(): Promise<void> {
  console.log("== building the federated product (turbo run build)");
  run("npx", ["turbo", "run", "build", "--output-logs=errors-only"]);

  const baselineRoot = path.join(artifactsDir, "baseline");
  await rm(baselineRoot, { recursive: true, force: true });
  await mkdir(baselineRoot, { recursive: true });
  console.log("== building the baseline: the same pages as one Vite app without federation");
  run("npx", ["vite", "build", "--config", path.join(repoRoot, "e2e/bench/monolith.vite.config.ts")], {
    BENCH_OUT_DIR: path.join(baselineRoot, "shell/dist"),
  });

  const browser = await launchBrowser();
  try {
    const federated = await measurePages(browser, {});
    const baseline = await measurePages(browser, { STATIC_ROOT: baselineRoot });
    printTable("First-load JavaScript (bytes downloaded until the page is ready, empty cache)", [
      ["page", "federated", "without federation", "ratio", "target"],
      ...(["landing", "dashboard"] as const).map((key) => {
        const ratio = federated[key].bytes / baseline[key].bytes;
        return [
          key === "landing" ? "/ signed out (landing)" : "/ signed in (dashboard)",
          `${kib(federated[key].bytes)} in ${federated[key].scripts} files`,
          `${kib(baseline[key].bytes)} in ${baseline[key].scripts} files`,
          `${(ratio * 100).toFixed(0)}%`,
          `<= ${FIRST_LOAD_TARGET * 100}% ${ratio <= FIRST_LOAD_TARGET ? "met" : "NOT met"}`,
        ];
      }),
    ]);
  } finally {
    await browser.close();
  }

  printTable(
    "Throughput (autocannon, 20 connections, 6 s, loopback, one process per server)",
    await throughputRows(),
  );
}

await main();
