// The OpenAI-compatible face of our agents: GET /api/v1/models and POST /api/v1/chat/completions (JSON or a stream of
// chat.completion.chunk events), for any OpenAI SDK pointed at <server>/api/v1.
import { createRoute, z } from "@hono/zod-openapi";
import { authenticate, securityFor } from "../auth/authenticate";
import { AppError, errorBody } from "../lib/app-error";
import { eventStreamResponse } from "../lib/event-stream";
import { componentSchema } from "../lib/openapi";
import { assertMayCall, resolveModel } from "../services/public-api/agent-target";
import {
  answerCall,
  callFailureError,
  readsSharedLibrary,
  retrieveForCall,
} from "../services/public-api/answer-call";
import { startAnswer } from "../services/public-api/first-piece";
import { listModels } from "../services/public-api/list-models";
import {
  answersAsJsonObject,
  assertToolsAnswerable,
  chatCompletionRequestSchema,
  chatCompletionSchema,
  completionBody,
  completionMeta,
  contentChunk,
  finalChunks,
  generationOf,
  jsonObjectContent,
  modelListSchema,
  modelSchema,
  openAiErrorBody,
  openAiErrorSchema,
  readMessages,
} from "../services/public-api/openai-chat";
import { createCitationStream } from "../services/public-api/streamed-citations";
import {
  callerKey,
  createV1Router,
  hourlyLimit,
  openAiErrors,
  optionalApiKey,
  v1Call,
  v1Middleware,
} from "./v1-middleware";

/**
 * How long a streamed request waits for the model's first piece before it answers 200: a failure within it is an
 * HTTP error with its status (429 with Retry-After, 5xx), after it an error event in the open stream.
 */
const FIRST_PIECE_WAIT_MS = 10_000;

/** Words for a failure that is not the model's (a bug, the database), sent in the stream's error event. */
const UNEXPECTED = "Something went wrong while answering. Please try again.";

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

