// POST /api/v1/{apiEndpoint}: a custom agent's grounded answer to `{ message }`, public agents without a key (spec 7).
import { publicAgentCallSchema, publicAgentResponseSchema } from "@acp/contracts/public-api";
import { createRoute, z } from "@hono/zod-openapi";
import { createMiddleware } from "hono/factory";
import { securityFor } from "../auth/authenticate";
import { AppError } from "../lib/app-error";
import { componentSchema, errorResponses } from "../lib/openapi";
import { assertMayCall, findAgentByEndpoint } from "../services/public-api/agent-target";
import {
  answerQuestion,
  callFailureError,
  citedSources,
  readsSharedLibrary,
  traceOf,
} from "../services/public-api/answer-call";
import {
  callerKey,
  createV1Router,
  hourlyLimit,
  optionalApiKey,
  type V1Env,
  v1Call,
  v1Middleware,
} from "./v1-middleware";

/** Finds the agent the path names (404 for none, logged nowhere: no account is known) and notes its owner. */
const endpointAgent = createMiddleware<V1Env>(async (c, next) => {
  const endpoint = c.req.param("apiEndpoint") ?? "";
  const target = await findAgentByEndpoint(c.var.deps.database.db, endpoint);
  if (!target) throw new AppError("NOT_FOUND", "No agent is deployed at this endpoint");
  const call = c.var.v1Call;
  call.agentOwnerId = target.ownerId;
  call.agentEndpoint = target.endpoint;
  c.set("agentTarget", target);
  return next();
});

/** After the limit: who may call this agent (spec 6 and 7): public, or its owner's key allowed for it. */
const mayCallAgent = createMiddleware<V1Env>(async (c, next) => {
  const target = c.var.agentTarget;
  if (!target) throw new AppError("INTERNAL_ERROR", "No agent resolved for the call");
  assertMayCall(target, callerKey(c));
  return next();
});

export const publicAgentResponse = componentSchema(publicAgentResponseSchema, "PublicAgentResponse");

const callAgentRoute = createRoute({
  method: "post",
  path: "/{apiEndpoint}",
  tags: ["Public API"],
  summary: "Ask a deployed custom agent: its grounded answer with the sources it cites",
  description: [
    "The agent answers from its owner's knowledge through the same pipeline as the chat (retrieval with the agent's",
    "settings, the chat model, citation markers checked against the passages it was given). `[n]` in `response` is",
    "`sources[n]`'s `number`; only cited sources are listed. `trace` says why the answer says what it says (the",
    "passages weighed with their scores, the units quoted, the kind of answer looked for, and for an abstention the",
    'best candidate and why it was not enough): the same trace the chat shows as "Why this answer?".',
    "",
    "Knowledge: a caller other than the owner (no key, or another account's key on a public agent) is answered only",
    "from the knowledge given to the agent (its documents and its type's categories), never from the owner's",
    "documents uploaded for all agents; the owner's own key reads those too, as the owner's chat does.",
    "",
    "A public agent (`isPublic`) needs no authentication; a key, when sent, must still be valid. Any other agent needs",
    "`Authorization: Bearer <key>` of its owner: 401 without one (or with an unknown, inactive or expired key), 403",
    "for another account's key or a key whose allowed agents exclude it. Session cookies are not used here. An",
    "unknown endpoint answers 404.",
    "",
    "Limits: a key's calls count against its hourly limit; calls without a key against the client IP's",
    "(PUBLIC_RATE_LIMIT_PER_HOUR). Every answer carries RateLimit-Limit, -Remaining, -Reset and -Policy; past the",
    "limit, 429 with Retry-After. A chat-model failure answers 429 (Retry-After), 502, 503 or 504 with its reason.",
    'Errors are `{ "error": "<reason>", "code", "details"? }`, as everywhere in this API.',
  ].join("\n"),
  middleware: v1Middleware(v1Call("agent"), endpointAgent, optionalApiKey, hourlyLimit, mayCallAgent),
  // Either no authentication (public agents) or an API key.
  security: [{}, ...securityFor(["apiKey"])],
  request: {
    params: z.object({
      apiEndpoint: z
        .string()
        .openapi({ param: { name: "apiEndpoint", in: "path" }, description: "The agent's endpoint slug" }),
    }),
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(publicAgentCallSchema, "PublicAgentRequest") },
      },
    },
  },
  responses: {
    200: {
      description: "The agent's answer and the sources it cites",
      content: { "application/json": { schema: publicAgentResponse } },
    },
    ...errorResponses(400, 401, 403, 404, 429, 502, 503, 504),
  },
});

export const v1AgentRoutes = createV1Router().openapi(callAgentRoute, async (c) => {
  const { message } = c.req.valid("json");
  const { deps, v1Call: call, agentTarget: target } = c.var;
  if (!target) throw new AppError("INTERNAL_ERROR", "No agent resolved for the call");
  // A client that goes away (or a shutdown) stops the model: nobody is left to read the answer.
  const stream = deps.streams.open({ signal: c.req.raw.signal });
  try {
    const answer = await answerQuestion(deps, {
      target,
      history: [],
      question: message,
      includeShared: readsSharedLibrary(target, callerKey(c)),
      signal: stream.signal,
    });
    call.promptTokens = answer.promptTokens;
    call.completionTokens = answer.completionTokens;
    const failure = callFailureError(answer);
    if (failure) throw failure;
    return c.json(
      { response: answer.content, sources: citedSources(answer.sources), trace: traceOf(answer) },
      200,
    );
  } finally {
    stream.done();
  }
});
