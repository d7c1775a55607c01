// The shared training component: the spec's blank-name message, "Training Job Created", the server's reason after
// "Failed to create training job" (409 while a job runs), Start disabled with its reason while a job is active, the
// progress "Epoch N of M", cancelling after confirmation, the metrics dialog (chart table with the baseline, before
// and after, outcome), the dry-run data check, a fixed model type, and the coming-soon actions.
import { TRAINING_JOB_ALREADY_RUNNING, type TrainingJobSummary } from "@acp/contracts/training";
import { mockApi, type Route, route, type SentRequest } from "@acp/federation/mock-api";
import { clearToasts, currentToast, renderRemotePage } from "@acp/federation/testing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { completedJobDetail, datasetReport, rankingMetrics, trainingJob } from "../../../test/fixtures";
import { TrainingJobsCard } from "./training-jobs-card";

beforeEach(() => clearToasts());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A small in-memory API for the training-jobs routes. */
function jobsApi(
  initial: TrainingJobSummary[],
  { conflict = false, more = [] }: { conflict?: boolean; more?: Route[] } = {},
) {
  let jobs = initial;
  return mockApi(
    ...more,
    route("GET", "/api/training-jobs", () => ({ status: 200, body: jobs })),
    route("GET", "/api/dashboard/metrics", { status: 200, body: {} }),
    route("POST", "/api/training-jobs", (request: SentRequest) => {
      if (conflict) return { status: 409, body: { error: TRAINING_JOB_ALREADY_RUNNING, code: "CONFLICT" } };
      const input = request.body as Pick<TrainingJobSummary, "name" | "modelType" | "epochs">;
      const created = trainingJob({ id: "new", status: "pending", ...input });
      jobs = [created, ...jobs];
      return { status: 201, body: created };
    }),
    (request) => {
      const match = /^\/api\/training-jobs\/([^/]+)\/cancel$/.exec(request.url);
      if (request.method !== "POST" || !match) return undefined;
      const id = decodeURIComponent(match[1] ?? "");
      jobs = jobs.map((job) =>
        job.id === id ? { ...job, status: "failed", error: "Cancelled before it finished" } : job,
      );
      return { status: 200, body: jobs.find((job) => job.id === id) };
    },
  );
}

const nameField = () => screen.getByLabelText("Job name");
const startButton = () =>
  screen.getByRole("button", { name: /Start Training|Starting/ }) as HTMLButtonElement;
/** Disabled for a pending or running job: aria-disabled, so it stays focusable and says why. */
const startBlocked = () => startButton().getAttribute("aria-disabled") === "true";

