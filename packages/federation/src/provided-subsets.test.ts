// @vitest-environment node
// A package the shell provides as a subset of its exports must hold every export the apps import from it: a name left
// out would be undefined in every remote at run time.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PROVIDED_SUBSETS } from "./shared";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const APP_FOLDERS = ["shell/src", "packages", ...readdirSync(repoRoot).filter((name) => /^mf-/.test(name))];

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name),
    )
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !file.includes(`${path.sep}node_modules${path.sep}`) && file.includes(`${path.sep}src${path.sep}`),
    );
}

/** The value bindings `code` imports from `pkg` (type-only imports left out). */
function importedNames(code: string, pkg: string): string[] {
  const names: string[] = [];
  const quoted = pkg.replace(/[/.]/g, (char) => `\\${char}`);
  for (const match of code.matchAll(
    new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s*from\\s*["']${quoted}["']`, "g"),
  )) {
    if (match[1]) continue;
    for (const part of (match[2] ?? "").split(",")) {
      const name = part.trim();
      if (!name || name.startsWith("type ")) continue;
      names.push(name.split(/\s+as\s+/)[0] as string);
    }
  }
  return names;
}

describe("packages provided as a subset", () => {
  it("reads the names a file imports, leaving types out", () => {
    const code =
      'import { useQuery, type QueryKey, useMutation as mutate } from "@tanstack/react-query";\nimport type { X } from "@tanstack/react-query";';
    expect(importedNames(code, "@tanstack/react-query")).toEqual(["useQuery", "useMutation"]);
  });

  for (const [pkg, subset] of Object.entries(PROVIDED_SUBSETS)) {
    it(`${subset} exports every name the apps import from ${pkg}`, async () => {
      const provided = new Set(Object.keys(await import(subset)));
      const missing = new Map<string, string>();
      for (const folder of APP_FOLDERS) {
        for (const file of sourceFiles(path.join(repoRoot, folder))) {
          for (const name of importedNames(readFileSync(file, "utf8"), pkg)) {
            if (!provided.has(name)) missing.set(name, path.relative(repoRoot, file));
          }
        }
      }
      expect(Object.fromEntries(missing)).toEqual({});
    });
  }
});
