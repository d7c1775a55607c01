// The training-jobs module against a real HTTP server: the list and an active job's detail are polled every 10 s (a
// finished job's is not), starting and cancelling send what the API expects and refetch the jobs and the dashboard
// metrics, the dataset check sends the model type, and failures carry the server's sentence.
import type { DashboardMetrics } from "@acp/contracts/entities";
import {
  TRAINING_JOB_ALREADY_RUNNING,
  type TrainingJobDetail,
  type TrainingJobSummary,
} from "@acp/contracts/training";
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { dashboardMetricsQueryOptions } from "./dashboard-metrics";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";
import {
  cancelTrainingJobMutationOptions,
  createTrainingJobMutationOptions,
  isActiveTrainingJob,
  trainingJobDetailQueryOptions,
  trainingJobKeys,
  trainingJobsQueryOptions,
  validateTrainingDataMutationOptions,
} from "./training-jobs";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const job = (id: string, change: Partial<TrainingJobSummary> = {}): TrainingJobSummary => ({
  id,
  name: `Job ${id}`,
  modelType: "gtm",
  epochs: 10,
  status: "pending",
  progress: 0,
  currentEpoch: 0,
  createdAt: "2026-11-20T10:00:00.000Z",
  provider: "built-in",
  customAgent: null,
  error: null,
  startedAt: null,
  completedAt: null,
  accuracy: null,
  applied: null,
  verdict: null,
  ...change,
});

const detail = (summary: TrainingJobSummary): TrainingJobDetail => ({
  ...summary,
  dataset: null,
  baseline: null,
  epochMetrics: [],
  outcome: null,
});

const gets = (url: string) => api.requests.filter((r) => r.method === "GET" && r.url === url).length;

