// Dashboard data for the signed-in user: GET /api/dashboard/metrics.
import { dashboardMetricsSchema } from "@acp/contracts/entities";
import { createRoute } from "@hono/zod-openapi";
import { requireUser } from "../auth/require-user";
import { componentSchema, createRouter, errorResponses, signedInSecurity } from "../lib/openapi";
import { getDashboardMetrics } from "../services/dashboard/get-dashboard-metrics";

const metricsRoute = createRoute({
  method: "get",
  path: "/dashboard/metrics",
  tags: ["Dashboard"],
  summary: "The signed-in user's dashboard counts",
  description:
    "activeTrainingJobs: jobs pending or running; totalAPICallsToday: calls to the user's keys and agents since midnight UTC; totalDocuments: the user's documents.",
  middleware: [requireUser] as const,
  security: signedInSecurity,
  responses: {
    200: {
      description: "Counts for the signed-in user",
      content: {
        "application/json": {
          schema: componentSchema(dashboardMetricsSchema.required(), "DashboardMetrics"),
        },
      },
    },
    ...errorResponses(401),
  },
});

export const dashboardRoutes = createRouter().openapi(metricsRoute, async (c) => {
  const metrics = await getDashboardMetrics({ db: c.var.db, userId: c.var.user.id, now: c.var.now() });
  return c.json(metrics, 200);
});
