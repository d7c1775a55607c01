// Dashboard data for the signed-in user: GET /api/dashboard/metrics.
import { dashboardMetricsSchema } from "@acp/contracts/entities";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { getDashboardMetrics } from "../services/dashboard/get-dashboard-metrics";

const metricsRoute = signedInRoute({
  method: "get",
  path: "/metrics",
  tags: ["Dashboard"],
  summary: "The signed-in user's dashboard counts",
  description:
    "activeTrainingJobs: jobs pending or running; totalAPICallsToday: calls with the user's keys and to the user's agents in the last 24 hours (the current UTC hour and the 23 before it, as GET /api/usage); totalDocuments: the user's documents; gtmAccuracy: validation top-1 accuracy of the latest completed gtm job, or null; activeAgents: built-in agents switched on plus public custom agents.",
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
  const metrics = await getDashboardMetrics({
    db: c.var.deps.database.db,
    userId: c.var.user.id,
    now: c.var.deps.now(),
  });
  return c.json(metrics, 200);
});
