// OpenAI's Responses API for our agents (the AI SDK's default `openai(model)` and every Responses client): POST
// /api/v1/responses on the same agent-call path as chat completions, and the responses a key made kept for it
// (previous_response_id, GET and DELETE /api/v1/responses/{id}).
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { authenticate, securityFor } from "../auth/authenticate";
import { invalidParam } from "../services/public-api/openai-chat";
import {
  inputMessagesOf,
  readResponsesRequest,
  responseBody,
  responseEvents,
  responseMeta,
  responsesRequestSchema,
  turnsAdded,
  withItemReferences,
} from "../services/public-api/openai-responses";
import {
  deleteResponse,
  findResponse,
  findStoredItem,
  STORED_RESPONSE_DAYS,
  saveResponse,
} from "../services/public-api/stored-responses";
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
import { openAiErrorResponses } from "./v1-openai";

const responseObject = z.object({ id: z.string(), object: z.literal("response") }).passthrough();

const createResponseRoute = createRoute({
  method: "post",
  path: "/responses",
  tags: ["Public API"],
  summary: "OpenAI's Responses API: an agent's grounded answer as a response object, streamed or whole",
  description: [
    "`model` names the agent as in chat completions. `input` is the question as a string, or input items: messages",
    "(role user, assistant, system or developer; content a string or input_text/output_text parts, other part types",
    "refused by name), function_call and function_call_output items (a tool call and its result), and",
    "item_reference items naming an output item of a response the key kept (read as that item; a reference to",
    "nothing kept is refused, param input.N.id); the last user",
    "message is the question. `instructions` are the caller's instructions, below the agent's prompt and the",
    "grounding rules (not carried over to a follow-up, as OpenAI does). `max_output_tokens`, `temperature` and",
    "`top_p` as chat completions' fields; `text.format` and `tools` (flat function tools) on the same terms as",
    "`response_format` and `tools` there: passed to a configured chat model, and offline refused by parameter where",
    "the built-in responder cannot honour them. With a key, a response is kept for that key (unless `store` is",
    "false) for `previous_response_id`, which continues its conversation, and for GET and DELETE",
    `/api/v1/responses/{id}, until it expires ${STORED_RESPONSE_DAYS} days later; anonymous callers' responses are not kept.`,
    "",
    "The answer is one `message` output item with one `output_text` part, then a `function_call` item per tool the",
    "model called; each cited passage is a `file_citation` annotation (`file_id` the document's id, `filename`,",
    "`index` where its marker stands, our `location` in the document); `usage` counts tokens;",
    "`status` is incomplete (reason max_output_tokens) when that limit cut it; our `sources` and `trace` ride along.",
    "`stream: true` sends the typed events: response.created, response.in_progress, response.output_item.added,",
    "response.content_part.added, response.output_text.delta..., response.output_text.done,",
    "response.content_part.done, response.output_item.done, a function call's output_item.added,",
    "function_call_arguments.delta and .done and output_item.done, then response.completed (or response.incomplete); a",
    "failure after the first word is an `error` event. Authentication, limits and errors as chat completions.",
  ].join(" "),
  middleware: v1Middleware(openAiErrors, v1Call("responses"), optionalApiKey, hourlyLimit),
  request: {
    body: { required: true, content: { "application/json": { schema: responsesRequestSchema } } },
  },
  responses: {
    200: {
      description: "The response object, or its events with `stream: true`",
      content: {
        "application/json": { schema: responseObject },
        "text/event-stream": { schema: z.string() },
      },
    },
    ...openAiErrorResponses(400, 401, 403, 404, 409, 429, 502, 503, 504),
  },
});

const responseIdParams = z.object({
  id: z.string().min(1).max(200).openapi({ description: "The response's id (resp_…)" }),
});

const getResponseRoute = createRoute({
  method: "get",
  path: "/responses/{id}",
  tags: ["Public API"],
  summary: "A stored response, as it was answered",
  description: `The response object POST /api/v1/responses answered, for the key that asked it (no other key reads it), until it expires ${STORED_RESPONSE_DAYS} days after it was made. 404 (\`response_not_found\`) otherwise. Errors in OpenAI's shape.`,
  middleware: v1Middleware(
    openAiErrors,
    v1Call("responses"),
    authenticate({ allow: ["apiKey"] }),
    hourlyLimit,
  ),
  security: securityFor(["apiKey"]),
  request: { params: responseIdParams },
  responses: {
    200: { description: "The response object", content: { "application/json": { schema: responseObject } } },
    ...openAiErrorResponses(401, 404, 429),
  },
});

