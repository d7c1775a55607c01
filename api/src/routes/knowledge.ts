// Knowledge Base Stats for the signed-in user (mounted at /api/knowledge): documents, vectors, storage used.
import { knowledgeStatsSchema } from "@acp/contracts/knowledge";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { getKnowledgeStats } from "../services/documents/knowledge-stats";

const statsRoute = signedInRoute({
  method: "get",
  path: "/stats",
  tags: ["Knowledge"],
  summary:
    "Totals for the Knowledge Base Stats card: documents, vector embeddings (indexed chunks), bytes stored",
  responses: {
    200: {
      description: "The user's knowledge-base totals",
      content: { "application/json": { schema: componentSchema(knowledgeStatsSchema, "KnowledgeStats") } },
    },
    ...errorResponses(401),
  },
});

export const knowledgeRoutes = createRouter().openapi(statsRoute, async (c) => {
  const stats = await getKnowledgeStats({ db: c.var.deps.database.db, userId: c.var.user.id });
  return c.json(stats, 200);
});
