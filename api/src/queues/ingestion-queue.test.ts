// The ingestion queue: a process that runs no workers (WORKERS=0) still enqueues jobs inside the upload's transaction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { uploadOk } from "../test/uploads";

describe.each(engines)("ingestion queue on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { config: { workers: 0 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("queues the first upload of a process without workers (it used to wait on its own transaction)", async () => {
    const { cookie } = await signUp(t);
    const [document] = await uploadOk(t, cookie, [{ name: "first.txt", content: "The first upload." }]);
    expect(document).toMatchObject({ status: "processing" });
    const jobId = (await t.deps.database.db.query.documents.findFirst())?.jobId;
    expect(jobId).toBeTruthy();
    expect(await t.deps.queues.ingestion.state(jobId ?? "")).toBe("created");
  }, 15_000);
});
