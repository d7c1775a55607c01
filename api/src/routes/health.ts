// Liveness and database reachability: GET /api/health runs a real `select 1`.
import { createRoute, z } from "@hono/zod-openapi";
import { sql } from "drizzle-orm";
import { AppError } from "../lib/app-error";
import { createRouter, errorResponses } from "../lib/openapi";

const healthSchema = z
  .object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) })
  .openapi("Health");

const healthRoute = createRoute({
  method: "get",
  path: "/",
  tags: ["System"],
  summary: "Health check",
  responses: {
    200: {
      description: "The API and its database answer",
      content: { "application/json": { schema: healthSchema } },
    },
    ...errorResponses(503),
  },
});

export const healthRoutes = createRouter().openapi(healthRoute, async (c) => {
  try {
    await c.var.deps.database.db.execute(sql`select 1`);
  } catch (error) {
    throw new AppError("SERVICE_UNAVAILABLE", "The database is not answering.", {
      cause: error,
      headers: { "Retry-After": "5" },
    });
  }
  c.header("Cache-Control", "no-store");
  return c.json({ status: "ok" as const, database: c.var.deps.database.engine }, 200);
});
