// The signed-in user's conversations: list (per agent), create, rename, delete, and their messages.
import {
  chatConversationSchema,
  chatMessageSchema,
  createChatConversationSchema,
  renameConversationSchema,
} from "@acp/contracts/chat";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { createConversation } from "../services/conversations/create-conversation";
import { deleteConversation } from "../services/conversations/delete-conversation";
import { listConversationMessages } from "../services/conversations/list-conversation-messages";
import { listConversations } from "../services/conversations/list-conversations";
import { renameConversation } from "../services/conversations/rename-conversation";

const conversationComponent = componentSchema(chatConversationSchema, "Conversation");
const idParams = z.object({
  id: z.string().min(1).max(200).openapi({ description: "Conversation id" }),
});

const listConversationsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Chat"],
  summary: "The signed-in user's conversations, most recently updated first",
  request: {
    query: z.object({
      agentType: z.string().trim().min(1).max(100).optional().openapi({
        description: "Only this built-in agent's conversations (not those of custom agents of that type)",
      }),
      customAgentId: z
        .string()
        .trim()
        .min(1)
        .max(200)
        .optional()
        .openapi({ description: "Only this custom agent's conversations" }),
    }),
  },
  responses: {
    200: {
      description: "The user's conversations",
      content: { "application/json": { schema: z.array(conversationComponent) } },
    },
    ...errorResponses(400, 401),
  },
});

const createConversationRoute = signedInRoute({
  method: "post",
  path: "/",
  tags: ["Chat"],
  summary: "Start a conversation with a built-in agent (agentType) or one of the user's custom agents",
  request: {
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(createChatConversationSchema, "CreateConversation") },
      },
    },
  },
  responses: {
    201: {
      description: "The new conversation",
      content: { "application/json": { schema: conversationComponent } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const renameConversationRoute = signedInRoute({
  method: "patch",
  path: "/{id}",
  tags: ["Chat"],
  summary: "Rename a conversation",
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        "application/json": { schema: componentSchema(renameConversationSchema, "RenameConversation") },
      },
    },
  },
  responses: {
    200: {
      description: "The renamed conversation",
      content: { "application/json": { schema: conversationComponent } },
    },
    ...errorResponses(400, 401, 404),
  },
});

const deleteConversationRoute = signedInRoute({
  method: "delete",
  path: "/{id}",
  tags: ["Chat"],
  summary: "Delete a conversation and its messages",
  request: { params: idParams },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 404),
  },
});

const listMessagesRoute = signedInRoute({
  method: "get",
  path: "/{id}/messages",
  tags: ["Chat"],
  summary: "The messages of one of the user's conversations, oldest first",
  description:
    "Answers carry their numbered sources (cited or merely retrieved), status (complete, stopped, failed), model and token counts. Another user's conversation answers 404, exactly like one that does not exist.",
  request: { params: idParams },
  responses: {
    200: {
      description: "The conversation's messages",
      content: { "application/json": { schema: z.array(componentSchema(chatMessageSchema, "Message")) } },
    },
    ...errorResponses(401, 404),
  },
});

export const conversationsRoutes = createRouter()
  .openapi(listConversationsRoute, async (c) => {
    const { agentType, customAgentId } = c.req.valid("query");
    const list = await listConversations({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      agentType,
      customAgentId,
    });
    return c.json(list, 200);
  })
  .openapi(createConversationRoute, async (c) => {
    const created = await createConversation({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      input: c.req.valid("json"),
    });
    return c.json(created, 201);
  })
  .openapi(renameConversationRoute, async (c) => {
    const renamed = await renameConversation({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      conversationId: c.req.valid("param").id,
      title: c.req.valid("json").title,
    });
    return c.json(renamed, 200);
  })
  .openapi(deleteConversationRoute, async (c) => {
    await deleteConversation({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      conversationId: c.req.valid("param").id,
    });
    return c.body(null, 204);
  })
  .openapi(listMessagesRoute, async (c) => {
    const list = await listConversationMessages({
      db: c.var.deps.database.db,
      userId: c.var.user.id,
      conversationId: c.req.valid("param").id,
    });
    return c.json(list, 200);
  });
