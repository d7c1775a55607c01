// Environment the journeys and benchmarks read: where Chromium lives and where the repository is.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const artifactsDir = path.join(repoRoot, "e2e", "artifacts");
/** Where the benchmark's non-federated baseline build goes (set by bench/run.ts for the Vite child). */
export const benchOutDir = process.env.BENCH_OUT_DIR;
/** The API build the benchmarks start (a folder under api/; another one runs, say, a copy of the previous build). */
export const benchApiDist = process.env.BENCH_API_DIST ?? "api/dist";
/** A PostgreSQL server the list benchmark may use. */
export const databaseUrl = process.env.DATABASE_URL;

/** This process's environment, for child processes the journeys and benchmarks start. */
export function inheritedEnvironment(): NodeJS.ProcessEnv {
  return { ...process.env };
}
