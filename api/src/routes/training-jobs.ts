// The signed-in user's training jobs: GET /api/training-jobs.
import { trainingJobSummarySchema } from "@acp/contracts/training";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { listTrainingJobs } from "../services/training-jobs/list-training-jobs";

const listTrainingJobsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Training"],
  summary: "The signed-in user's training jobs, newest first",
  responses: {
    200: {
      description: "The user's training jobs",
      content: { "application/json": { schema: z.array(componentSchema(trainingJobSummarySchema, "TrainingJob")) } },
    },
    ...errorResponses(401),
  },
});

export const trainingJobsRoutes = createRouter().openapi(listTrainingJobsRoute, async (c) => {
  const list = await listTrainingJobs({ db: c.var.deps.database.db, userId: c.var.user.id });
  return c.json(list, 200);
});
