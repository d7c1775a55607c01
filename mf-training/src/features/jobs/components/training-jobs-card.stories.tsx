// Storybook stories for the shared TrainingJobs widget: no jobs yet, a job running with its epoch progress, a
// completed job with its metrics dialog open, and a failed job; each story answers the widget's calls itself.
import { createQueryClient } from "@acp/client/query-client";
import { trainingJobKeys } from "@acp/client/training-jobs";
import { TRAINABLE_MODEL_TYPES } from "@acp/contracts/entities";
import type { DatasetReport, TrainingJobDetail, TrainingJobSummary } from "@acp/contracts/training";
import type { Decorator, Meta, StoryObj } from "@storybook/react-vite";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { completedJobDetail, datasetReport, trainingJob } from "../../../test/fixtures";
import { TrainingJobsCard } from "./training-jobs-card";

/** What the story's API answers: the jobs list, each job's detail, and the dataset check. */
type StoryApi = { jobs: TrainingJobSummary[]; details?: TrainingJobDetail[]; report?: DatasetReport };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

function answer(api: StoryApi, method: string, path: string): Response {
  if (method === "GET" && path === "/api/training-jobs") return json(200, api.jobs);
  if (method === "POST" && path === "/api/training-jobs/validate")
    return json(200, api.report ?? datasetReport());
  if (method === "POST" && path === "/api/training-jobs") {
    return json(409, { error: "Stories do not start jobs", code: "CONFLICT" });
  }
  const detail = api.details?.find((job) => path === `/api/training-jobs/${encodeURIComponent(job.id)}`);
  if (method === "GET" && detail) return json(200, detail);
  return json(404, { error: `No route ${method} ${path}`, code: "NOT_FOUND" });
}

/** Seeds the list and answers the widget's calls (polls, dialogs) from the story's `parameters.api`. */
const withTrainingApi: Decorator = (Story, context) => {
  const api = context.parameters.api as StoryApi;
  const [client] = useState(() => {
    globalThis.fetch = async (input, init) => {
      const url = new URL(String(input instanceof Request ? input.url : input), window.location.href);
      return answer(api, init?.method ?? "GET", url.pathname);
    };
    const queryClient = createQueryClient();
    queryClient.setQueryData(trainingJobKeys.list(), api.jobs);
    return queryClient;
  });
  return (
    <QueryClientProvider client={client}>
      <div className="mx-auto w-full max-w-2xl">
        <Story />
      </div>
    </QueryClientProvider>
  );
};

const meta = {
  title: "mf-training/TrainingJobs",
  component: TrainingJobsCard,
  decorators: [withTrainingApi],
  args: { modelType: undefined },
  argTypes: { modelType: { control: "select", options: [undefined, ...TRAINABLE_MODEL_TYPES] } },
  parameters: { api: { jobs: [] } satisfies StoryApi },
} satisfies Meta<typeof TrainingJobsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};

const earlier = (day: number) => new Date(Date.UTC(2026, 10, day, 9)).toISOString();

export const Running: Story = {
  parameters: {
    api: {
      jobs: [
        trainingJob({
          id: "run",
          name: "Q4 pipeline playbook",
          status: "running",
          currentEpoch: 6,
          progress: 60,
          createdAt: earlier(24),
        }),
        trainingJob({ id: "done", name: "Pricing notes", accuracy: 0.682, createdAt: earlier(20) }),
      ],
    } satisfies StoryApi,
  },
};

const completed = completedJobDetail({ id: "q3", name: "Q3 positioning", createdAt: earlier(22) });

export const CompletedWithMetrics: Story = {
  parameters: { api: { jobs: [completed], details: [completed] } satisfies StoryApi },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(
      await canvas.findByRole("button", { name: "View Training Metrics of Q3 positioning" }),
    );
  },
};

export const Failed: Story = {
  args: { modelType: "legal" },
  parameters: {
    api: {
      jobs: [
        trainingJob({
          id: "nda",
          name: "NDA clauses",
          modelType: "legal",
          status: "failed",
          currentEpoch: 0,
          error:
            "Too few question pairs to validate: Legal Foundation has 1 document; upload a few more and try again.",
          createdAt: earlier(23),
        }),
      ],
      report: datasetReport({
        documents: 1,
        pairs: 9,
        train: 7,
        validation: 2,
        problems: ["Too few question pairs to validate: 9, at least 50 are needed"],
        warnings: ["1 document is still processing and is not used yet"],
      }),
    } satisfies StoryApi,
  },
};
