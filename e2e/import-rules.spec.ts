// The import rules of .dependency-cruiser.cjs (`npm run lint:deps`) really fire: for each rule, a throwaway tree laid out
// like the repository holds one import that breaks it, and dependency-cruiser run with the repository's configuration
// must name that rule, while the same tree without the offending import passes.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./support/env";

const run = promisify(execFile);
const depcruise = path.join(repoRoot, "node_modules/.bin/depcruise");
const config = path.join(repoRoot, ".dependency-cruiser.cjs");
const trees: string[] = [];

/** Files by repository path -> source. Returns dependency-cruiser's report on them ("" when nothing is violated). */
async function cruise(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), "acp-import-rules-"));
  trees.push(root);
  for (const [file, source] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), source);
  }
  const folders = [...new Set(Object.keys(files).map((file) => file.split("/")[0] as string))];
  try {
    await run(depcruise, ["--config", config, "--output-type", "err", ...folders], { cwd: root });
    return "";
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
}

/** `from` imports `to` (a value import unless `typeOnly`); `to` exports one constant. */
function importing(from: string, to: string, { typeOnly = false } = {}): Record<string, string> {
  let specifier = path.posix.relative(path.posix.dirname(from), to).replace(/\.ts$/, "");
  if (!specifier.startsWith(".")) specifier = `./${specifier}`;
  const statement = typeOnly
    ? `import type { Probe } from "${specifier}";\nexport const probe: Probe | undefined = undefined;\n`
    : `import { probe as imported } from "${specifier}";\nexport const probe = imported;\n`;
  return { [from]: statement, [to]: "export type Probe = number;\nexport const probe = 1;\n" };
}

afterAll(async () => {
  for (const root of trees) await rm(root, { recursive: true, force: true });
});

describe("import rules (dependency-cruiser)", () => {
  it("passes a tree that imports only downwards", async () => {
    expect(
      await cruise({
        ...importing("api/src/routes/probe.ts", "api/src/services/probe/find-probe.ts"),
        ...importing("api/src/services/probe/find-probe.ts", "api/src/providers/probe/probe-port.ts"),
        ...importing("api/src/providers/probe/probe-port.ts", "api/src/lib/probe.ts"),
      }),
    ).toBe("");
  });

  it("refuses an import circle, even one closed by a type-only import", async () => {
    const output = await cruise({
      ...importing("packages/ui/src/a.ts", "packages/ui/src/b.ts"),
      "packages/ui/src/b.ts":
        'import type { Probe } from "./a";\nexport type Again = Probe;\nexport type Probe = 1;\nexport const probe = 1;\n',
    });
    expect(output).toContain("no-circular");
  });

  it("refuses two service domains importing each other", async () => {
    const output = await cruise({
      ...importing("api/src/services/usage/get-usage.ts", "api/src/services/api-keys/get-key.ts"),
      ...importing("api/src/services/api-keys/list-keys.ts", "api/src/services/usage/count.ts"),
    });
    expect(output).toContain("api-no-circular-between-domains");
  });

  it("keeps server, worker, app and deps on top", async () => {
    const output = await cruise(importing("api/src/services/probe/find-probe.ts", "api/src/app.ts"));
    expect(output).toContain("api-entry-points-on-top");
    expect(
      await cruise(importing("api/src/services/probe/find-probe.ts", "api/src/deps.ts", { typeOnly: true })),
    ).toBe("");
  });

  it("never lets a service import a route", async () => {
    const output = await cruise(importing("api/src/services/probe/find-probe.ts", "api/src/routes/probe.ts"));
    expect(output).toContain("api-routes-are-not-imported-below");
  });

  it("never lets a service import jobs/ (queues come through deps.queues)", async () => {
    const output = await cruise(
      importing("api/src/services/probe/find-probe.ts", "api/src/jobs/probe-worker.ts"),
    );
    expect(output).toContain("api-jobs-are-not-imported-below");
  });

  it("keeps providers, auth, ingestion and the libraries below the services", async () => {
    for (const from of [
      "api/src/providers/probe/probe-port.ts",
      "api/src/auth/probe.ts",
      "api/src/ingestion/probe.ts",
      "api/src/lib/probe.ts",
    ]) {
      const output = await cruise(importing(from, "api/src/services/retrieval/probe.ts"));
      expect(output, from).toContain("api-services-stay-above-providers");
    }
  });

  it("keeps ingestion and the text-search library pure", async () => {
    const output = await cruise(
      importing("api/src/ingestion/probe.ts", "api/src/providers/embedder/probe.ts"),
    );
    expect(output).toContain("api-pure-libraries-stay-pure");
  });

  it("keeps the text-search library a leaf", async () => {
    const output = await cruise(importing("api/src/text-search/probe.ts", "api/src/ingestion/probe.ts"));
    expect(output).toContain("api-text-search-is-a-leaf");
  });

  it("keeps db/, lib/ and env.ts at the bottom", async () => {
    const output = await cruise(importing("api/src/db/probe.ts", "api/src/auth/probe.ts"));
    expect(output).toContain("api-base-imports-nothing-above");
  });

  it("never lets chat or retrieval import training (answering reads trained models through retrieval)", async () => {
    for (const from of ["api/src/services/chat/probe.ts", "api/src/services/retrieval/probe.ts"]) {
      const output = await cruise(importing(from, "api/src/services/training/trainer/probe.ts"));
      expect(output, from).toContain("api-answering-never-imports-training");
    }
  });
});
