// The extraction pool's children start with an allow-listed environment: the API's secrets never reach a parser.
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { extractionChildEnv } from "../env";
import { extractInIsolation } from "./extract-in-isolation";
import { ExtractionPool } from "./extraction-pool";

/** Secrets the API may hold, by the names it reads them under and the shapes of names secrets usually have. */
const SECRETS: Record<string, string> = {
  DATABASE_URL: "postgres://app:hunter2@db.internal:5432/app",
  OPENAI_API_KEY: "sk-test-not-for-children",
  PINECONE_API_KEY: "pc-test-not-for-children",
  OIDC_CLIENT_SECRET: "oidc-test-not-for-children",
  SESSION_SECRET: "session-test-not-for-children",
  GITHUB_TOKEN: "ghp_test_not_for_children",
  SMTP_PASSWORD: "smtp-test-not-for-children",
};

/** The environment a process was started with, read from /proc (Linux): what the child actually has. */
async function environmentOf(pid: number): Promise<Map<string, string>> {
  const raw = await readFile(`/proc/${pid}/environ`, "utf8");
  return new Map(
    raw
      .split("\0")
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
  );
}

describe.runIf(process.platform === "linux")("the extraction child's environment", () => {
  /** Created once the secrets are in the environment: its children start after that. */
  let pool: ExtractionPool;
  beforeAll(() => {
    for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
    pool = new ExtractionPool();
  });
  afterAll(async () => {
    await pool.close();
    vi.unstubAllEnvs();
  });

  it("holds no secret of the parent, only the allow-listed variables, and still reads files", async () => {
    const document = await extractInIsolation({
      pool,
      bytes: new TextEncoder().encode("The child reads this file with a small environment."),
      fileName: "env.txt",
      ext: "txt",
    });
    expect(document.parts[0]?.text).toContain("small environment");
    const pid = pool.stats().processes[0]?.pid;
    expect(pid).toBeTypeOf("number");
    const env = await environmentOf(pid as number);
    for (const name of Object.keys(SECRETS)) expect(env.has(name)).toBe(false);
    const values = [...env.values()].join("\n");
    for (const secret of Object.values(SECRETS)) expect(values).not.toContain(secret);
    expect(env.get("PATH")).toBe(extractionChildEnv().PATH);
    // Node adds its IPC channel's descriptor and mode (NODE_CHANNEL_FD, NODE_CHANNEL_SERIALIZATION_MODE) itself.
    const allowed = ["PATH", "HOME", "TMPDIR", "TMP", "TEMP", "LANG", "LC_ALL", "LC_CTYPE", "TZ", "NODE_ENV"];
    for (const name of env.keys()) if (!name.startsWith("NODE_CHANNEL_")) expect(allowed).toContain(name);
  }, 60_000);
});