/** Documented errors in OpenAI's shape: `{ error: { message, type, code, param } }`, code in OpenAI's words where it has them. */
function openAiErrorResponses<const S extends keyof typeof OPENAI_STATUS_MEANINGS>(...statuses: S[]) {
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

const modelsRoute = createRoute({
  method: "get",
  path: "/models",
  tags: ["Public API"],
  summary: "The agents an API key may call, as OpenAI's model list",
  description: [
    "Ids are what `model` takes in POST /api/v1/chat/completions: the built-in agents the owner has switched on",
    "(gtm, legal, vision, technical, fundraising; gtm starts on, the others off: PATCH /api/agents/{id}) and the key",
    "owner's custom agents (by endpoint slug), each only when the key's allowed agents include it. Needs a key: anonymous callers get 401 (listing other accounts' public agents would tell",
    "anyone who publishes what; a public agent is called by its slug, which its owner shares). Errors in OpenAI's",
    "shape.",
  ].join(" "),
  middleware: v1Middleware(openAiErrors, v1Call("models"), authenticate({ allow: ["apiKey"] }), hourlyLimit),
  security: securityFor(["apiKey"]),
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
    "The entry of GET /api/v1/models whose id is `model`; 404 (`model_not_found`) for any other name. Needs a key. Errors in OpenAI's shape.",
  middleware: v1Middleware(openAiErrors, v1Call("models"), authenticate({ allow: ["apiKey"] }), hourlyLimit),
  security: securityFor(["apiKey"]),
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
    "with `finish_reason` length. `tools`: offline (the built-in responder), `tool_choice` auto or none is",
    "answered as a model that chose no tool, required or a named function is refused (400, param tool_choice); with",
    "a chat model, tools are refused (400, param tools) until they are passed on. `response_format` json_object",
    "offline answers the JSON object `{ answer, sources }` (streamed as one piece); json_schema offline, and any",
    "format with a chat model, are refused (400, param response_format) rather than ignored.",
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
    if (!user || !apiKey) throw new Error("authenticate() let a call through without its key");
    return c.json(await listModels({ db: deps.database.db, apiKey, owner: user }), 200);
  })
  .openapi(modelRoute, async (c) => {
    const { deps, user } = c.var;
    const apiKey = callerKey(c);
    if (!user || !apiKey) throw new Error("authenticate() let a call through without its key");
    const { model } = c.req.valid("param");
    const { data } = await listModels({ db: deps.database.db, apiKey, owner: user });
    const found = data.find((entry) => entry.id === model);
    if (!found)
      throw new AppError("NOT_FOUND", `The model '${model}' does not exist or this key may not call it`);
    return c.json(found, 200);
  })
  .openapi(completionsRoute, async (c) => {
    const body = c.req.valid("json");
    const { deps, v1Call: call } = c.var;
    const { question, history, instructions } = readMessages(body.messages);
    assertToolsAnswerable(body, deps.responder.info.offline);
    const asJson = answersAsJsonObject(body, deps.responder.info.offline);
    const apiKey = callerKey(c);
    const target = await resolveModel({ db: deps.database.db, model: body.model, apiKey });
    call.agentOwnerId = target.ownerId;
    call.agentEndpoint = target.endpoint;
    assertMayCall(target, apiKey);
    const meta = completionMeta(body.model, deps.now());
    // Retrieval fails (vector store down) as an HTTP error on both paths, before any stream opens.
    const includeShared = readsSharedLibrary(target, apiKey);
    const passages = await retrieveForCall(deps, { target, history, question, includeShared });
    const stream = deps.streams.open({ signal: c.req.raw.signal });
    const turn = {
      target,
      history,
      question,
      includeShared,
      passages,
      signal: stream.signal,
      callerInstructions: instructions,
      generation: generationOf(body),
    };

    if (!body.stream) {
      try {
        const answer = await answerCall(deps, turn);
        call.promptTokens = answer.promptTokens;
        call.completionTokens = answer.completionTokens;
        const failure = callFailureError(answer);
        if (failure) throw failure;
        const content = asJson ? jsonObjectContent(answer) : answer.content;
        return c.json(completionBody(meta, { ...answer, content }), 200);
      } finally {
        stream.done();
      }
    }

    const started = startAnswer(
      (onPiece) => answerCall(deps, { ...turn, onToken: onPiece }),
      FIRST_PIECE_WAIT_MS,
    );
    await started.ready;
    if (started.settled && started.pieces === 0) {
      // Over before a word was written: a failure is still an HTTP status (and Retry-After) for the client.
      try {
        const answer = await started.answer;
        const failure = callFailureError(answer);
        if (failure) {
          call.promptTokens = answer.promptTokens;
          call.completionTokens = answer.completionTokens;
          throw failure;
        }
      } catch (error) {
        stream.done();
        throw error;
      }
    }
    let streamEnded: (status: number) => void = () => undefined;
    call.streamEnd = new Promise<number>((resolve) => {
      streamEnded = resolve;
    });
    const includeUsage = body.stream_options?.include_usage === true;
    const events = eventStreamResponse({
      signal: stream.signal,
      produce: async (sink) => {
        let status = 200;
        let first = true;
        const send = (chunk: unknown) => sink.data(JSON.stringify(chunk));
        try {
          const write = (text: string) => {
            if (text === "") return;
            send(contentChunk(meta, text, first));
            first = false;
          };
          // The words as the model writes them, markers checked on the way: they add up to the answer returned whole.
          // As a JSON object, the answer is one piece once whole (a JSON text cut mid-way is no object).
          const citations = createCitationStream(passages.length);
          if (!asJson) started.attach((text) => write(citations.push(text)));
          const answer = await started.answer;
          call.promptTokens = answer.promptTokens;
          call.completionTokens = answer.completionTokens;
          const failure = callFailureError(answer);
          if (failure) {
            status = failure.status;
            send(openAiErrorBody(failure.status, errorBody(failure)));
            return;
          }
          write(asJson ? jsonObjectContent(answer) : citations.end());
          if (first) send(contentChunk(meta, "", true));
          for (const chunk of finalChunks(meta, answer, includeUsage)) send(chunk);
          sink.data("[DONE]");
        } catch (error) {
          deps.logger.error({ err: error }, "chat completion stream failed");
          status = 500;
          send(openAiErrorBody(500, { error: UNEXPECTED, code: "INTERNAL_ERROR" }));
        } finally {
          stream.done();
          streamEnded(status);
        }
      },
    });
    // Through c.body so the headers set before (RateLimit-*, X-Request-Id) reach the stream's response too.
    return c.body(
      events.body as ReadableStream<Uint8Array>,
      200,
      Object.fromEntries(events.headers),
    ) as never;
  });
