// Locates the api package and the repository root on disk, both from source (tsx, vitest) and from the dist bundle.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Walks up from this module until it finds the folder holding `drizzle/meta/_journal.json` (the api package). */
function findApiRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) {
      throw new Error(`cannot find the api package (drizzle/meta/_journal.json) above ${start}`);
    }
    dir = parent;
  }
}

export const apiRoot = findApiRoot(path.dirname(fileURLToPath(import.meta.url)));
export const repoRoot = path.dirname(apiRoot);
export const migrationsFolder = path.join(apiRoot, "drizzle");
