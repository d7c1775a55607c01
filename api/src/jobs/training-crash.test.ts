// kill -9 while a training job runs, then restart: the real server process on a PGlite folder (and on PostgreSQL when
// DATABASE_URL is set) leaves no job "running": the interrupted one fails saying where it stopped, and the next runs.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UploadResponse } from "@acp/contracts/knowledge";
import type { TrainingJobDetail } from "@acp/contracts/training";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../env";
import {
  apiEnvironment,
  call,
  freePort,
  kill9,
  signUpOver,
  startProcess,
  throwawayPostgres,
  waitForHealth,
} from "../test/processes";
import { trainingCorpus } from "../test/training-corpus";

const postgresUrl = loadConfig().databaseUrl;

const legs: [string, boolean][] = [
  ["pglite", true],
  ["postgres", Boolean(postgresUrl)],
];

describe.each(legs.filter(([, enabled]) => enabled).map(([name]) => name))(
  "kill -9 during training on %s",
  (engine) => {
    const cleanups: (() => Promise<void>)[] = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    });

    it("restarts with the interrupted job failed (never stuck running) and trains the next one", async () => {
      const extra: Record<string, string> = { WORKERS: "1" };
      if (engine === "pglite") {
        const dataDir = await mkdtemp(path.join(tmpdir(), "acp-train-crash-"));
        cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
        extra.DATA_DIR = dataDir;
      } else {
        const database = await throwawayPostgres(postgresUrl ?? "", "test_train_crash");
        cleanups.push(database.drop);
        extra.DATABASE_URL = database.url;
      }
      const { base, env } = apiEnvironment(await freePort(), extra);
      let running = startProcess(env);
      cleanups.push(() => kill9(running));
      await waitForHealth(base, running);
      const cookie = await signUpOver(base);
      const headers = { origin: base, cookie };

      const form = new FormData();
      form.append("agentId", "gtm");
      for (const [index, passages] of trainingCorpus({
        documents: 8,
        passages: 12,
        sentences: 10,
      }).entries()) {
        form.append("files", new Blob([passages.join("\n\n")]), `manual-${index}.txt`);
      }
      const upload = await call(`${base}/api/documents/upload`, { method: "POST", headers, body: form });
      expect(upload.status).toBe(201);
      const { documents } = (await upload.json()) as UploadResponse;
      const readyBy = Date.now() + 120_000;
      for (;;) {
        const list = (await (await call(`${base}/api/documents`, { headers })).json()) as {
          status: string;
        }[];
        if (list.length === documents.length && list.every((d) => d.status === "completed")) break;
        if (Date.now() > readyBy) throw new Error(`documents not ready: ${JSON.stringify(list)}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }

      const start = (epochs: number) =>
        call(`${base}/api/training-jobs`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json" },
          body: JSON.stringify({ name: "Crash me", modelType: "gtm", epochs }),
        });
      const created = await start(20);
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      const job = async () =>
        (await (await call(`${base}/api/training-jobs/${id}`, { headers })).json()) as TrainingJobDetail;
      // Killed once the worker is on it (its dataset checked), before it can finish.
      const startedBy = Date.now() + 60_000;
      for (;;) {
        const current = await job();
        if (current.status === "running" && current.dataset !== null) break;
        if (current.status !== "pending" && current.status !== "running") {
          throw new Error(`finished before the kill: ${JSON.stringify(current)}`);
        }
        if (Date.now() > startedBy) throw new Error("training never started");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await kill9(running);

      running = startProcess(env);
      await waitForHealth(base, running);
      const settledBy = Date.now() + 150_000;
      let after = await job();
      while ((after.status === "running" || after.status === "pending") && Date.now() < settledBy) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        after = await job();
      }
      expect(after.status).toBe("failed");
      expect(after.error).toMatch(/^Training stopped because the server running it restarted/);

      const next = await start(5);
      expect(next.status).toBe(201);
      const nextId = ((await next.json()) as { id: string }).id;
      const doneBy = Date.now() + 150_000;
      let final = (await (
        await call(`${base}/api/training-jobs/${nextId}`, { headers })
      ).json()) as TrainingJobDetail;
      while (final.status !== "completed" && final.status !== "failed" && Date.now() < doneBy) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        final = (await (
          await call(`${base}/api/training-jobs/${nextId}`, { headers })
        ).json()) as TrainingJobDetail;
      }
      expect(final).toMatchObject({ status: "completed", currentEpoch: 5 });
      await kill9(running);
    }, 500_000);
  },
);
