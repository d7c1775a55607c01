// The public agent API, mounted at /api/v1: agents by slug, the OpenAI-compatible endpoints and the gtm agent's own.
import { cors } from "hono/cors";
import { v1AgentRoutes } from "./v1-agents";
import { v1GtmRoutes } from "./v1-gtm";
import { createV1Router } from "./v1-middleware";
import { v1OpenAiRoutes } from "./v1-openai";

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

// The two-segment routes first: a slug is one segment, so /{apiEndpoint} never shadows them, but order states it.
export const v1Routes = createV1Router()
  .use("*", crossOrigin)
  .route("/", v1OpenAiRoutes)
  .route("/gtm", v1GtmRoutes)
  .route("/", v1AgentRoutes);
