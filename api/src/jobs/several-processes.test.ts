// Real processes: a document whose last attempt is killed ends failed with nothing searchable, and on PostgreSQL two API
// instances and a worker agree on what answers (never half a document, a completed one at once, a deleted one gone).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentDetail, RetrievalSearchResponse, UploadResponse } from "@acp/contracts/knowledge";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "../db/create-database";
import { rowsOf } from "../db/rows-of";
import { loadConfig } from "../env";
import {
  apiEnvironment,
  bigCsv,
  call,
  freePort,
  kill9,
  type Running,
  signUpOver,
  startProcess,
  throwawayPostgres,
  waitForHealth,
} from "../test/processes";
import { testConfig } from "../test/test-app";

const postgresUrl = loadConfig().databaseUrl;

/** The words every row of bigCsv holds. */
const QUERY = "widgets gadgets";

async function upload(base: string, cookie: string, rows: number): Promise<string> {
  const form = new FormData();
  form.append("files", new Blob([bigCsv(rows) as Uint8Array<ArrayBuffer>]), "big.csv");
  const response = await call(`${base}/api/documents/upload`, {
    method: "POST",
    headers: { origin: base, cookie },
    body: form,
  });
  expect(response.status).toBe(201);
  const { documents } = (await response.json()) as UploadResponse;
  return documents[0]?.id ?? "";
}

async function detail(base: string, cookie: string, id: string) {
  const response = await call(`${base}/api/documents/${id}`, { headers: { cookie } });
  return response.status === 404 ? undefined : ((await response.json()) as DocumentDetail);
}

/** The documents a search on `base` returns, below the threshold too. */
async function documentsFound(base: string, cookie: string): Promise<string[]> {
  const response = await call(`${base}/api/retrieval/search`, {
    method: "POST",
    headers: { origin: base, cookie, "content-type": "application/json" },
    body: JSON.stringify({ query: QUERY, topK: 10, includeBelowThreshold: true }),
  });
  expect(response.status).toBe(200);
  const { results } = (await response.json()) as RetrievalSearchResponse;
  return [...new Set(results.map((result) => result.documentId))];
}

async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 180_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const legs = [
  ["pglite", true],
  ["postgres", Boolean(postgresUrl)],
] as const;

describe.each(legs.filter(([, enabled]) => enabled).map(([name]) => name))(
  "kill -9 during the last attempt on %s",
  (engine) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    it("after the restart the document is failed and nothing of it is returned", async () => {
      const own: Record<string, string> = { WORKERS: "1" };
      if (engine === "pglite") {
        const dataDir = await mkdtemp(path.join(tmpdir(), "acp-last-attempt-"));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        own.DATA_DIR = dataDir;
      } else {
        const database = await throwawayPostgres(postgresUrl ?? "", "test_last_attempt");
        cleanups.push(database.drop);
        own.DATABASE_URL = database.url;
      }
      const { base, env } = apiEnvironment(await freePort(), own);
      let running: Running = startProcess(env);
      cleanups.push(() => kill9(running));
      await waitForHealth(base, running);
      const cookie = await signUpOver(base);
      const id = await upload(base, cookie, 25_000);
      // Chunks are being written: kill the process outright.
      await waitFor("embedding", async () =>
        (await detail(base, cookie, id))?.document.stage === "embedding" ? true : undefined,
      );
      await kill9(running);

      // Make it the last attempt: pg-boss has no retry left, and the attempt's heartbeat is long stale.
      const database = await createDatabase(
        testConfig({
          databaseUrl: own.DATABASE_URL,
          ...(own.DATA_DIR ? { dataDir: own.DATA_DIR } : {}),
        }),
      );
      const stale = new Date(Date.now() - 3_600_000).toISOString();
      await database.db.execute(
        sql`update documents set attempts = 3, heartbeat_at = ${stale}::timestamptz where id = ${id}`,
      );
      await database.db.execute(
        sql`update pgboss.job set retry_count = retry_limit where id::text = (select job_id from documents where id = ${id})`,
      );
      const [leftover] = rowsOf<{ n: number }>(
        await database.db.execute(
          sql`select count(*)::integer as n from document_chunks where document_id = ${id}`,
        ),
      );
      expect(Number(leftover?.n ?? 0)).toBeGreaterThan(0);
      await database.close();

      running = startProcess(env);
      await waitForHealth(base, running);
      const settled = await waitFor("the document to settle", async () => {
        const now = await detail(base, cookie, id);
        return now && now.document.status !== "processing" ? now : undefined;
      });
      expect(settled.document.status, running.output.join("")).toBe("failed");
      expect(settled.document.error).toMatch(/stopped/i);
      expect(await documentsFound(base, cookie)).not.toContain(id);
    }, 400_000);
  },
);

describe.runIf(Boolean(postgresUrl))("two API instances and a worker on postgres", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("instance B never returns a half-ingested document, finds it once completed, and loses it once A deletes it", async () => {
    const database = await throwawayPostgres(postgresUrl ?? "", "test_instances");
    cleanups.push(database.drop);
    const a = apiEnvironment(await freePort(), { DATABASE_URL: database.url, WORKERS: "0" });
    const b = apiEnvironment(await freePort(), { DATABASE_URL: database.url, WORKERS: "0" });
    const apiA = startProcess(a.env);
    cleanups.push(() => kill9(apiA));
    await waitForHealth(a.base, apiA);
    const apiB = startProcess(b.env);
    cleanups.push(() => kill9(apiB));
    await waitForHealth(b.base, apiB);
    const worker = startProcess({ DATABASE_URL: database.url, WORKERS: "1" }, "src/worker.ts");
    cleanups.push(() => kill9(worker));

    const cookie = await signUpOver(a.base);
    const id = await upload(a.base, cookie, 25_000);
    // While the worker ingests, B's answers never hold the document; then A says completed and B finds it at once.
    let searchesDuringEmbedding = 0;
    await waitFor(
      "the document to complete",
      async () => {
        // B first, then A: whatever B returned, A says completed afterwards, or it was not the document.
        const found = await documentsFound(b.base, cookie);
        const now = await detail(a.base, cookie, id);
        if (now?.document.status === "completed") return true;
        expect(now?.document.status, worker.output.join("")).toBe("processing");
        expect(found).not.toContain(id);
        if (now?.document.stage === "embedding") searchesDuringEmbedding += 1;
        return undefined;
      },
      240_000,
    );
    expect(searchesDuringEmbedding).toBeGreaterThan(0);
    expect(await documentsFound(b.base, cookie)).toContain(id);

    const deleted = await call(`${a.base}/api/documents/${id}`, {
      method: "DELETE",
      headers: { origin: a.base, cookie },
    });
    expect(deleted.ok).toBe(true);
    expect(await documentsFound(b.base, cookie)).not.toContain(id);
  }, 400_000);
});
