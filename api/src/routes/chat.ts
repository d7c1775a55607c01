// Grounded chat: POST /api/chat (JSON, or server-sent events for Accept: text/event-stream) and GET /api/chat/model.
import {
  CHAT_STREAM_EVENTS,
  chatModelInfoSchema,
  chatResponseSchema,
  sendChatMessageSchema,
} from "@acp/contracts/chat";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { eventStreamResponse } from "../lib/event-stream";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { ChatModelError } from "../providers/chat-model/responder";
import { chatFailureError, sendChatMessage } from "../services/chat/chat-service";
import { readChatTurn } from "../services/chat/chat-turn-reads";

const sendRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["Chat"],
  summary:
    "Ask the conversation's agent: the answer is grounded in the user's knowledge and cites its sources",
  description: [
    "Stores the question, retrieves from the agent's knowledge (its own documents and the user's shared ones, with",
    "the conversation's context for follow-up questions), answers through the chat model with the agent's system",
    "prompt and the recent history, and stores the answer with its numbered sources ([1] in the text is source 1;",
    "a marker to no source is removed).",
    "",
    "With `Accept: text/event-stream` the answer streams as server-sent events: `start` ({ userMessage }), `token`",
    "({ text }) as it is written, then exactly one `done` ({ message }: the stored answer with its sources) or",
    "`error` ({ error, message }: the reason, and the stored failed answer). Comment lines are heartbeats (every",
    "15 s). Closing the connection stops the answer: what was written is stored with status `stopped`.",
    "",
    "As JSON: both stored messages; a chat-model failure answers 429/502/503/504 with the reason, the stored failed",
    "answer in `details.message`.",
  ].join("\n"),
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: componentSchema(sendChatMessageSchema, "ChatRequest") } },
    },
  },
  responses: {
    200: {
      description: "Both stored messages (JSON), or the event stream",
      content: {
        "application/json": { schema: componentSchema(chatResponseSchema, "ChatResponse") },
        "text/event-stream": {
          schema: z.string().openapi({ description: `Events: ${CHAT_STREAM_EVENTS.join(", ")}` }),
        },
      },
    },
    ...errorResponses(400, 401, 404, 429, 502, 503, 504),
  },
});

const modelRoute = signedInRoute({
  method: "get",
  path: "/model",
  tags: ["Chat"],
  summary: "Which chat model answers: the built-in grounded responder (offline mode) or a configured server",
  responses: {
    200: {
      description: "The installation's chat model",
      content: { "application/json": { schema: componentSchema(chatModelInfoSchema, "ChatModelInfo") } },
    },
    ...errorResponses(401),
  },
});

/** Words for a failure that is not the model's (a bug, the database): the stream still ends with an event. */
const UNEXPECTED = "Something went wrong while answering. Please try again.";

export const chatRoutes = createRouter()
  .openapi(sendRoute, async (c) => {
    const arrivedAt = performance.now();
    const { conversationId, message } = c.req.valid("json");
    const { deps, user } = c.var;
    const turn = { deps, userId: user.id, conversationId, message, arrivedAt };
    if (!(c.req.header("accept") ?? "").includes("text/event-stream")) {
      const stream = deps.streams.open({ signal: c.req.raw.signal });
      try {
        const result = await sendChatMessage({ ...turn, signal: stream.signal });
        if (result.failure) throw chatFailureError(result.failure, result.message);
        return c.json({ userMessage: result.userMessage, message: result.message }, 200);
      } finally {
        stream.done();
      }
    }
    // Validation and ownership fail as plain JSON errors, before any stream opens (the turn's reads check it).
    const reads = await readChatTurn({ db: deps.database.db, userId: user.id, conversationId });
    const stream = deps.streams.open({ signal: c.req.raw.signal });
    return eventStreamResponse({
      signal: stream.signal,
      produce: async (sink) => {
        try {
          const result = await sendChatMessage({
            ...turn,
            reads,
            signal: sink.signal,
            onStart: (userMessage) => sink.send("start", { userMessage }),
            onToken: (text) => sink.send("token", { text }),
          });
          if (result.failure) sink.send("error", { error: result.failure.message, message: result.message });
          else sink.send("done", { message: result.message });
        } catch (error) {
          const known = error instanceof ChatModelError || (error as { code?: string }).code === "NOT_FOUND";
          if (!known) deps.logger.error({ err: error }, "chat stream failed");
          sink.send("error", { error: known ? (error as Error).message : UNEXPECTED, message: null });
        } finally {
          stream.done();
        }
      },
    }) as never;
  })
  .openapi(modelRoute, (c) => c.json(c.var.deps.responder.info, 200));
