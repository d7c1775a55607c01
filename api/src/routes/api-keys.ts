// The signed-in user's API keys (mounted at /api/api-keys): list, create (the full key shown once), change and delete.
import {
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT_MAX,
  createApiKeyRequestSchema,
  updateApiKeySchema,
} from "@acp/contracts/api-access";
import { API_KEY_RATE_LIMIT_PER_HOUR } from "@acp/contracts/constants";
import { apiKeySchema } from "@acp/contracts/entities";
import { VALIDATION } from "@acp/contracts/messages";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { createApiKey } from "../services/api-keys/create-api-key";
import { deleteApiKey } from "../services/api-keys/delete-api-key";
import { listApiKeys } from "../services/api-keys/list-api-keys";
import { updateApiKey } from "../services/api-keys/update-api-key";

const apiKey = componentSchema(apiKeySchema.omit({ key: true }), "ApiKey");
const createdApiKey = componentSchema(apiKeySchema.extend({ key: z.string() }), "CreatedApiKey");

const idParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, description: "API key id" }),
});

const USAGE_NOTE =
  "`requestsToday` counts the key's calls in the usage window: the current UTC hour and the 23 before it (as GET /api/usage).";

const listRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["API keys"],
  summary: "The signed-in user's API keys, newest first",
  description: [
    "The full key is shown only once, when it is created; lists carry `keyPreview` instead.",
    USAGE_NOTE,
    "`lastUsed` is written in batches (about once a minute), so it may trail the latest call by up to a minute.",
  ].join(" "),
  responses: {
    200: {
      description: "The user's API keys",
      content: { "application/json": { schema: z.array(apiKey) } },
    },
    ...errorResponses(401),
  },
});

const createRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["API keys"],
  summary: "Create an API key",
  description: [
    `The answer carries the full \`key\` (\`${API_KEY_PREFIX}\` + 52 base32 characters): this once, as only its SHA-256`,
    `is stored. A blank name answers 400 "${VALIDATION.apiKeyName}". Optional: \`expiresAt\` (a future moment),`,
    "`allowedAgentIds` (custom agent ids of yours or built-in agent types; null or absent: every agent) and",
    `\`rateLimitPerHour\` (1 to ${API_KEY_RATE_LIMIT_MAX.toLocaleString("en-US")}, default ${API_KEY_RATE_LIMIT_PER_HOUR}).`,
    "An unknown agent id answers 400 naming it.",
  ].join(" "),
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(createApiKeyRequestSchema, "CreateApiKey") },
      },
    },
  },
  responses: {
    201: {
      description: "The new key, with the full key this once",
      content: { "application/json": { schema: createdApiKey } },
    },
    ...errorResponses(400, 401),
  },
});

const updateRoute = signedInRoute({
  method: "patch",
  path: "/{id}",
  tags: ["API keys"],
  summary: "Change an API key's name, active flag, expiry, allowed agents or hourly limit",
  description: [
    "Only the fields sent change; `expiresAt: null` removes the expiry and `allowedAgentIds: null` allows every agent.",
    "A deactivated or expired key is refused (401) from its next request on; a new limit applies from the next",
    "request, within the current hourly window. Another user's key answers 404.",
  ].join(" "),
  request: {
    params: idParams,
    body: {
      required: true,
      content: { "application/json": { schema: componentSchema(updateApiKeySchema, "UpdateApiKey") } },
    },
  },
  responses: {
    200: {
      description: "The key after the change",
      content: { "application/json": { schema: apiKey } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const deleteRoute = signedInRoute({
  method: "delete",
  path: "/{id}",
  tags: ["API keys"],
  summary: "Delete an API key",
  description:
    "Requests with it are refused from then on. Its calls stay in the usage figures, without the key. Another user's key answers 404.",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(400, 401, 404),
  },
});

export const apiKeysRoutes = createRouter()
  .openapi(listRoute, async (c) => {
    const list = await listApiKeys({ deps: c.var.deps, userId: c.var.user.id });
    return c.json(list, 200);
  })
  .openapi(createRoute, async (c) => {
    const created = await createApiKey({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      input: c.req.valid("json"),
      now: c.var.deps.now(),
    });
    return c.json(created, 201);
  })
  .openapi(updateRoute, async (c) => {
    const updated = await updateApiKey({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      apiKeyId: c.req.valid("param").id,
      patch: c.req.valid("json"),
      now: c.var.deps.now(),
      lastUsed: c.var.deps.apiKeyLastUsed,
    });
    return c.json(updated, 200);
  })
  .openapi(deleteRoute, async (c) => {
    await deleteApiKey({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      apiKeyId: c.req.valid("param").id,
    });
    return c.body(null, 204);
  });