describe("TrainingJobsCard: starting a job", () => {
  it("refuses a blank name with the spec's message, beside the field and as a toast, and sends nothing", async () => {
    const api = jobsApi([]);
    renderRemotePage(<TrainingJobsCard />);
    await screen.findByText("No training jobs yet");
    fireEvent.change(nameField(), { target: { value: "   " } });
    fireEvent.click(startButton());
    expect(screen.getByText("Please enter a job name")).toBeTruthy();
    expect(currentToast()).toEqual({
      title: "Error",
      description: "Please enter a job name",
      variant: "destructive",
    });
    expect(nameField().getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(nameField());
    expect(api.sent("POST")).toEqual([]);
  });

  it("starts a job with the default model type and 10 epochs, toasts 'Training Job Created' and lists it", async () => {
    const api = jobsApi([]);
    renderRemotePage(<TrainingJobsCard />);
    await screen.findByText("No training jobs yet");
    expect(screen.getByRole("combobox", { name: "Model type" }).textContent).toContain("GTM Strategy");
    expect(screen.getByRole("combobox", { name: "Epochs" }).textContent).toContain("10 epochs");
    fireEvent.change(nameField(), { target: { value: "  Q4 playbook  " } });
    fireEvent.click(startButton());

    await waitFor(() => expect(currentToast()?.title).toBe("Training Job Created"));
    expect(api.sent("POST")[0]?.body).toEqual({ name: "Q4 playbook", modelType: "gtm", epochs: 10 });
    expect((nameField() as HTMLInputElement).value).toBe("");
    const list = await screen.findByRole("list");
    const [created] = within(list).getAllByRole("listitem");
    expect(created?.textContent).toContain("Q4 playbook");
    expect(created?.querySelector("[data-slot=badge]")?.textContent).toBe("pending");
    // The new job is pending: Start waits for it, saying why.
    await waitFor(() => expect(startBlocked()).toBe(true));
    expect(screen.getByText("Queued: waiting for the trainer to start.")).toBeTruthy();
  });

  it("shows the server's reason after 'Failed to create training job' when a job already runs", async () => {
    jobsApi([], { conflict: true });
    renderRemotePage(<TrainingJobsCard />);
    await screen.findByText("No training jobs yet");
    fireEvent.change(nameField(), { target: { value: "Second run" } });
    fireEvent.click(startButton());
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: `Failed to create training job: ${TRAINING_JOB_ALREADY_RUNNING}`,
        variant: "destructive",
      }),
    );
    expect((nameField() as HTMLInputElement).value).toBe("Second run");
  });

  it("trains only the given model type and lists only its jobs", async () => {
    const api = jobsApi([
      trainingJob({ id: "g1", name: "GTM run", modelType: "gtm" }),
      trainingJob({ id: "l1", name: "Contracts run", modelType: "legal" }),
    ]);
    renderRemotePage(<TrainingJobsCard modelType="legal" />);
    const list = await screen.findByRole("list");
    expect(within(list).getByText("Contracts run")).toBeTruthy();
    expect(within(list).queryByText("GTM run")).toBeNull();
    const modelType = screen.getByRole("combobox", { name: "Model type" });
    expect(modelType.textContent).toContain("Legal Foundation");
    expect(modelType.hasAttribute("disabled")).toBe(true);
    fireEvent.change(nameField(), { target: { value: "NDA clauses" } });
    fireEvent.click(startButton());
    await waitFor(() => expect(api.sent("POST")).toHaveLength(1));
    expect(api.sent("POST")[0]?.body).toEqual({ name: "NDA clauses", modelType: "legal", epochs: 10 });
  });

  it("trains a wizard's own agent beyond the page's three types, named in the form and its jobs", async () => {
    const api = jobsApi([
      trainingJob({ id: "t1", name: "Architecture run", modelType: "technical" }),
      trainingJob({ id: "f1", name: "Series A run", modelType: "fundraising" }),
    ]);
    renderRemotePage(<TrainingJobsCard modelType="technical" />);
    const list = await screen.findByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText(/Technical Architecture · 10 epochs/)).toBeTruthy();
    const modelType = screen.getByRole("combobox", { name: "Model type" });
    expect(modelType.textContent).toBe("Technical Architecture");
    expect(modelType.hasAttribute("disabled")).toBe(true);
    fireEvent.change(nameField(), { target: { value: "API review" } });
    fireEvent.click(startButton());
    await waitFor(() => expect(api.sent("POST")).toHaveLength(1));
    expect(api.sent("POST")[0]?.body).toEqual({ name: "API review", modelType: "technical", epochs: 10 });
    await waitFor(() => expect(currentToast()?.description).toContain("Technical Architecture, 10 epochs"));
  });

  it("offers only the spec's three model types on the Model Training page", async () => {
    jobsApi([trainingJob({ id: "f1", name: "Series A run", modelType: "fundraising" })]);
    renderRemotePage(<TrainingJobsCard />);
    // Jobs of every agent are listed with their agent's name.
    expect(await screen.findByText(/Fundraising Prep · 10 epochs/)).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("combobox", { name: "Model type" }), { key: "ArrowDown" });
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "GTM Strategy",
      "Legal Foundation",
      "Vision Refinement",
    ]);
  });
});

