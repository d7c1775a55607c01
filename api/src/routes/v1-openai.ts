// The OpenAI-compatible face of our agents: GET /api/v1/models and POST /api/v1/chat/completions (JSON or a stream of
// chat.completion.chunk events), for any OpenAI SDK pointed at <server>/api/v1.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { securityFor } from "../auth/authenticate";
import { AppError } from "../lib/app-error";
import { componentSchema } from "../lib/openapi";
import { findPublicModel, listModels } from "../services/public-api/list-models";
import {
  type CompletionMeta,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  completionBody,
  completionMeta,
  contentChunk,
  finalChunks,
  modelListSchema,
  modelSchema,
  openAiErrorBody,
  openAiErrorSchema,
  readChatCall,
} from "../services/public-api/openai-chat";
import { type AnswerWriter, answerAgentCall } from "./v1-agent-call";
import {
  callerKey,
  createV1Router,
  hourlyLimit,
  openAiErrors,
  optionalApiKey,
  type V1Env,
  v1Call,
  v1Middleware,
} from "./v1-middleware";

const openAiError = componentSchema(openAiErrorSchema, "OpenAiError");

const OPENAI_STATUS_MEANINGS = {
  400: "Invalid request (param names the field)",
  401: "No API key where one is needed, or an unknown, inactive or expired key",
  403: "The key may not call this agent (another account's, or not among its allowed agents)",
  404: "No agent of that name (model) for this caller",
  409: "The built-in agent is switched off by its owner: it answers no API calls until switched on",
  429: "The key's or the client IP's hourly limit, or the chat model's own (see Retry-After)",
  502: "The chat model refused or failed the request",
  503: "The chat model or the vector store is unavailable",
  504: "The chat model did not answer in time",
} as const;

/** Documented errors in OpenAI's shape (every OpenAI-compatible route's): `{ error: { message, type, code, param } }`, code in OpenAI's words where it has them. */
export function openAiErrorResponses<const S extends keyof typeof OPENAI_STATUS_MEANINGS>(...statuses: S[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      status,
      {
        description: OPENAI_STATUS_MEANINGS[status],
        content: { "application/json": { schema: openAiError } },
      },
    ]),
  ) as unknown as {
    [K in S]: { description: string; content: { "application/json": { schema: typeof openAiError } } };
  };
}

/** Chat completions' answer: one `chat.completion`, or `chat.completion.chunk` events ending with "[DONE]". */
function chatCompletionWriter(meta: CompletionMeta, includeUsage: boolean): AnswerWriter {
  let first = true;
  return {
    whole: (answer, content) => completionBody(meta, { ...answer, content }),
    opening: () => [],
    piece: (text) => {
      const chunk = contentChunk(meta, text, first);
      first = false;
      return [chunk];
    },
    // An answer with no text still opens with the assistant's role.
    closing: (answer) => [
      ...(first ? [contentChunk(meta, "", true)] : []),
      ...finalChunks(meta, answer, includeUsage),
    ],
    failure: (status, body) => openAiErrorBody(status, body),
    terminator: "[DONE]",
  };
}

const modelsRoute = createRoute({
  method: "get",
  path: "/models",
  tags: ["Public API"],
  summary: "The agents an API key may call, as OpenAI's model list",
  description: [
    "Ids are what `model` takes in POST /api/v1/chat/completions: the built-in agents the owner has switched on",
    "(gtm, legal, vision, technical, fundraising; gtm starts on, the others off: PATCH /api/agents/{id}) and the key",
    "owner's custom agents (by endpoint slug), each only when the key's allowed agents include it. Without a key (or",
    "with a placeholder that is not in our key format, as clients that insist on a key send) the list is empty, so a",
    "client can check its connection before calling a public agent by its slug: listing other accounts' public agents",
    "would tell anyone who publishes what. A key in our format that is wrong gets 401. Errors in OpenAI's shape.",
  ].join(" "),
  middleware: v1Middleware(openAiErrors, v1Call("models"), optionalApiKey, hourlyLimit),
  security: [{}, ...securityFor(["apiKey"])],
  responses: {
    200: {
      description: "The callable agents",
      content: { "application/json": { schema: componentSchema(modelListSchema, "OpenAiModelList") } },
    },
    ...openAiErrorResponses(401, 429),
  },
});

const modelRoute = createRoute({
  method: "get",
  path: "/models/{model}",
  tags: ["Public API"],
  summary: "One agent an API key may call, as OpenAI's model object",
  description:
    "The entry of GET /api/v1/models whose id is `model`, or a public agent by its slug (for any caller, a key not needed); 404 (`model_not_found`) for any other name. Errors in OpenAI's shape.",
  middleware: v1Middleware(openAiErrors, v1Call("models"), optionalApiKey, hourlyLimit),
  security: [{}, ...securityFor(["apiKey"])],
  request: { params: z.object({ model: z.string().min(1).max(200) }) },
  responses: {
    200: {
      description: "The agent",
      content: { "application/json": { schema: componentSchema(modelSchema, "OpenAiModel") } },
    },
    ...openAiErrorResponses(401, 404, 429),
  },
});

