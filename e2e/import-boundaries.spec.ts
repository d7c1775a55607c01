// The lint rules that keep the architecture's import boundaries (biome.json overrides and lint/*.grit) really fire:
// probe files that cross each boundary are linted with the repository's configuration and must be refused.
import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./support/env";

const run = promisify(execFile);
const biome = path.join(repoRoot, "node_modules/.bin/biome");
const probes: string[] = [];

async function lint(file: string, source: string): Promise<string> {
  const absolute = path.join(repoRoot, file);
  await mkdir(path.dirname(absolute), { recursive: true });
  await writeFile(absolute, source);
  probes.push(path.dirname(absolute));
  try {
    await run(biome, ["lint", "--max-diagnostics=50", file], { cwd: repoRoot });
    return "";
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    return `${stdout}${stderr}`;
  }
}

afterAll(async () => {
  for (const dir of new Set(probes)) await rm(dir, { recursive: true, force: true });
});

describe("import boundaries", () => {
  it("refuses a remote importing another remote or the shell", async () => {
    const output = await lint(
      "mf-api/src/zz-lint-probe/probe.ts",
      'export { KnowledgePage } from "@acp/mf-knowledge/src/app/knowledge-page";\nexport { App } from "../../../shell/src/app/app";\n',
    );
    expect(output).toContain("A remote never imports the shell or another remote");
    expect(output.match(/noRestrictedImports/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses the shell importing a remote", async () => {
    const output = await lint(
      "shell/src/zz-lint-probe/probe.ts",
      'export { TrainingPage } from "../../../mf-training/src/app/training-page";\n',
    );
    expect(output).toContain("The shell loads remotes at run time");
  });

  it("keeps data, routing and federation out of packages/ui", async () => {
    const output = await lint(
      "packages/ui/src/zz-lint-probe/probe.ts",
      'export { useApiKeys } from "@acp/client/api-keys";\nexport { useQuery } from "@tanstack/react-query";\n',
    );
    expect(output).toContain("The design system knows no data");
  });

  it("keeps the design system out of packages/client", async () => {
    const output = await lint(
      "packages/client/src/zz-lint-probe/probe.ts",
      'export { toast } from "@acp/ui/hooks/use-toast";\n',
    );
    expect(output).toContain("The client knows no design system");
  });

  it("routes every app through @acp/router, never React Router directly (a second router has its own context)", async () => {
    for (const file of [
      "shell/src/zz-lint-probe/probe.ts",
      "mf-knowledge/src/zz-lint-probe/probe.ts",
      "packages/federation/src/zz-lint-probe/probe.ts",
    ]) {
      const output = await lint(
        file,
        'export { Link } from "react-router";\nexport { useNavigate } from "react-router-dom";\n',
      );
      expect(output).toContain("Routing comes from @acp/router");
      expect(output.match(/noRestrictedImports/g)?.length).toBeGreaterThanOrEqual(2);
    }
    expect(
      await lint("mf-knowledge/src/zz-lint-probe/probe.ts", 'export { Link } from "@acp/router";\n'),
    ).toBe("");
  });

  it("reads process.env and import.meta.env only in env.ts files", async () => {
    const output = await lint(
      "mf-dashboard/src/zz-lint-probe/probe.ts",
      "export const a = process.env.HOME;\nexport const b = import.meta.env.DEV;\n",
    );
    expect(output).toContain("noProcessEnv");
    expect(output).toContain("Read import.meta.env only in this app's env.ts");
    const allowed = await lint(
      "mf-dashboard/src/zz-lint-probe/env.ts",
      "export const env = { a: process.env.HOME, b: import.meta.env.DEV };\n",
    );
    expect(allowed).toBe("");
  });
});
