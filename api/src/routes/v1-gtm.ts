// The gtm agent's own endpoints (spec 7): GET /api/v1/gtm/strategy and POST /api/v1/gtm/analyze, for API keys.
import { gtmAnalyzeRequestSchema } from "@acp/contracts/public-api";
import { createRoute } from "@hono/zod-openapi";
import type { Context } from "hono";
import { authenticate, securityFor } from "../auth/authenticate";
import type { AuthEnv } from "../lib/app-env";
import { AppError } from "../lib/app-error";
import { componentSchema, errorResponses } from "../lib/openapi";
import { assertMayCall, builtInTarget } from "../services/public-api/agent-target";
import {
  answerQuestion,
  callFailureError,
  citedSources,
  readsSharedLibrary,
  traceOf,
  withAddedInstructions,
} from "../services/public-api/answer-call";
import {
  GTM_ANALYSIS_INSTRUCTIONS,
  GTM_STRATEGY_INSTRUCTIONS,
  GTM_STRATEGY_QUESTION,
} from "../services/public-api/gtm-questions";
import { publicAgentResponse } from "./v1-agents";
import {
  callerKey,
  createV1Router,
  hourlyLimit,
  type V1Env,
  type V1Operation,
  v1Call,
  v1Middleware,
} from "./v1-middleware";

const keyOnly = (operation: V1Operation) =>
  v1Middleware(v1Call(operation), authenticate({ allow: ["apiKey"] }), hourlyLimit);

const ACCESS = [
  "Needs an API key (`Authorization: Bearer <key>`) allowed to call the gtm agent (allowed agents unset, or",
  "including `gtm`): 401 without a valid key, 403 for a key restricted to other agents, 409 while the owner has the",
  "gtm agent switched off (PATCH /api/agents/gtm `enabled: false`). The answer comes from the",
  "key owner's gtm knowledge through the chat's pipeline, with the gtm agent's settings; `[n]` in `response` is",
  "source `number` n. The key's hourly limit applies (RateLimit-* headers, 429 with Retry-After); a chat-model",
  "failure answers 429, 502, 503 or 504.",
].join(" ");

const strategyRoute = createRoute({
  method: "get",
  path: "/strategy",
  tags: ["Public API"],
  summary: "The go-to-market strategy summarised from the gtm agent's knowledge, with sources",
  description: `Asks the gtm agent "${GTM_STRATEGY_QUESTION}" with the task: "${GTM_STRATEGY_INSTRUCTIONS}" ${ACCESS}`,
  middleware: keyOnly("gtm.strategy"),
  security: securityFor(["apiKey"]),
  responses: {
    200: {
      description: "The strategy summary and the sources it cites",
      content: { "application/json": { schema: publicAgentResponse } },
    },
    ...errorResponses(401, 403, 409, 429, 502, 503, 504),
  },
});

const analyzeRoute = createRoute({
  method: "post",
  path: "/analyze",
  tags: ["Public API"],
  summary: "The gtm agent's analysis of the posted text against its go-to-market knowledge, with sources",
  description: `The posted text (1 to 6,000 characters) is the gtm agent's question, with the task: "${GTM_ANALYSIS_INSTRUCTIONS}" ${ACCESS}`,
  middleware: keyOnly("gtm.analyze"),
  security: securityFor(["apiKey"]),
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(gtmAnalyzeRequestSchema, "GtmAnalyzeRequest") },
      },
    },
  },
  responses: {
    200: {
      description: "The analysis and the sources it cites",
      content: { "application/json": { schema: publicAgentResponse } },
    },
    ...errorResponses(400, 401, 403, 409, 429, 502, 503, 504),
  },
});

/** The gtm agent's answer to `question`, with the task's instructions, for the key's owner. */
async function askGtm(c: Context<V1Env & AuthEnv>, question: string, instructions: string) {
  const { deps, v1Call: call } = c.var;
  const apiKey = callerKey(c);
  if (!apiKey)
    throw new AppError("UNAUTHORIZED", "This endpoint needs an API key (Authorization: Bearer <key>)");
  const gtm = await builtInTarget(deps.database.db, apiKey.userId, "gtm");
  call.agentEndpoint = gtm.endpoint;
  assertMayCall(gtm, apiKey);
  const target = { ...gtm, agent: withAddedInstructions(gtm.agent, "Your task:", instructions) };
  const stream = deps.streams.open({ signal: c.req.raw.signal });
  try {
    // Only the owner's keys reach a built-in agent: the owner's whole library answers, as in their chat.
    const answer = await answerQuestion(deps, {
      target,
      history: [],
      question,
      includeShared: readsSharedLibrary(target, apiKey),
      signal: stream.signal,
    });
    call.promptTokens = answer.promptTokens;
    call.completionTokens = answer.completionTokens;
    const failure = callFailureError(answer);
    if (failure) throw failure;
    return { response: answer.content, sources: citedSources(answer.sources), trace: traceOf(answer) };
  } finally {
    stream.done();
  }
}

export const v1GtmRoutes = createV1Router()
  .openapi(strategyRoute, async (c) =>
    c.json(await askGtm(c, GTM_STRATEGY_QUESTION, GTM_STRATEGY_INSTRUCTIONS), 200),
  )
  .openapi(analyzeRoute, async (c) => {
    const { text } = c.req.valid("json");
    return c.json(await askGtm(c, text, GTM_ANALYSIS_INSTRUCTIONS), 200);
  });
