// The signed-in user's chat history: GET /api/conversations and GET /api/conversations/{id}/messages.
import { conversationSchema, messageSchema } from "@acp/contracts/entities";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { listConversationMessages } from "../services/conversations/list-conversation-messages";
import { listConversations } from "../services/conversations/list-conversations";

const listConversationsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Chat"],
  summary: "The signed-in user's conversations, most recently updated first",
  responses: {
    200: {
      description: "The user's conversations",
      content: {
        "application/json": { schema: z.array(componentSchema(conversationSchema, "Conversation")) },
      },
    },
    ...errorResponses(401),
  },
});

const listMessagesRoute = signedInRoute({
  method: "get",
  path: "/{id}/messages",
  tags: ["Chat"],
  summary: "The messages of one of the user's conversations, oldest first",
  description: "Another user's conversation answers 404, exactly like one that does not exist.",
  request: {
    params: z.object({
      id: z.string().min(1).max(200).openapi({ description: "Conversation id" }),
    }),
  },
  responses: {
    200: {
      description: "The conversation's messages",
      content: { "application/json": { schema: z.array(componentSchema(messageSchema, "Message")) } },
    },
    ...errorResponses(401, 404),
  },
});

export const conversationsRoutes = createRouter()
  .openapi(listConversationsRoute, async (c) => {
    const list = await listConversations({ db: c.var.deps.database.db, userId: c.var.user.id });
    return c.json(list, 200);
  })
  .openapi(listMessagesRoute, async (c) => {
    const { id } = c.req.valid("param");
    const list = await listConversationMessages({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      conversationId: id,
    });
    return c.json(list, 200);
  });
