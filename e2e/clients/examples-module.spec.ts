// The documented examples' module stays cheap in the browser: the API documentation card imports it, so it may import
// nothing but the zod-free constants (no schema library in the mf-api bundle for a page of strings).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../support/env";

const contracts = path.join(repoRoot, "packages/contracts/src");

/** The module specifiers a source file imports (its own imports, before its first export). */
async function importsOf(file: string): Promise<string[]> {
  const source = await readFile(path.join(contracts, file), "utf8");
  const head = source.slice(0, Math.max(0, source.indexOf("\nexport ")));
  return [...head.matchAll(/^import [^;]* from "([^"]+)";$/gm)].map((match) => match[1] ?? "");
}

describe("@acp/contracts/client-examples", () => {
  it("imports only ./constants, which imports nothing", async () => {
    expect(await importsOf("client-examples.ts")).toEqual(["./constants"]);
    expect(await importsOf("constants.ts")).toEqual([]);
  });
});