describe("TrainingJobsCard: the jobs", () => {
  it("shows the running job's epoch and progress and disables Start with the reason", async () => {
    const api = jobsApi([
      trainingJob({ id: "1", name: "Done run", accuracy: 0.714, createdAt: "2026-11-19T10:00:00.000Z" }),
      trainingJob({ id: "2", name: "Live run", status: "running", currentEpoch: 4, progress: 40 }),
    ]);
    renderRemotePage(<TrainingJobsCard />);
    expect(await screen.findByText("Epoch 4 of 10")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Live run progress" }).getAttribute("aria-valuenow")).toBe(
      "40",
    );
    expect(startBlocked()).toBe(true);
    const reason = document.getElementById(startButton().getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(
      '"Live run" is running: one job trains at a time. Wait for it to finish or cancel it to start another.',
    );
    fireEvent.change(nameField(), { target: { value: "Another run" } });
    fireEvent.submit(startButton().closest("form") as HTMLFormElement);
    expect(api.sent("POST")).toEqual([]);
    const items = within(screen.getByRole("list")).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("[data-slot=badge]")?.textContent)).toEqual([
      "running",
      "completed",
    ]);
    expect(items[1]?.textContent).toContain("Applied: 71.4% top-1 accuracy beat the untrained agent's 55.0%");
  });

  it("says in words when a completed job's model was not applied, and why", async () => {
    const verdict =
      "Not applied: 3.4% top-1 accuracy did not beat the untrained agent's 10.3%; GTM Strategy keeps its untrained ranking.";
    jobsApi([trainingJob({ id: "1", name: "Falling run", applied: false, accuracy: 0.103, verdict })]);
    renderRemotePage(<TrainingJobsCard />);
    const [item] = within(await screen.findByRole("list")).getAllByRole("listitem");
    expect(item?.textContent).toContain(verdict);
    expect(item?.textContent).not.toContain("accuracy 10.3%");
  });

  it("lists the 5 most recent jobs, newest first, with a failed job's reason", async () => {
    jobsApi(
      [1, 2, 3, 4, 5, 6, 7].map((day) =>
        trainingJob({
          id: String(day),
          name: `Run ${day}`,
          status: day === 7 ? "failed" : "completed",
          error: day === 7 ? "No documents for GTM Strategy yet: upload some first" : null,
          createdAt: new Date(Date.UTC(2026, 10, day)).toISOString(),
        }),
      ),
    );
    renderRemotePage(<TrainingJobsCard />);
    const list = await screen.findByRole("list");
    const names = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector(".font-medium")?.textContent);
    expect(names).toEqual(["Run 7", "Run 6", "Run 5", "Run 4", "Run 3"]);
    expect(within(list).getByText("No documents for GTM Strategy yet: upload some first")).toBeTruthy();
  });

  it("cancels the active job after confirmation and lists it as failed", async () => {
    const api = jobsApi([trainingJob({ id: "j/1", name: "Live run", status: "running", currentEpoch: 2 })]);
    renderRemotePage(<TrainingJobsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel Live run" }));
    const dialog = await screen.findByRole("dialog", { name: "Cancel Live run?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep training" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.sent("POST")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Cancel Live run" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Cancel Live run?" })).getByRole("button", {
        name: "Cancel job",
      }),
    );
    await waitFor(() => expect(currentToast()?.title).toBe("Training Job Cancelled"));
    expect(api.sent("POST").map((request) => request.url)).toEqual(["/api/training-jobs/j%2F1/cancel"]);
    expect(await screen.findByText("Cancelled before it finished")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(startBlocked()).toBe(false);
  });

  it("shows the server's reason when the job finished before the cancellation", async () => {
    jobsApi([trainingJob({ id: "j1", name: "Live run", status: "running", currentEpoch: 9 })], {
      more: [
        route("POST", "/api/training-jobs/j1/cancel", {
          status: 409,
          body: { error: "This training job has already finished", code: "CONFLICT" },
        }),
      ],
    });
    renderRemotePage(<TrainingJobsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Cancel job Live run" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Cancel Live run?" })).getByRole("button", {
        name: "Cancel job",
      }),
    );
    await waitFor(() =>
      expect(currentToast()).toEqual({
        title: "Error",
        description: "Failed to cancel training job: This training job has already finished",
        variant: "destructive",
      }),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says so when the jobs cannot be loaded, and retries", async () => {
    let fail = true;
    mockApi(
      route("GET", "/api/training-jobs", () =>
        fail
          ? { status: 503, body: { error: "The database is busy", code: "UNAVAILABLE" } }
          : { status: 200, body: [] },
      ),
    );
    renderRemotePage(<TrainingJobsCard />);
    expect(await screen.findByText("Training jobs could not be loaded: The database is busy")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: /Try again/ }));
    expect(await screen.findByText("No training jobs yet")).toBeTruthy();
  });
});

