// The signed-in user's custom agents (mounted at /api/custom-agents): list, create, change, delete and train.
import { customAgentDetailSchema, updateCustomAgentSchema } from "@acp/contracts/chat";
import { createCustomAgentSchema } from "@acp/contracts/inputs";
import { VALIDATION } from "@acp/contracts/messages";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { fieldNamingHook } from "../services/agents/field-naming-hook";
import { createCustomAgent } from "../services/custom-agents/create-custom-agent";
import { deleteCustomAgent } from "../services/custom-agents/delete-custom-agent";
import { listCustomAgents } from "../services/custom-agents/list-custom-agents";
import { startAgentTraining } from "../services/custom-agents/start-agent-training";
import { updateCustomAgent } from "../services/custom-agents/update-custom-agent";

const customAgentDetail = componentSchema(customAgentDetailSchema, "CustomAgentDetail");

/** The contract's fields, each optional (a PATCH): the contract extends a partial schema with required fields. */
const updateCustomAgentBody = componentSchema(updateCustomAgentSchema, "UpdateCustomAgent");

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, description: "Custom agent id" }),
});

const listRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Agents"],
  summary: "The signed-in user's custom agents, newest first",
  description:
    "Each agent with its chat settings and, after a failed training, the reason (`trainingError`).",
  responses: {
    200: {
      description: "The user's custom agents",
      content: { "application/json": { schema: z.array(customAgentDetail) } },
    },
    ...errorResponses(401),
  },
});

const createRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["Agents"],
  summary: "Create a custom agent",
  description: [
    `A missing or blank name or system prompt answers 400 "${VALIDATION.customAgent}". The name is cleaned of`,
    "invisible and reordering characters. `agentType` defaults to custom and `isPublic` to false. `apiEndpoint`",
    '(the public path /api/v1/{apiEndpoint}) is "agent-" + the lower-cased hyphenated name + a millisecond timestamp',
    "unless the client sends a free one; a taken endpoint is replaced by a new one, never refused.",
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(createCustomAgentSchema, "CreateCustomAgent") },
      },
    },
  },
  responses: {
    201: {
      description: "The new agent (untrained)",
      content: { "application/json": { schema: customAgentDetail } },
    },
    ...errorResponses(400, 401, 409),
  },
});

const updateRoute = signedInRoute({
  method: "patch",
  path: "/{id}",
  tags: ["Agents"],
  summary: "Change a custom agent's name, description, public flag or chat settings",
  description: [
    "Only the fields sent change. `model: null` uses the installation's default model; `description: null` clears it.",
    "An invalid field answers 400 with a message naming the field; another user's agent answers 404.",
  ].join(" "),
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "application/json": { schema: updateCustomAgentBody },
      },
    },
  },
  responses: {
    200: {
      description: "The agent after the change",
      content: { "application/json": { schema: customAgentDetail } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const deleteRoute = signedInRoute({
  method: "delete",
  path: "/{id}",
  tags: ["Agents"],
  summary: "Delete a custom agent with its conversations",
  description:
    "Its conversations and their messages are deleted; the documents given to it stay in the knowledge base. Another user's agent answers 404.",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 404),
  },
});

const trainRoute = signedInRoute({
  method: "post",
  path: "/{id}/train",
  tags: ["Agents"],
  summary: "Train a custom agent on its documents",
  description: [
    "A training job (the same pipeline as POST /api/training-jobs, listed there with `customAgent`) is created and",
    'the agent becomes "training": its documents still processing are waited for (30 minutes at most); without',
    'documents it fails ("Upload documents for <name> first"); a dataset too small is refused before anything is',
    "trained; otherwise its re-ranker is trained and kept for its retrieval when it beats the untrained agent. It ends",
    "trained, or failed with the reason in `trainingError`. An agent already training, or a user with a job pending or",
    "running, answers 409.",
  ].join(" "),
  request: { params: idParams },
  responses: {
    202: {
      description: "Training started: the agent, now training",
      content: { "application/json": { schema: customAgentDetail } },
    },
    ...errorResponses(400, 401, 404, 409, 503),
  },
});

export const customAgentsRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const list = await listCustomAgents({ db: c.var.deps.database.db, userId: c.var.user.id });
    return c.json(list, 200);
  })
  .openapi(
    createRoute,
    async (c) => {
      const agent = await createCustomAgent({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        input: c.req.valid("json"),
        now: c.var.deps.now,
      });
      return c.json(agent, 201);
    },
    fieldNamingHook([VALIDATION.customAgent]),
  )
  .openapi(
    updateRoute,
    async (c) => {
      const agent = await updateCustomAgent({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        agentId: c.req.valid("param").id,
        patch: c.req.valid("json"),
      });
      return c.json(agent, 200);
    },
    fieldNamingHook(),
  )
  .openapi(
    deleteRoute,
    async (c) => {
      await deleteCustomAgent({
        db: c.var.deps.database.db,
        userId: c.var.user.id,
        agentId: c.req.valid("param").id,
      });
      return c.body(null, 204);
    },
    fieldNamingHook(),
  )
  .openapi(
    trainRoute,
    async (c) => {
      const agent = await startAgentTraining({
        deps: c.var.deps,
        userId: c.var.user.id,
        agentId: c.req.valid("param").id,
      });
      return c.json(agent, 202);
    },
    fieldNamingHook(),
  );
