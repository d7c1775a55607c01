// Vector store stats for the signed-in user (mounted at /api/pinecone): GET /stats, the spec's path whatever store is configured.
import { vectorStoreStatsSchema } from "@acp/contracts/entities";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { activeEmbedderId } from "../services/retrieval/embedder-migration";

/** The contract's stats with its defaults unwrapped: the response always carries namespace and dimension. */
const statsResponseSchema = componentSchema(
  vectorStoreStatsSchema.extend({
    namespace: vectorStoreStatsSchema.shape.namespace.unwrap(),
    dimension: vectorStoreStatsSchema.shape.dimension.unwrap(),
  }),
  "VectorStoreStats",
);

const statsRoute = signedInRoute({
  method: "get",
  path: "/stats",
  tags: ["Knowledge"],
  summary: "The signed-in user's vector count in the configured vector store",
  description:
    "totalVectorCount counts the user's own vectors made by the embedder search uses (while the index is rebuilt for a new embedder, the old embedder's until the switch). 503 VECTOR_STORE_UNAVAILABLE when the store cannot be used, e.g. a PostgreSQL server without the pgvector extension.",
  responses: {
    200: {
      description: "Stats of the user's vectors",
      content: { "application/json": { schema: statsResponseSchema } },
    },
    ...errorResponses(401, 503),
  },
});

export const pineconeRoutes = createRouter().openapi(statsRoute, async (c) => {
  const { deps } = c.var;
  const userId = c.var.user.id;
  const stats = await deps.vectorStore.stats({ userId, embedder: await activeEmbedderId(deps, userId) });
  return c.json(stats, 200);
});
