// POST /api/v1/responses: OpenAI's Responses API for our agents (the AI SDK's default `openai(model)` and every
// Responses client), on the same agent-call path as chat completions. Responses are not kept: GET and DELETE of one
// are OpenAI's 404 for a path this server does not serve.
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { answersAsJsonObject, assertToolsAnswerable } from "../services/public-api/openai-chat";
import {
  readResponsesRequest,
  responseBody,
  responseEvents,
  responseMeta,
  responsesRequestSchema,
} from "../services/public-api/openai-responses";
import { answerAgentCall } from "./v1-agent-call";
import {
  createV1Router,
  hourlyLimit,
  openAiErrors,
  optionalApiKey,
  type V1Env,
  v1Call,
  v1Middleware,
} from "./v1-middleware";
import { openAiErrorResponses } from "./v1-openai";

const createResponseRoute = createRoute({
  method: "post",
  path: "/responses",
  tags: ["Public API"],
  summary: "OpenAI's Responses API: an agent's grounded answer as a response object, streamed or whole",
  description: [
    "`model` names the agent as in chat completions. `input` is the question as a string, or input items: messages",
    "(role user, assistant, system or developer; content a string or input_text/output_text parts, other part types",
    "refused by name) and function_call_output items (read as the user's turn); the last user message is the",
    "question. `instructions` are the caller's instructions, below the agent's prompt and the grounding rules.",
    "`max_output_tokens`, `temperature` and `top_p` as chat completions' fields; `text.format` and `tools` on the",
    "same terms as `response_format` and `tools` there. Responses are not kept (`store` is false in the answer):",
    "`previous_response_id` is refused (400), send earlier turns as input items.",
    "",
    "The answer is one `message` output item with one `output_text` part; each cited passage is a `file_citation`",
    "annotation (`file_id` the document's id, `filename`, `index` where its marker stands); `usage` counts tokens;",
    "`status` is incomplete (reason max_output_tokens) when that limit cut it; our `sources` and `trace` ride along.",
    "`stream: true` sends the typed events: response.created, response.in_progress, response.output_item.added,",
    "response.content_part.added, response.output_text.delta..., response.output_text.done,",
    "response.content_part.done, response.output_item.done, then response.completed (or response.incomplete); a",
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
        "application/json": {
          schema: z.object({ id: z.string(), object: z.literal("response") }).passthrough(),
        },
        "text/event-stream": { schema: z.string() },
      },
    },
    ...openAiErrorResponses(400, 401, 403, 404, 429),
  },
});

export const v1ResponsesRoutes = createV1Router().openapi(createResponseRoute, async (c) => {
  const body = c.req.valid("json");
  const { deps } = c.var;
  const offline = deps.responder.info.offline;
  const { question, history, instructions, generation } = readResponsesRequest(body);
  assertToolsAnswerable(body, offline);
  const asJson = answersAsJsonObject({ response_format: body.text?.format ?? null }, offline);
  const meta = responseMeta(body.model, deps.now());
  const events = responseEvents(meta, body, asJson);
  const writer = {
    whole: (answer: Parameters<typeof events.closing>[0], content: string) =>
      responseBody(meta, body, { answer, content, asJson }),
    opening: events.opening,
    piece: events.piece,
    closing: events.closing,
    failure: events.failure,
  };
  const call = {
    model: body.model,
    question,
    history,
    instructions,
    generation,
    asJson,
    stream: body.stream === true,
  };
  return (await answerAgentCall(c as unknown as Context<V1Env>, call, writer)) as never;
});