const completionsRoute = createRoute({
  method: "post",
  path: "/chat/completions",
  tags: ["Public API"],
  summary: "OpenAI-compatible chat completions: an agent's grounded answer, streamed or whole",
  description: [
    "`model` names the agent: a custom agent's endpoint slug or, with a key, a built-in agent type (GET",
    "/api/v1/models). The last user message is the question (content a string or text parts; other part types are",
    "refused by name); the other user, assistant and tool messages are the history (tool results read as the user's",
    "turns, an assistant message that only calls tools as nothing; the last 40, then trimmed to the model's context);",
    "system and developer messages are the caller's instructions (bounded by the model's context, not a length: cut",
    "to what the agent's own part leaves): a chat model gets them after the agent's prompt and the grounding",
    "rules, marked as ranking below both, and the passages",
    "after them as quoted data. The agent's settings choose the model and temperature; the caller's `temperature`,",
    "`top_p`, `seed`, `stop` and `max_tokens` (or `max_completion_tokens`) go to a chat model, and the built-in",
    "responder honours the cuts: `stop` ends the answer before the stop string, `max_tokens` at a word boundary",
    "with `finish_reason` length.",
    "",
    "With a chat model configured, `tools`, `tool_choice`, `parallel_tool_calls`, `response_format` and `n` are",
    "passed on as sent, beside the agent's grounding (the passages still ground what the answer states); the",
    "messages after the question (the model's tool calls and their results) follow it in order, so a tool round",
    "trip ends in the agent's answer. The model's `tool_calls` come back in OpenAI's shape (`finish_reason`",
    "tool_calls; streamed, each call whole in one delta before the finishing chunk), other choices by `index`, and a",
    "structured answer verbatim (no citation markers checked in JSON). Offline (the built-in responder): `tool_choice`",
    "auto or none is answered as a model that chose no tool, required or a named function is refused (400, param",
    "tool_choice); `response_format` json_object answers the JSON object `{ answer, sources }` (streamed as one",
    "piece), json_schema is refused (400, param response_format); `n` above 1 is refused (400, param n).",
    "",
    "The answer runs the chat's pipeline: retrieval from the agent owner's knowledge (for anyone but the owner's own",
    "key, only the knowledge given to the agent, never the owner's documents uploaded for all agents), the chat model,",
    "citation markers checked. `usage` counts the model's tokens (estimated by the built-in responder); our extensions:",
    "`sources` lists the cited passages (`[n]` in the text is `number` n), and `trace` says why the answer says what",
    "it says (passages weighed with their scores, units quoted, the kind of answer looked for, an abstention's best",
    'candidate and reason), as the chat\'s "Why this answer?" shows it, or null.',
    "",
    "`stream: true` answers server-sent events: `chat.completion.chunk` objects as the words are written, then a",
    "finishing chunk (`finish_reason`, `sources`, `trace`), then, only with `stream_options.include_usage`, OpenAI's",
    "usage chunk (no choices, the only one carrying `usage`), and `data: [DONE]`. Comment lines are heartbeats. A chat-model failure before the",
    "first word is an HTTP error; after it, an `error` object in the stream. Closing the connection stops the model.",
    "",
    "Authentication as POST /api/v1/{apiEndpoint}: public agents need no key; others their owner's key, allowed for",
    "them. A built-in agent its owner switched off answers 409 (ConflictError in OpenAI's clients), streamed or not.",
    "Limits and RateLimit-* headers likewise. Errors are OpenAI's shape `{ error: { message, type, code,",
    "param } }`, so OpenAI's clients raise their matching errors.",
  ].join("\n"),
  middleware: v1Middleware(openAiErrors, v1Call("chat.completions"), optionalApiKey, hourlyLimit),
  security: [{}, ...securityFor(["apiKey"])],
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: componentSchema(chatCompletionRequestSchema, "OpenAiChatCompletionRequest"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The completion (JSON), or its chunks (`stream: true`)",
      content: {
        "application/json": { schema: componentSchema(chatCompletionSchema, "OpenAiChatCompletion") },
        "text/event-stream": {
          schema: z
            .string()
            .openapi({ description: "`data: <chat.completion.chunk JSON>` events, then `data: [DONE]`" }),
        },
      },
    },
    ...openAiErrorResponses(400, 401, 403, 404, 409, 429, 502, 503, 504),
  },
});

export const v1OpenAiRoutes = createV1Router()
  .openapi(modelsRoute, async (c) => {
    const { deps, user } = c.var;
    const apiKey = callerKey(c);
    if (!user || !apiKey) return c.json({ object: "list" as const, data: [] }, 200);
    return c.json(await listModels({ db: deps.database.db, apiKey, owner: user }), 200);
  })
  .openapi(modelRoute, async (c) => {
    const { deps, user } = c.var;
    const apiKey = callerKey(c);
    const { model } = c.req.valid("param");
    const own = user && apiKey ? (await listModels({ db: deps.database.db, apiKey, owner: user })).data : [];
    const found = own.find((entry) => entry.id === model) ?? (await findPublicModel(deps.database.db, model));
    if (!found)
      throw new AppError("NOT_FOUND", `The model '${model}' does not exist or this caller may not call it`);
    return c.json(found, 200);
  })
  .openapi(completionsRoute, async (c) => {
    const body = c.req.valid("json");
    const { deps } = c.var;
    const read = readChatCall(body, deps.responder.info.offline);
    const writer = chatCompletionWriter(
      completionMeta(body.model, deps.now()),
      body.stream_options?.include_usage === true,
    );
    const call = { ...read, model: body.model, stream: body.stream === true };
    return (await answerAgentCall(c as unknown as Context<V1Env>, call, writer)) as never;
  });
