// The signed-in user's API keys: GET /api/api-keys (previews only, never the key or its hash).
import { apiKeySchema } from "@acp/contracts/entities";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { listApiKeys } from "../services/api-keys/list-api-keys";

const listApiKeysRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["API keys"],
  summary: "The signed-in user's API keys, newest first",
  description: "The full key is shown only once, when it is created; lists carry `keyPreview` instead.",
  responses: {
    200: {
      description: "The user's API keys",
      content: {
        "application/json": { schema: z.array(componentSchema(apiKeySchema.omit({ key: true }), "ApiKey")) },
      },
    },
    ...errorResponses(401),
  },
});

export const apiKeysRoutes = createRouter().openapi(listApiKeysRoute, async (c) => {
  const list = await listApiKeys({ db: c.var.deps.database.db, userId: c.var.user.id });
  return c.json(list, 200);
});
