// Vector store stats for the signed-in user: GET /api/pinecone/stats (the spec's path, whatever store is configured;
// mounted at /api/pinecone).
import { vectorStoreStatsSchema } from "@acp/contracts/entities";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";

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
    "totalVectorCount counts the user's own vectors (the namespace is the user's). 503 VECTOR_STORE_UNAVAILABLE when the store cannot be used, e.g. a PostgreSQL server without the pgvector extension.",
  responses: {
    200: {
      description: "Stats of the user's vectors",
      content: { "application/json": { schema: statsResponseSchema } },
    },
    ...errorResponses(401, 503),
  },
});

export const vectorStoreRoutes = createRouter().openapi(statsRoute, async (c) => {
  const stats = await c.var.deps.vectorStore.stats({ userId: c.var.user.id });
  return c.json(stats, 200);
});
