// kill -9 during ingestion, then restart: the real server process on a PGlite folder (and on PostgreSQL when
// DATABASE_URL is set) loses no document and leaves none processing.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { DocumentDetail, KnowledgeDocument, UploadResponse } from "@acp/contracts/knowledge";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import { bigCsv, call, freePort, kill9, startProcess as startServer, waitForHealth } from "../test/processes";

const postgresUrl = loadConfig().databaseUrl;

const legs: [string, boolean][] = [
  ["pglite", true],
  ["postgres", Boolean(postgresUrl)],
];

describe.each(legs.filter(([, enabled]) => enabled).map(([name]) => name))(
  "kill -9 during ingestion on %s",
  (engine) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    it("restarts and finishes every document: nothing lost, nothing stuck", async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env: Record<string, string> = {
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: base,
        WORKERS: "1",
      };
      if (engine === "pglite") {
        const dataDir = await mkdtemp(path.join(tmpdir(), "acp-crash-"));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        env.DATA_DIR = dataDir;
      } else {
        const name = `test_crash_${randomBytes(6).toString("hex")}`;
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE "${name}"`);
        await admin.end();
        cleanups.push(async () => {
          const dropper = new pg.Client({ connectionString: postgresUrl });
          await dropper.connect();
          await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
          await dropper.end();
        });
        const url = new URL(postgresUrl ?? "");
        url.pathname = `/${name}`;
        env.DATABASE_URL = url.href;
      }

      let running = startServer(env);
      cleanups.push(() => kill9(running));
      await waitForHealth(base, running);

      const headers = { origin: base };
      const signUp = await fetch(`${base}/api/auth/sign-up`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({
          firstName: "Crash",
          lastName: "Test",
          email: `crash.${randomBytes(4).toString("hex")}@example.test`,
          password: "correct horse battery",
        }),
      });
      expect(signUp.status).toBe(201);
      const cookie =
        (signUp.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "").split(";")[0] ?? "";

      const form = new FormData();
      form.append("files", new Blob([bigCsv(25_000) as Uint8Array<ArrayBuffer>]), "big.csv");
      form.append(
        "files",
        new Blob(["A small note that waits in the queue behind the big file."]),
        "small.txt",
      );
      const upload = await fetch(`${base}/api/documents/upload`, {
        method: "POST",
        headers: { ...headers, cookie },
        body: form,
      });
      expect(upload.status).toBe(201);
      const { documents } = (await upload.json()) as UploadResponse;
      const big = documents[0]?.id ?? "";

      // Wait until the big document is being worked on, then kill the server outright.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const detail = (await (
          await call(`${base}/api/documents/${big}`, { headers: { cookie } })
        ).json()) as DocumentDetail;
        if (detail.document.stage !== "queued" && detail.document.status === "processing") break;
        if (detail.document.status !== "processing")
          throw new Error(`finished before the kill: ${JSON.stringify(detail.document)}`);
        if (Date.now() > deadline) throw new Error("ingestion never started");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await kill9(running);

      running = startServer(env);
      await waitForHealth(base, running);
      const finishBy = Date.now() + 240_000;
      let list: KnowledgeDocument[] = [];
      while (Date.now() < finishBy) {
        const response = await call(`${base}/api/documents`, { headers: { cookie } }).catch(
          (error: unknown) => {
            throw new Error(
              `after the restart: ${String(error)}; server said: ${running.output.join("").slice(-4000)}`,
            );
          },
        );
        list = (await response.json()) as KnowledgeDocument[];
        if (list.length === 2 && list.every((d) => d.status !== "processing")) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(list.map((d) => [d.originalName, d.status, d.error])).toEqual(
        expect.arrayContaining([
          ["big.csv", "completed", null],
          ["small.txt", "completed", null],
        ]),
      );
      expect(list.every((d) => d.chunkCount > 0)).toBe(true);
      await kill9(running);
    }, 400_000);
  },
);

describe.runIf(Boolean(postgresUrl))("npm run worker on postgres", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("a separate worker process ingests what an API without workers (WORKERS=0) stores", async () => {
    const name = `test_worker_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await dropper.end();
    });
    const url = new URL(postgresUrl ?? "");
    url.pathname = `/${name}`;
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: url.href,
      WORKERS: "0",
    });
    cleanups.push(() => kill9(api));
    await waitForHealth(base, api);

    const signUp = await call(`${base}/api/auth/sign-up`, {
      method: "POST",
      headers: { origin: base, "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Worker",
        lastName: "Test",
        email: `worker.${randomBytes(4).toString("hex")}@example.test`,
        password: "correct horse battery",
      }),
    });
    const cookie =
      (signUp.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "").split(";")[0] ?? "";
    const form = new FormData();
    form.append("files", new Blob(["Quarterly targets were met in every region."]), "targets.txt");
    const upload = await call(`${base}/api/documents/upload`, {
      method: "POST",
      headers: { origin: base, cookie },
      body: form,
    });
    expect(upload.status).toBe(201);
    const { documents } = (await upload.json()) as UploadResponse;
    const id = documents[0]?.id ?? "";

    // Nobody works on it while the API runs no workers.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const waiting = (await (
      await call(`${base}/api/documents/${id}`, { headers: { cookie } })
    ).json()) as DocumentDetail;
    expect([waiting.document.status, waiting.document.stage]).toEqual(["processing", "queued"]);

    const worker = startServer({ DATABASE_URL: url.href, WORKERS: "1" }, "src/worker.ts");
    cleanups.push(() => kill9(worker));
    const deadline = Date.now() + 120_000;
    let detail = waiting;
    while (detail.document.status === "processing" && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      detail = (await (
        await call(`${base}/api/documents/${id}`, { headers: { cookie } })
      ).json()) as DocumentDetail;
    }
    expect([detail.document.status, detail.document.error], worker.output.join("")).toEqual([
      "completed",
      null,
    ]);
    expect(detail.chunkCount).toBeGreaterThan(0);
  }, 200_000);
});
