// The signed-in user's knowledge-base documents: GET /api/documents[?agent=<agentId>] (mounted at /api/documents).
import { documentSchema } from "@acp/contracts/entities";
import { z } from "@hono/zod-openapi";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { listDocuments } from "../services/documents/list-documents";

const listDocumentsRoute = signedInRoute({
  method: "get",
  path: "/",
  tags: ["Knowledge"],
  summary: "The signed-in user's documents, newest first",
  request: {
    query: z.object({
      agent: z
        .string()
        .min(1, "agent must not be empty")
        .max(200, "At most 200 characters")
        .optional()
        .openapi({ description: "Only the documents associated with this agent id" }),
    }),
  },
  responses: {
    200: {
      description: "The user's documents",
      content: { "application/json": { schema: z.array(componentSchema(documentSchema, "Document")) } },
    },
    ...errorResponses(400, 401),
  },
});

export const documentsRoutes = createRouter().openapi(listDocumentsRoute, async (c) => {
  const { agent } = c.req.valid("query");
  const list = await listDocuments({ db: c.var.deps.database.db, userId: c.var.user.id, agentId: agent });
  return c.json(list, 200);
});
