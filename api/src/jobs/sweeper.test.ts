// The sweeper: a processing document with a stale heartbeat and no live job is requeued, or failed once attempts are spent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { sweepStuckDocuments } from "./sweeper";

describe.each(engines)("sweepStuckDocuments on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    // No workers: the requeued job stays queued so the test can look at it.
    t = await createTestApp(engine, { config: { workers: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const insert = async (userId: string, values: Partial<typeof documents.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(documents)
      .values({ userId, originalName: "a.txt", name: "a.txt", mimeType: "text/plain", size: 1, ...values })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  };

  it("requeues a stuck document with attempts left, fails one without, and leaves fresh or settled ones alone", async () => {
    const a = await signUp(t);
    const stale = new Date(Date.now() - 10 * 60_000);
    const orphan = await insert(a.user.id, {
      stage: "embedding",
      progress: 60,
      attempts: 1,
      heartbeatAt: stale,
    });
    const spent = await insert(a.user.id, {
      stage: "extracting",
      attempts: 3,
      heartbeatAt: stale,
      sha256: "b",
    });
    const fresh = await insert(a.user.id, {
      stage: "embedding",
      attempts: 1,
      heartbeatAt: new Date(),
      sha256: "c",
    });
    const done = await insert(a.user.id, {
      status: "completed",
      stage: "completed",
      heartbeatAt: stale,
      sha256: "d",
    });

    const result = await sweepStuckDocuments(t.deps, { staleSeconds: 60 });
    expect(result.requeued).toEqual([orphan.id]);
    expect(result.failed).toEqual([spent.id]);

    const read = async (id: string) =>
      (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0];
    const requeued = await read(orphan.id);
    expect(requeued).toMatchObject({ status: "processing", stage: "queued", progress: 0 });
    expect(requeued?.jobId).toBeTruthy();
    expect(await t.deps.queues.ingestion.state(requeued?.jobId ?? "")).toBe("created");
    expect(await read(spent.id)).toMatchObject({
      status: "failed",
      stage: "failed",
      error: "Processing stopped: the worker handling this document stopped responding 3 times",
    });
    expect(await read(fresh.id)).toMatchObject({ status: "processing", stage: "embedding" });
    expect(await read(done.id)).toMatchObject({ status: "completed" });

    // A second pass leaves the requeued document to its live job.
    await t.database.db.update(documents).set({ heartbeatAt: stale }).where(eq(documents.id, orphan.id));
    expect(await sweepStuckDocuments(t.deps, { staleSeconds: 60 })).toEqual({
      requeued: [],
      failed: [],
      cleared: [],
    });
  });
});
