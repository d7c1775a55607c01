// The public API's usage figures for the signed-in user (mounted at /api/usage): GET /api/usage[?keyId=].
import { apiUsageSchema, usageQuerySchema } from "@acp/contracts/api-access";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { getApiKey } from "../services/api-keys/get-api-key";
import { getApiUsage } from "../services/usage/get-api-usage";

const usageRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["API keys"],
  summary: "Requests, active keys, success rate and requests per hour of the public API",
  description: [
    "Over the usage window: the current UTC hour and the 23 before it, as 24 `hourly` buckets (oldest first, empty",
    "hours included); `requestsToday` is their sum, the same figure as each key's `requestsToday` and the dashboard's",
    "`totalAPICallsToday`. Calls counted: every /api/v1 call with the user's keys or to the user's public agents; with",
    "`keyId` (one of the user's keys, else 404), that key's calls only. `errors` and `successRate` count a call as",
    "failed when it answered 400 or above (refusals and rate limits included); `successRate` is a percentage with one",
    "decimal, 100 when there were no calls. `activeKeys`: keys active and not expired (with `keyId`: 1 or 0).",
  ].join(" "),
  request: {
    query: z.object({
      // Cloned: a contract schema built before @hono/zod-openapi loaded has no .openapi (see componentSchema).
      keyId: usageQuerySchema.shape.keyId.clone().openapi({
        param: { name: "keyId", in: "query" },
        description: "Only this key's calls (one of the user's keys)",
      }),
    }),
  },
  responses: {
    200: {
      description: "The usage figures",
      content: { "application/json": { schema: componentSchema(apiUsageSchema, "ApiUsage") } },
    },
    ...errorResponses(400, 401, 404),
  },
});

export const usageRoutes = createRouter().openapi(usageRoute, async (c) => {
  const { keyId } = c.req.valid("query");
  const userId = c.var.user.id;
  // Another user's key (or none) is the same 404 as on the keys' own routes.
  if (keyId !== undefined) await getApiKey({ db: c.var.deps.database.db, userId, apiKeyId: keyId });
  const usage = await getApiUsage({ deps: c.var.deps, userId, keyId });
  return c.json(usage, 200);
});