const deleteResponseRoute = createRoute({
  method: "delete",
  path: "/responses/{id}",
  tags: ["Public API"],
  summary: "Delete a stored response",
  description:
    "Deletes a response this key made; a later previous_response_id naming it gets 404. Errors in OpenAI's shape.",
  middleware: v1Middleware(
    openAiErrors,
    v1Call("responses"),
    authenticate({ allow: ["apiKey"] }),
    hourlyLimit,
  ),
  security: securityFor(["apiKey"]),
  request: { params: responseIdParams },
  responses: {
    200: {
      description: "Deleted",
      content: {
        "application/json": {
          schema: z.object({ id: z.string(), object: z.literal("response"), deleted: z.literal(true) }),
        },
      },
    },
    ...openAiErrorResponses(401, 404, 429),
  },
});

/** The key that asked, for routes that authenticate({ allow: ["apiKey"] }). */
function requiredKey(c: { var: Parameters<typeof callerKey>[0]["var"] }) {
  const apiKey = callerKey(c);
  if (!apiKey) throw new Error("authenticate() let a call through without its key");
  return apiKey;
}

export const v1ResponsesRoutes = createV1Router()
  .openapi(createResponseRoute, async (c) => {
    const { deps } = c.var;
    const apiKey = callerKey(c);
    const scope = apiKey ? { apiKeyId: apiKey.id, now: deps.now() } : undefined;
    const body = await withItemReferences(
      c.req.valid("json"),
      scope ? (itemId) => findStoredItem(deps.database.db, itemId, scope) : undefined,
    );
    if (body.previous_response_id && !scope) {
      throw invalidParam(
        "previous_response_id needs the API key that made that response: responses are kept per key",
        "previous_response_id",
      );
    }
    const earlier =
      body.previous_response_id && scope
        ? (await findResponse(deps.database.db, body.previous_response_id, scope, "previous_response_id"))
            .turns
        : [];
    const read = readResponsesRequest(body, deps.responder.info.offline, earlier);
    // Kept unless the caller says store: false, and only for a key (an anonymous caller could never read it back).
    const stored = scope !== undefined && body.store !== false;
    const meta = responseMeta(body.model, deps.now(), stored);
    const events = responseEvents(meta, body, read.asJson);
    const whole = (answer: Parameters<typeof events.closing>[0], content: string) =>
      responseBody(meta, body, { answer, content, asJson: read.asJson });
    // What is kept is what the client saw: a streamed response keeps the message item its stream announced (a client
    // may name it in an item_reference).
    const kept = (answer: Parameters<typeof events.closing>[0], content: string) =>
      responseBody(meta, body, { answer, content, asJson: read.asJson, streamed: body.stream === true });
    const writer: AnswerWriter = {
      whole,
      opening: events.opening,
      piece: events.piece,
      closing: events.closing,
      failure: events.failure,
      settle: async (answer, content) => {
        if (!stored || !apiKey || answer.status !== "complete") return;
        await saveResponse(
          deps.database.db,
          {
            id: meta.id,
            userId: apiKey.userId,
            apiKeyId: apiKey.id,
            turns: turnsAdded([...earlier, ...inputMessagesOf(body)], answer, content),
            body: kept(answer, content),
          },
          deps.now(),
        );
      },
    };
    const call = { ...read, model: body.model, stream: body.stream === true };
    return (await answerAgentCall(c as unknown as Context<V1Env>, call, writer)) as never;
  })
  .openapi(getResponseRoute, async (c) => {
    const { deps } = c.var;
    const scope = { apiKeyId: requiredKey(c).id, now: deps.now() };
    const { body } = await findResponse(deps.database.db, c.req.valid("param").id, scope);
    return c.json(body as { id: string; object: "response" }, 200);
  })
  .openapi(deleteResponseRoute, async (c) => {
    const { deps } = c.var;
    const { id } = c.req.valid("param");
    await deleteResponse(deps.database.db, id, { apiKeyId: requiredKey(c).id, now: deps.now() });
    return c.json({ id, object: "response" as const, deleted: true as const }, 200);
  });
