// The signed-in user's training jobs: GET /api/training-jobs.
import { trainingJobSchema } from "@acp/contracts/entities";
import { createRoute, z } from "@hono/zod-openapi";
import { requireUser } from "../auth/require-user";
import { componentSchema, createRouter, errorResponses, signedInSecurity } from "../lib/openapi";
import { listTrainingJobs } from "../services/training-jobs/list-training-jobs";

const listTrainingJobsRoute = createRoute({
  method: "get",
  path: "/training-jobs",
  tags: ["Training"],
  summary: "The signed-in user's training jobs, newest first",
  middleware: [requireUser] as const,
  security: signedInSecurity,
  responses: {
    200: {
      description: "The user's training jobs",
      content: { "application/json": { schema: z.array(componentSchema(trainingJobSchema, "TrainingJob")) } },
    },
    ...errorResponses(401),
  },
});

export const trainingJobsRoutes = createRouter().openapi(listTrainingJobsRoute, async (c) => {
  const list = await listTrainingJobs({ db: c.var.db, userId: c.var.user.id });
  return c.json(list, 200);
});
