// The signed-in user's custom agents: GET /api/custom-agents.
import { customAgentSchema } from "@acp/contracts/entities";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { listCustomAgents } from "../services/custom-agents/list-custom-agents";

const listCustomAgentsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Agents"],
  summary: "The signed-in user's custom agents, newest first",
  responses: {
    200: {
      description: "The user's custom agents",
      content: { "application/json": { schema: z.array(componentSchema(customAgentSchema, "CustomAgent")) } },
    },
    ...errorResponses(401),
  },
});

export const customAgentsRoutes = createRouter().openapi(listCustomAgentsRoute, async (c) => {
  const list = await listCustomAgents({ db: c.var.deps.database.db, userId: c.var.user.id });
  return c.json(list, 200);
});
