// Environment the journeys and benchmarks read: where Chromium lives and where the repository is.
import path from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const artifactsDir = path.join(repoRoot, "e2e", "artifacts");
