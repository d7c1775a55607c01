// The built-in agents with the signed-in user's state (GET, PATCH /api/agents) and any agent's usage analytics.

import { BUILT_IN_AGENT_IDS } from "@acp/contracts/agents";
import { agentAnalyticsSchema, builtInAgentStateSchema, updateBuiltInAgentSchema } from "@acp/contracts/chat";
import { AGENT_ANALYTICS_DAYS } from "@acp/contracts/constants";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { fieldNamingHook } from "../services/agents/field-naming-hook";
import { getAgentAnalytics } from "../services/agents/get-agent-analytics";
import { listBuiltInAgents } from "../services/agents/list-built-in-agents";
import { updateBuiltInAgent } from "../services/agents/update-built-in-agent";

const builtInAgentState = componentSchema(builtInAgentStateSchema, "BuiltInAgentState");

const updateBuiltInAgentBody = componentSchema(updateBuiltInAgentSchema, "UpdateBuiltInAgent");

const listRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Agents"],
  summary: "The built-in agents with the signed-in user's state and settings",
  description: [
    "The five built-in executive agents in the product's order, with their features, whether the user switched them on",
    "(gtm starts on, the others off) and the chat settings the user gave them (system prompt, model, temperature,",
    "retrieval top-k; the defaults until changed). `defaultSystemPrompt` is the prompt a reset restores. On means",
    "deployed: only an agent that is on answers API calls and is listed by GET /api/v1/models.",
  ].join(" "),
  responses: {
    200: {
      description: "The built-in agents",
      content: { "application/json": { schema: z.array(builtInAgentState) } },
    },
    ...errorResponses(401),
  },
});

const updateRoute = signedInRoute({
  method: "patch",
  path: "/{id}",
  tags: ["Agents"],
  summary: "Switch a built-in agent on or off for the signed-in user, or change its chat settings",
  description: [
    "Only the fields sent change, for this user only. `systemPrompt: null` restores the agent's default prompt;",
    "`model: null` uses the installation's default model. An unknown id answers 404 naming it; an invalid field",
    "answers 400 with a message naming the field.",
    "",
    "`enabled` is whether the agent is deployed. Switched off, it answers no API call (POST /api/v1/chat/completions",
    "and, for gtm, /api/v1/gtm/*: 409 CONFLICT naming the agent and that it is switched off) and GET /api/v1/models",
    "no longer lists it. Its settings, conversations and usage stay, and the owner's own chat in the app still",
    "answers it (that is where the wizard tests an agent before it is deployed). Switched on again, it answers as before.",
  ].join(" "),
  request: {
    params: z.object({
      id: z
        .string()
        .min(1)
        .max(200)
        .openapi({ description: `A built-in agent id: ${BUILT_IN_AGENT_IDS.join(", ")}` }),
    }),
    body: { required: true, content: { "application/json": { schema: updateBuiltInAgentBody } } },
  },
  responses: {
    200: {
      description: "The agent's state after the change",
      content: { "application/json": { schema: builtInAgentState } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const analyticsRoute = signedInRoute({
  method: "get",
  path: "/{agentKey}/analytics",
  tags: ["Agents"],
  summary: "An agent's conversations and messages per day and its median answer time",
  description: [
    `The last ${AGENT_ANALYTICS_DAYS} days in UTC, today included, every day listed even without activity. For a`,
    "built-in agent, the user's conversations of that agent type that talk to no custom agent; for a custom agent,",
    "the conversations with it. `medianAnswerMs` is the median time from question to stored answer over the period",
    "(null without answers); the totals add up the days. Another user's custom agent answers 404.",
  ].join(" "),
  request: {
    params: z.object({
      agentKey: z
        .string()
        .min(1)
        .max(200)
        .openapi({ description: "A built-in agent id or the id of one of the user's custom agents" }),
    }),
  },
  responses: {
    200: {
      description: "The agent's usage",
      content: { "application/json": { schema: componentSchema(agentAnalyticsSchema, "AgentAnalytics") } },
    },
    ...errorResponses(400, 401, 404),
  },
});

export const agentsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const list = await listBuiltInAgents({ db: c.var.deps.database.db, userId: c.var.user.id });
    return c.json(list, 200);
  })
  .openapi(
    updateRoute,
    async (c) => {
      const state = await updateBuiltInAgent({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        agentId: c.req.valid("param").id,
        patch: c.req.valid("json"),
      });
      return c.json(state, 200);
    },
    fieldNamingHook(),
  )
  .openapi(
    analyticsRoute,
    async (c) => {
      const analytics = await getAgentAnalytics({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        agentKey: c.req.valid("param").agentKey,
        now: c.var.deps.now(),
      });
      return c.json(analytics, 200);
    },
    fieldNamingHook(),
  );
