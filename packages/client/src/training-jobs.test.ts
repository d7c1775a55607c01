// Creating a training job refetches the job list AND the dashboard metrics (spec section 7: metrics refresh "after
// changes"), and the list is polled every 10 s.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dashboardMetricsQueryOptions } from "./dashboard-metrics";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";
import { createTrainingJobMutationOptions, trainingJobKeys, trainingJobsQueryOptions } from "./training-jobs";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

describe("training jobs", () => {
  it("polls the list every 10 s under ['training-jobs', {}]", () => {
    const options = trainingJobsQueryOptions();
    expect(options.queryKey).toEqual(["training-jobs", {}]);
    expect(options.queryKey.slice(0, 1)).toEqual(trainingJobKeys.all);
    expect(options.refetchInterval).toBe(10_000);
  });

  it("refetches the jobs and the dashboard metrics after creating a job", async () => {
    let jobs: unknown[] = [];
    let activeTrainingJobs = 0;
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/training-jobs" ? { status: 200, body: jobs } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/dashboard/metrics"
        ? { status: 200, body: { activeTrainingJobs } }
        : undefined,
    );
    api.handle(({ method, url, body }) => {
      if (method !== "POST" || url !== "/api/training-jobs") return undefined;
      const job = {
        id: "j1",
        ...(JSON.parse(body) as object),
        status: "pending",
        progress: 0,
        currentEpoch: 0,
      };
      jobs = [job];
      activeTrainingJobs = 1;
      return { status: 201, body: job };
    });
    const client = createQueryClient();
    const list = new QueryObserver(client, trainingJobsQueryOptions());
    const metrics = new QueryObserver(client, dashboardMetricsQueryOptions());
    const stop = [list.subscribe(() => {}), metrics.subscribe(() => {})];
    await vi.waitFor(() => expect(metrics.getCurrentResult().data).toEqual({ activeTrainingJobs: 0 }));

    await new MutationObserver(client, createTrainingJobMutationOptions()).mutate({
      name: "Q3 GTM",
      modelType: "gtm",
      epochs: 10,
    });
    expect(list.getCurrentResult().data).toEqual([expect.objectContaining({ name: "Q3 GTM", epochs: 10 })]);
    expect(metrics.getCurrentResult().data).toEqual({ activeTrainingJobs: 1 });
    for (const unsubscribe of stop) unsubscribe();
  });
});
