// The signed-in user's training jobs (mounted at /api/training-jobs): list, create, one job's metrics, cancel, and the
// dataset check alone ("Validate Data").
import { AGENT_NAME_MAX_CHARS } from "@acp/contracts/constants";
import { createTrainingJobSchema } from "@acp/contracts/inputs";
import { VALIDATION } from "@acp/contracts/messages";
import {
  datasetReportSchema,
  TRAINING_JOB_ALREADY_RUNNING,
  trainingJobDetailSchema,
  trainingJobSummarySchema,
  validateTrainingDataSchema,
} from "@acp/contracts/training";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { AppError } from "../lib/app-error";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { fieldNamingHook } from "../services/agents/field-naming-hook";
import { getCustomAgent } from "../services/custom-agents/get-custom-agent";
import { cancelTrainingJob } from "../services/training/cancel-training-job";
import { createTrainingJob } from "../services/training/create-training-job";
import { checkTrainingData } from "../services/training/dataset-check";
import { getTrainingJob, listTrainingJobs } from "../services/training/list-training-jobs";
import { builtInTarget } from "../services/training/training-target";

const summary = componentSchema(trainingJobSummarySchema, "TrainingJob");
const detail = componentSchema(trainingJobDetailSchema, "TrainingJobDetail");

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, description: "Training job id" }),
});

const listRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Training"],
  summary: "The signed-in user's training jobs, newest first",
  description:
    "Each job with its state, progress (0-100) and current epoch as the worker advances them, its provider, the custom agent it trains (if any), the reason when it failed, and once completed whether the agent now uses the trained model (`applied`), the outcome in one sentence (`verdict`) and `accuracy`: the validation top-1 accuracy of the ranking the agent uses (this job's model when applied, else the model it keeps).",
  responses: {
    200: {
      description: "The user's training jobs",
      content: { "application/json": { schema: z.array(summary) } },
    },
    ...errorResponses(401),
  },
});

const createRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["Training"],
  summary: "Start a training job for a built-in agent",
  description: [
    `A blank name answers 400 "${VALIDATION.trainingJobName}", a name over ${AGENT_NAME_MAX_CHARS} characters (the`,
    "bound of agent names) 400 naming the field. `modelType` is any built-in agent (gtm, legal, vision, technical,",
    "fundraising; default gtm) and `epochs` (5, 10, 15 or 20) defaults to 10.",
    "The job is created pending; a worker gathers the agent type's finished documents, checks the",
    "dataset (refusing one too small before anything is trained), measures the untrained agent, trains for the epochs",
    "(the built-in trainer: a re-ranker for the agent's retrieval, applied only when it beats the untrained agent on",
    "validation top-1 accuracy; with FINE_TUNE_PROVIDER=openai: an OpenAI fine-tuning job) and completes, or fails",
    "with the reason. One job per user may be pending or running: another",
    `answers 409 "${TRAINING_JOB_ALREADY_RUNNING}".`,
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(createTrainingJobSchema, "CreateTrainingJob") },
      },
    },
  },
  responses: {
    201: { description: "The new job, pending", content: { "application/json": { schema: summary } } },
    ...errorResponses(400, 401, 409, 503),
  },
});

const getRoute = signedInRoute({
  method: "get",
  path: "/{id}",
  tags: ["Training"],
  summary: "One training job with its dataset check, baseline and per-epoch metrics",
  description:
    "`baseline` is the untrained agent on the validation pairs; `epochMetrics` holds each finished epoch's training loss and validation figures; `outcome` gives the trained model's epoch and figures, whether the agent now uses it (only when its top-1 accuracy beats the untrained agent's) and why in one sentence, and the earlier job's model the agent keeps otherwise. Another user's job answers 404.",
  request: { params: idParams },
  responses: {
    200: { description: "The job", content: { "application/json": { schema: detail } } },
    ...errorResponses(400, 401, 404),
  },
});

const cancelRoute = signedInRoute({
  method: "post",
  path: "/{id}/cancel",
  tags: ["Training"],
  summary: "Cancel a pending or running training job",
  description:
    "The job ends failed at once, its reason saying it was cancelled and after which epoch; the worker stops within seconds and the agent keeps what it used before. A finished job answers 409; another user's 404.",
  request: { params: idParams },
  responses: {
    200: { description: "The job, now failed", content: { "application/json": { schema: summary } } },
    ...errorResponses(400, 401, 404, 409),
  },
});

const validateRoute = signedInRoute({
  method: "post",
  path: "/validate",
  tags: ["Training"],
  summary: "Check a model type's (or a custom agent's) training data without training",
  description:
    "Builds the dataset a job would train on from the finished documents and reports its counts, duplicates, lengths and (for a paid provider) cost, with `problems` listing why a job would be refused and `warnings` what would not stop it. Nothing is trained or uploaded.",
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(validateTrainingDataSchema, "ValidateTrainingData") },
      },
    },
  },
  responses: {
    200: {
      description: "What the dataset check found",
      content: {
        "application/json": { schema: componentSchema(datasetReportSchema, "TrainingDatasetReport") },
      },
    },
    ...errorResponses(400, 401, 404),
  },
});

export const trainingJobsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const list = await listTrainingJobs({ db: c.var.deps.database.db, userId: c.var.user.id });
    return c.json(list, 200);
  })
  .openapi(
    createRoute,
    async (c) => {
      const input = createTrainingJobSchema.parse(c.req.valid("json"));
      const job = await createTrainingJob({
        deps: c.var.deps,
        userId: c.var.user.id,
        job: { kind: "model", input },
      });
      return c.json(job, 201);
    },
    fieldNamingHook([VALIDATION.trainingJobName]),
  )
  .openapi(
    validateRoute,
    async (c) => {
      const body = c.req.valid("json");
      const userId = c.var.user.id;
      const target =
        "modelType" in body
          ? builtInTarget(body.modelType)
          : await getCustomAgent({ db: c.var.deps.database.db, userId, agentId: body.customAgentId }).then(
              (agent) => ({ agentKey: agent.id, agentName: agent.name, customAgentId: agent.id }),
            );
      const report = await checkTrainingData(c.var.deps, { userId, target });
      return c.json(report, 200);
    },
    fieldNamingHook(),
  )
  .openapi(
    getRoute,
    async (c) => {
      const job = await getTrainingJob({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        jobId: c.req.valid("param").id,
      });
      if (!job) throw new AppError("NOT_FOUND", "Training job not found");
      return c.json(job, 200);
    },
    fieldNamingHook(),
  )
  .openapi(
    cancelRoute,
    async (c) => {
      const job = await cancelTrainingJob({
        deps: c.var.deps,
        userId: c.var.user.id,
        jobId: c.req.valid("param").id,
      });
      return c.json(job, 200);
    },
    fieldNamingHook(),
  );