describe("training jobs", () => {
  it("polls the list every 10 s under ['training-jobs', {}] and keys details under ['training-jobs']", () => {
    const options = trainingJobsQueryOptions();
    expect(options.queryKey).toEqual(["training-jobs", {}]);
    expect(options.queryKey.slice(0, 1)).toEqual(trainingJobKeys.all);
    expect(options.refetchInterval).toBe(10_000);
    expect(trainingJobDetailQueryOptions("j1").queryKey.slice(0, 1)).toEqual(trainingJobKeys.all);
  });

  it("tells active jobs (pending, running) from finished ones", () => {
    expect(
      (["pending", "running", "completed", "failed"] as const).map((status) =>
        isActiveTrainingJob({ status }),
      ),
    ).toEqual([true, true, false, false]);
  });

  it("reads a job's detail and polls it only while the job is pending or running", async () => {
    let current = detail(job("j/1", { status: "running", currentEpoch: 3, progress: 30 }));
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/training-jobs/j%2F1" ? { status: 200, body: current } : undefined,
    );
    const client = createQueryClient();
    const options = trainingJobDetailQueryOptions("j/1");
    const interval = options.refetchInterval as (query: unknown) => number | false;
    const observer = new QueryObserver(client, options);
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.currentEpoch).toBe(3));
    const query = client.getQueryCache().find({ queryKey: options.queryKey });
    expect(interval(query)).toBe(10_000);

    current = detail(job("j/1", { status: "completed", currentEpoch: 10, progress: 100, accuracy: 0.7 }));
    await observer.refetch();
    expect(observer.getCurrentResult().data?.status).toBe("completed");
    expect(interval(query)).toBe(false);
    stop();
  });

  it("starts and cancels jobs, refetching the jobs and the dashboard metrics after each", async () => {
    let jobs: TrainingJobSummary[] = [];
    let metrics: DashboardMetrics = { activeTrainingJobs: 0 };
    api.handle(({ method, url, body }) => {
      if (method === "GET" && url === "/api/training-jobs") return { status: 200, body: jobs };
      if (method === "GET" && url === "/api/dashboard/metrics") return { status: 200, body: metrics };
      if (method === "POST" && url === "/api/training-jobs") {
        const input = JSON.parse(body) as Pick<TrainingJobSummary, "name" | "modelType" | "epochs">;
        jobs = [job("j/2", input), ...jobs];
        metrics = { activeTrainingJobs: 1 };
        return { status: 201, body: jobs[0] };
      }
      if (method === "POST" && url === "/api/training-jobs/j%2F2/cancel") {
        jobs = jobs.map((j) => (j.id === "j/2" ? { ...j, status: "failed", error: "Cancelled by you" } : j));
        metrics = { activeTrainingJobs: 0 };
        return { status: 200, body: jobs[0] };
      }
      return undefined;
    });
    const client = createQueryClient();
    const list = new QueryObserver(client, trainingJobsQueryOptions());
    const dashboard = new QueryObserver(client, dashboardMetricsQueryOptions());
    const unsubscribe = [list.subscribe(() => {}), dashboard.subscribe(() => {})];
    await vi.waitFor(() => expect(list.getCurrentResult().data).toEqual([]));
    await vi.waitFor(() => expect(dashboard.getCurrentResult().data?.activeTrainingJobs).toBe(0));

    const created = await new MutationObserver(client, createTrainingJobMutationOptions()).mutate({
      name: "Q4 pipeline",
      modelType: "legal",
      epochs: 15,
    });
    expect(created).toMatchObject({ id: "j/2", name: "Q4 pipeline", status: "pending" });
    expect(JSON.parse(api.requests.find((r) => r.method === "POST")?.body ?? "")).toEqual({
      name: "Q4 pipeline",
      modelType: "legal",
      epochs: 15,
    });
    expect(list.getCurrentResult().data?.map((j) => j.name)).toEqual(["Q4 pipeline"]);
    expect(dashboard.getCurrentResult().data?.activeTrainingJobs).toBe(1);

    const cancelled = await new MutationObserver(client, cancelTrainingJobMutationOptions()).mutate("j/2");
    expect(cancelled).toMatchObject({ status: "failed", error: "Cancelled by you" });
    expect(list.getCurrentResult().data?.[0]?.status).toBe("failed");
    expect(dashboard.getCurrentResult().data?.activeTrainingJobs).toBe(0);
    expect(gets("/api/training-jobs")).toBe(3);
    expect(gets("/api/dashboard/metrics")).toBe(3);
    for (const stop of unsubscribe) stop();
  });

  it("checks a model type's dataset without training", async () => {
    api.handle(({ method, url }) =>
      method === "POST" && url === "/api/training-jobs/validate"
        ? { status: 200, body: { pairs: 0, problems: ["No documents for Legal Foundation yet"] } }
        : undefined,
    );
    const report = await new MutationObserver(
      createQueryClient(),
      validateTrainingDataMutationOptions(),
    ).mutate({ modelType: "legal" });
    expect(report.problems).toEqual(["No documents for Legal Foundation yet"]);
    expect(JSON.parse(api.requests[0]?.body ?? "")).toEqual({ modelType: "legal" });
  });

  it("answers with the server's message on failure", async () => {
    api.handle(({ method, url }) => {
      if (method === "POST" && url === "/api/training-jobs") {
        return { status: 409, body: { error: TRAINING_JOB_ALREADY_RUNNING, code: "CONFLICT" } };
      }
      if (method === "POST" && url === "/api/training-jobs/j1/cancel") {
        return { status: 409, body: { error: "This training job has already finished", code: "CONFLICT" } };
      }
      return undefined;
    });
    const client = createQueryClient();
    await expect(
      new MutationObserver(client, createTrainingJobMutationOptions()).mutate({ name: "Again" }),
    ).rejects.toMatchObject({ status: 409, code: "CONFLICT", serverMessage: TRAINING_JOB_ALREADY_RUNNING });
    await expect(
      new MutationObserver(client, cancelTrainingJobMutationOptions()).mutate("j1"),
    ).rejects.toMatchObject({ status: 409, serverMessage: "This training job has already finished" });
  });
});
