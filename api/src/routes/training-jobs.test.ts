// GET /api/training-jobs: the user's own jobs, newest first, in the contract's shape.
import { trainingJobSchema } from "@acp/contracts/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { trainingJobs } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const jobListSchema = z.array(trainingJobSchema.strict());

describe.each(engines)("GET /api/training-jobs on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("returns the user's jobs newest first, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [first] = await t.database.db
      .insert(trainingJobs)
      .values({
        userId: a.user.id,
        name: "Q1 GTM",
        modelType: "gtm",
        epochs: 10,
        status: "completed",
        progress: 100,
        currentEpoch: 10,
        error: "internal detail that is not part of the entity",
        createdAt: new Date("2026-04-01T09:00:00.000Z"),
      })
      .returning();
    const [second] = await t.database.db
      .insert(trainingJobs)
      .values({
        userId: a.user.id,
        name: "Contracts",
        modelType: "legal",
        epochs: 20,
        status: "running",
        progress: 35,
        currentEpoch: 7,
        createdAt: new Date("2026-04-02T09:00:00.000Z"),
      })
      .returning();
    await t.database.db
      .insert(trainingJobs)
      .values({ userId: b.user.id, name: "B's job", modelType: "vision", epochs: 5 });

    const response = await t.request("/api/training-jobs", { cookie: a.cookie });
    expect(response.status).toBe(200);
    const list = jobListSchema.parse(await response.json());
    expect(list).toEqual([
      {
        id: second?.id,
        name: "Contracts",
        modelType: "legal",
        epochs: 20,
        status: "running",
        progress: 35,
        currentEpoch: 7,
        createdAt: "2026-04-02T09:00:00.000Z",
      },
      {
        id: first?.id,
        name: "Q1 GTM",
        modelType: "gtm",
        epochs: 10,
        status: "completed",
        progress: 100,
        currentEpoch: 10,
        createdAt: "2026-04-01T09:00:00.000Z",
      },
    ]);

    // The dashboard's active count agrees with the list (pending or running).
    const metrics = (await (await t.request("/api/dashboard/metrics", { cookie: a.cookie })).json()) as {
      activeTrainingJobs: number;
    };
    expect(metrics.activeTrainingJobs).toBe(
      list.filter((job) => job.status === "pending" || job.status === "running").length,
    );

    const forB = jobListSchema.parse(
      await (await t.request("/api/training-jobs", { cookie: b.cookie })).json(),
    );
    expect(forB).toMatchObject([{ name: "B's job", status: "pending", progress: 0, currentEpoch: 0 }]);
  });
});
