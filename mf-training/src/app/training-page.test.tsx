// The training page: the spec title, the jobs card (empty state, running job), the training data sources card with
// the knowledge remote's upload loaded through federation (here the registry is unreachable, so that section says it
// failed to load while the rest of the page works) and the guidelines.
import { trainingJobKeys } from "@acp/client/training-jobs";
import { mockApi } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { trainingJob } from "../test/fixtures";
import { TrainingPage } from "./training-page";

beforeEach(() => {
  mockApi();
  vi.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("TrainingPage", () => {
  it("shows the title, the three cards, an empty jobs state and the guidelines", async () => {
    renderRemotePage(<TrainingPage />, { data: [[trainingJobKeys.list(), []]] });
    expect(screen.getAllByRole("heading", { level: 1, name: "Model Training & Fine-tuning" })).toHaveLength(
      1,
    );
    for (const card of ["Active Training Jobs", "Training Data Sources", "Training Guidelines"]) {
      expect(screen.getAllByRole("heading", { level: 2, name: card })).toHaveLength(1);
    }
    expect(screen.getAllByText("No training jobs yet")).toHaveLength(1);
    for (const section of ["Data Preparation", "Training Process", "Best Practices"]) {
      expect(screen.getAllByRole("heading", { name: section })).toHaveLength(1);
    }
    expect(screen.getAllByText("Maximum 200MB per file")).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Knowledge Base" }).getAttribute("href")).toBe("/knowledge");
    expect(await screen.findByRole("heading", { name: "This section failed to load" })).toBeTruthy();
  });

  it("shows the running job's epoch and progress", () => {
    renderRemotePage(<TrainingPage />, {
      data: [
        [
          trainingJobKeys.list(),
          [
            trainingJob({ id: "1" }),
            trainingJob({ id: "2", name: "Job 2", status: "running", currentEpoch: 4, progress: 40 }),
          ],
        ],
      ],
    });
    expect(screen.getAllByText("Epoch 4 of 10")).toHaveLength(1);
    expect(screen.getByRole("progressbar", { name: "Job 2 progress" }).getAttribute("aria-valuenow")).toBe(
      "40",
    );
  });
});
