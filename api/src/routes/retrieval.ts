// Hybrid retrieval over the signed-in user's knowledge (mounted at /api/retrieval): POST /search, and POST /answer
// (the retrieval lab asks an agent and sees why it answered so).
import { retrievalSearchRequestSchema, retrievalSearchResponseSchema } from "@acp/contracts/knowledge";
import { retrievalAnswerRequestSchema, retrievalAnswerSchema } from "@acp/contracts/retrieval-answer";
import { signedInRoute } from "../auth/signed-in-route";
import { componentSchema, createRouter, errorResponses } from "../lib/openapi";
import { previewAnswer } from "../services/chat/preview-answer";
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

const answerRoute = signedInRoute({
  method: "post",
  path: "/answer",
  tags: ["Knowledge"],
  summary: "An agent's answer to a question with why it says it, without a conversation (the retrieval lab)",
  description: [
    "Runs the chat's pipeline (the agent's retrieval, then its responder, citations checked) for `question` as a new",
    "conversation's first question and returns the answer the chat would store: `content`, `sources` (every passage",
    'given, numbered as its markers), `status`, `model` and `trace`, the "Why this answer?" of the chat (passages',
    "weighed with their scores, the units quoted, the kind of answer looked for, and for an abstention the best",
    "candidate and why it was not enough). Nothing is stored. `agentId` is a built-in agent, a data-source target",
    "(qa-compliance) or one of the user's custom agents (404 for anything else). A chat-model failure answers 429",
    "(Retry-After), 502, 503 or 504 as the chat does.",
  ].join("\n"),
  request: {
    body: {
      required: true,
      content: {
        "application/json": {
          schema: componentSchema(retrievalAnswerRequestSchema, "RetrievalAnswerRequest"),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The agent's answer, its passages and its trace",
      content: {
        "application/json": { schema: componentSchema(retrievalAnswerSchema, "RetrievalAnswer") },
      },
    },
    ...errorResponses(400, 401, 404, 429, 502, 503, 504),
  },
});

export const retrievalRoutes = createRouter()
  .openapi(searchRoute, async (c) => {
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
  })
  .openapi(answerRoute, async (c) => {
    const { question, agentId } = c.req.valid("json");
    const { deps, user } = c.var;
    // A client that goes away (or a shutdown) stops the model: nobody is left to read the answer.
    const stream = deps.streams.open({ signal: c.req.raw.signal });
    try {
      return c.json(
        await previewAnswer({ deps, userId: user.id, agentId, question, signal: stream.signal }),
        200,
      );
    } finally {
      stream.done();
    }
  });
