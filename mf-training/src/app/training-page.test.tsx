// The training page: spec title, the jobs card (empty state, running job, 5 most recent) and the guidelines.
import { trainingJobKeys } from "@acp/client/training-jobs";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recentJobs } from "../features/jobs/components/training-jobs-card";
import { TrainingPage } from "./training-page";

const job = (id: number, status: "pending" | "running" | "completed" | "failed") => ({
  id: String(id),
  name: `Job ${id}`,
  modelType: "gtm" as const,
  epochs: 10 as const,
  status,
  progress: 40,
  currentEpoch: 4,
  createdAt: new Date(Date.UTC(2026, 10, id)).toISOString(),
});

beforeEach(() => vi.stubGlobal("fetch", () => new Promise(() => {})));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TrainingPage", () => {
  it("shows the title, an empty jobs state and the guidelines", () => {
    renderRemotePage(<TrainingPage />, { data: [[trainingJobKeys.list(), []]] });
    expect(screen.getAllByRole("heading", { level: 1, name: "Model Training & Fine-tuning" })).toHaveLength(
      1,
    );
    expect(screen.getAllByText("No training jobs yet")).toHaveLength(1);
    expect(screen.getAllByRole("heading", { name: "Training Guidelines" })).toHaveLength(1);
    for (const section of ["Data Preparation", "Training Process", "Best Practices"]) {
      expect(screen.getAllByRole("heading", { name: section })).toHaveLength(1);
    }
    expect(screen.getAllByText("Maximum 200MB per file")).toHaveLength(1);
  });

  it("shows the running job's epoch and progress", () => {
    renderRemotePage(<TrainingPage />, {
      data: [[trainingJobKeys.list(), [job(1, "completed"), job(2, "running")]]],
    });
    expect(screen.getAllByText("Job 2 — epoch 4 of 10")).toHaveLength(1);
    expect(screen.getByRole("progressbar", { name: "Job 2 progress" }).getAttribute("aria-valuenow")).toBe(
      "40",
    );
  });
});

describe("recentJobs", () => {
  it("keeps the 5 newest, newest first", () => {
    const jobs = [1, 2, 3, 4, 5, 6, 7].map((id) => job(id, "completed"));
    expect(recentJobs(jobs).map((j) => j.id)).toEqual(["7", "6", "5", "4", "3"]);
  });
});