describe("TrainingJobsCard: metrics, data check and coming-soon actions", () => {
  it("shows a job's metrics: the per-epoch table with the baseline, before and after, and the outcome", async () => {
    jobsApi([trainingJob({ id: "7", name: "Q3 run", accuracy: 0.714 })], {
      more: [
        route("GET", "/api/training-jobs/7", {
          status: 200,
          body: completedJobDetail({ id: "7", name: "Q3 run" }),
        }),
      ],
    });
    renderRemotePage(<TrainingJobsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "View Training Metrics of Q3 run" }));
    const dialog = await screen.findByRole("dialog", { name: "Training metrics: Q3 run" });

    const perEpoch = await within(dialog).findByRole(
      "table",
      { name: "Training metrics per epoch" },
      // The chart module (and recharts) is loaded on demand: its first import takes a while on a busy machine.
      { timeout: 5000 },
    );
    const rows = within(perEpoch)
      .getAllByRole("row")
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual(["Epoch", "Training loss", "Validation loss", "Validation accuracy"]);
    expect(rows[1]).toEqual(["Untrained baseline", "—", "—", "55.0%"]);
    expect(rows[2]).toEqual(["1", "1.200", "1.300", "56.6%"]);
    expect(rows).toHaveLength(12);

    const beforeAfter = within(dialog).getByRole("table", {
      name: "Ranking quality of the untrained agent and of the best epoch",
    });
    expect(
      within(beforeAfter)
        .getAllByRole("row")
        .map((row) => Array.from(row.children, (cell) => cell.textContent)),
    ).toEqual([
      ["Figure", "Untrained", "Applied (epoch 10)"],
      ["Top-1 accuracy", "55.0%", "71.4%"],
      ["Recall@5", "75.0%", "91.4%"],
      ["MRR", "63.0%", "79.4%"],
      ["nDCG@10", "67.0%", "83.4%"],
    ]);
    expect(within(dialog).getByText("Applied")).toBeTruthy();
    expect(
      within(dialog).getByText(/GTM Strategy now ranks its passages with the model of epoch 10\.$/),
    ).toBeTruthy();

    // Each measure is explained in plain words for someone who does not know the acronyms.
    const legend = within(dialog).getByRole("region", { name: "What the figures mean" });
    const terms = within(legend)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(terms).toEqual(["Training loss", "Top-1 accuracy", "Recall@5", "MRR", "nDCG@10"]);
    const meaning = (term: string) =>
      within(legend).getByText(term, { selector: "dt" }).nextElementSibling?.textContent ?? "";
    expect(meaning("Top-1 accuracy")).toMatch(/passage the agent puts first/);
    expect(meaning("Recall@5")).toMatch(/among the first five/);
    expect(meaning("MRR")).toMatch(/mean reciprocal rank/i);
    expect(meaning("nDCG@10")).toMatch(/first ten/);
  });

  it("shows a job that was not applied with its figures and the reason", async () => {
    const summary =
      "Not applied: 3.4% top-1 accuracy did not beat the untrained agent's 10.3%; GTM Strategy keeps its untrained ranking.";
    jobsApi([trainingJob({ id: "8", name: "Falling run", applied: false, verdict: summary })], {
      more: [
        route("GET", "/api/training-jobs/8", {
          status: 200,
          body: completedJobDetail({
            id: "8",
            name: "Falling run",
            epochs: 5,
            baseline: rankingMetrics(0.103),
            outcome: {
              bestEpoch: 5,
              best: rankingMetrics(0.034),
              applied: false,
              summary,
              fineTunedModel: null,
              keptModel: null,
            },
          }),
        }),
      ],
    });
    renderRemotePage(<TrainingJobsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "View Training Metrics of Falling run" }));
    const dialog = await screen.findByRole("dialog", { name: "Training metrics: Falling run" });
    const beforeAfter = await within(dialog).findByRole("table", {
      name: "Ranking quality of the untrained agent and of the best epoch",
    });
    const rows = within(beforeAfter)
      .getAllByRole("row")
      .map((row) => Array.from(row.children, (cell) => cell.textContent));
    expect(rows[0]).toEqual(["Figure", "Untrained", "Not applied (epoch 5)"]);
    expect(rows[1]).toEqual(["Top-1 accuracy", "10.3%", "3.4%"]);
    expect(within(dialog).getByText("Not applied", { selector: "[data-slot=badge]" })).toBeTruthy();
    expect(within(dialog).getByText(summary)).toBeTruthy();
  });

  it("runs the dry-run check for the selected model type and lists problems, warnings, counts and cost", async () => {
    const report = datasetReport({
      documents: 1,
      pairs: 8,
      estimatedCostUsd: 0.42,
      billedTokens: 52_000,
      problems: ["Too few question pairs to validate: 8, at least 50 are needed"],
      warnings: ["1 document is still processing and is not used yet"],
    });
    const api = jobsApi([], {
      more: [route("POST", "/api/training-jobs/validate", { status: 200, body: report })],
    });
    renderRemotePage(<TrainingJobsCard modelType="vision" />);
    fireEvent.click(await screen.findByRole("button", { name: "Validate Data" }));
    const dialog = await screen.findByRole("dialog", { name: "Validate Vision Refinement data" });
    expect(await within(dialog).findByText("Training would be refused with this data.")).toBeTruthy();
    const problems = within(dialog).getByRole("heading", { name: "Problems" }).nextElementSibling;
    expect(problems?.textContent).toBe("Too few question pairs to validate: 8, at least 50 are needed");
    expect(problems?.className).toContain("text-destructive");
    expect(within(dialog).getByText("1 document is still processing and is not used yet")).toBeTruthy();
    const counts = within(dialog).getByLabelText("What the dataset holds");
    expect(counts.textContent).toContain("Documents1");
    expect(counts.textContent).toContain("Question pairs8");
    expect(within(dialog).getByLabelText("Token lengths").textContent).toContain(
      "Estimated cost$0.42 (52,000 tokens)",
    );
    expect(api.requests.find((request) => request.url === "/api/training-jobs/validate")?.body).toEqual({
      modelType: "vision",
    });
  });

  it("says 'Feature Coming Soon' for training feedback and bulk import", async () => {
    jobsApi([]);
    renderRemotePage(<TrainingJobsCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Collect Training Feedback" }));
    expect(currentToast()?.title).toBe("Feature Coming Soon");
    clearToasts();
    fireEvent.click(screen.getByRole("button", { name: "Bulk Import" }));
    expect(currentToast()?.title).toBe("Feature Coming Soon");
  });
});
