// The signed-in user's custom agents: GET /api/custom-agents.
import { customAgentSchema } from "@acp/contracts/entities";
import { createRoute, z } from "@hono/zod-openapi";
import { requireUser } from "../auth/require-user";
import { componentSchema, createRouter, errorResponses, signedInSecurity } from "../lib/openapi";
import { listCustomAgents } from "../services/custom-agents/list-custom-agents";

const listCustomAgentsRoute = createRoute({
  method: "get",
  path: "/custom-agents",
  tags: ["Agents"],
  summary: "The signed-in user's custom agents, newest first",
  middleware: [requireUser] as const,
  security: signedInSecurity,
  responses: {
    200: {
      description: "The user's custom agents",
      content: { "application/json": { schema: z.array(componentSchema(customAgentSchema, "CustomAgent")) } },
    },
    ...errorResponses(401),
  },
});

export const customAgentsRoutes = createRouter().openapi(listCustomAgentsRoute, async (c) => {
  const list = await listCustomAgents({ db: c.var.db, userId: c.var.user.id });
  return c.json(list, 200);
});
