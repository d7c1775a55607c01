// Hybrid retrieval over the signed-in user's knowledge (mounted at /api/retrieval): POST /search.
import { retrievalSearchRequestSchema, retrievalSearchResponseSchema } from "@acp/contracts/knowledge";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { searchAsAgent } from "../services/retrieval/search-as-agent";
import { searchKnowledge } from "../services/retrieval/search-knowledge";

const searchRoute = signedInRoute({
  method: "post",
  path: "/search",
  tags: ["Knowledge"],
  summary: "The chunks of the signed-in user's knowledge that answer a question",
  description:
    "Hybrid search: BM25 over the stored chunk text and the nearest vectors of the active embedder, fused by weighted reciprocal rank fusion. Only candidates above the relevance threshold are returned unless includeBelowThreshold is set (the retrieval lab). With agentId, only that agent's knowledge: the documents given to it and those in its agent type's categories, in the order of the re-ranker its training left when it has one (`reranked: true`; not with includeBelowThreshold).",
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: componentSchema(retrievalSearchRequestSchema, "RetrievalSearchRequest"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The best chunks, best first, with both legs' ranks",
      content: {
        "application/json": {
          schema: componentSchema(retrievalSearchResponseSchema, "RetrievalSearchResponse"),
        },
      },
    },
    ...errorResponses(400, 401),
  },
});

export const retrievalRoutes = createRouter().openapi(searchRoute, async (c) => {
  const { query, agentId, topK, includeBelowThreshold } = c.req.valid("json");
  // An agent's search is its retrieval, re-ranked as its training left it; the retrieval lab sees the raw search.
  if (agentId && !includeBelowThreshold) {
    const response = await searchAsAgent({
      deps: c.var.deps,
      userId: c.var.user.id,
      agentKey: agentId,
      query,
      topK,
      includeShared: false,
    });
    return c.json(response, 200);
  }
  const response = await searchKnowledge({
    deps: c.var.deps,
    userId: c.var.user.id,
    query,
    agentId,
    topK,
    includeBelowThreshold,
  });
  return c.json(response, 200);
});
