// The public agent API, mounted at /api/v1: agents by slug, the OpenAI-compatible endpoints and the gtm agent's own.
import type { Context } from "hono";
import { cors } from "hono/cors";
import { unknownUrlError } from "../services/public-api/openai-chat";
import { v1AgentRoutes } from "./v1-agents";
import { v1GtmRoutes } from "./v1-gtm";
import { createV1Router } from "./v1-middleware";
import { v1OpenAiRoutes } from "./v1-openai";
import { v1ResponsesRoutes } from "./v1-responses";

/**
 * Open to scripts on any origin: nothing here reads cookies (keys travel in Authorization), so a page elsewhere can
 * call a public agent, or use a key it holds, without lending it anyone's session. Limit and request-id headers are
 * readable by those scripts. A preflight's requested headers are allowed as asked (no allowHeaders list): the
 * official SDKs send their own (`x-stainless-*`, `openai-organization`, …) and a fixed list refused them.
 */
const crossOrigin = cors({
  origin: "*",
  allowMethods: ["GET", "POST", "DELETE", "OPTIONS"],
  exposeHeaders: [
    "RateLimit-Limit",
    "RateLimit-Remaining",
    "RateLimit-Reset",
    "RateLimit-Policy",
    "Retry-After",
    "retry-after-ms",
    "x-should-retry",
    "X-Request-Id",
  ],
  maxAge: 600,
});

/**
 * OpenAI's one-segment endpoints we do not serve: named before /{apiEndpoint} (agent slugs are generated as
 * "agent-…", never these words), so an SDK calling them gets OpenAI's 404 rather than "no such agent".
 */
const OPENAI_ENDPOINTS_NOT_SERVED = ["/completions", "/embeddings", "/moderations"];

const unknownUrl = (c: Context) => c.json(unknownUrlError(c.req.method, c.req.path), 404);

// The two-segment routes first: a slug is one segment, so /{apiEndpoint} never shadows them, but order states it.
// Anything else under /api/v1 (OpenAI's other endpoints, a typo) answers as OpenAI does, so the SDKs raise
// NotFoundError with a sentence naming what is served.
const served = createV1Router()
  .use("*", crossOrigin)
  .route("/", v1OpenAiRoutes)
  .route("/", v1ResponsesRoutes)
  .route("/gtm", v1GtmRoutes);
// Also /models by any other method than GET: never an agent's endpoint.
for (const path of [...OPENAI_ENDPOINTS_NOT_SERVED, "/models"]) served.all(path, unknownUrl);
export const v1Routes = served.route("/", v1AgentRoutes).all("*", unknownUrl);
