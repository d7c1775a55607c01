// The exposed TrainingJobs is the shared training component: the jobs card, fixed to a model type when given one.

import { mockApi, route } from "@acp/federation/mock-api";
import { renderRemotePage } from "@acp/federation/testing";
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import TrainingJobs from "./training-jobs";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TrainingJobs (exposed)", () => {
  it("renders the jobs card with the model type fixed", async () => {
    mockApi(route("GET", "/api/training-jobs", { status: 200, body: [] }));
    renderRemotePage(<TrainingJobs modelType="vision" />);
    expect(screen.getAllByRole("heading", { level: 2, name: "Active Training Jobs" })).toHaveLength(1);
    expect(await screen.findByText("No training jobs yet")).toBeTruthy();
    const modelType = screen.getByRole("combobox", { name: "Model type" });
    expect(modelType.textContent).toContain("Vision Refinement");
    expect(modelType.hasAttribute("disabled")).toBe(true);
  });

  it("lets the user choose the model type when none is given", async () => {
    mockApi(route("GET", "/api/training-jobs", { status: 200, body: [] }));
    renderRemotePage(<TrainingJobs />);
    await screen.findByText("No training jobs yet");
    expect(screen.getByRole("combobox", { name: "Model type" }).hasAttribute("disabled")).toBe(false);
  });
});
