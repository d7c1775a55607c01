// Test data in the API's shapes (packages/contracts/src/knowledge.ts).
import type { CustomAgentDetail } from "@acp/contracts/chat";
import type { DocumentPage, KnowledgeDocument } from "@acp/contracts/knowledge";

export function knowledgeDocument(overrides: Partial<KnowledgeDocument> & { id: string }): KnowledgeDocument {
  return {
    originalName: `${overrides.id}.pdf`,
    name: `${overrides.id}.pdf`,
    mimeType: "application/pdf",
    size: 1024,
    status: "completed",
    category: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    agentId: null,
    error: null,
    stage:
      overrides.status === "processing"
        ? "embedding"
        : overrides.status === "failed"
          ? "failed"
          : "completed",
    progress: overrides.status === "processing" ? 60 : 100,
    sha256: null,
    source: "upload",
    chunkCount: 3,
    ...overrides,
  };
}

/** GET /api/documents for the document list's first page, as the card asks for it with no search or filter. */
export const FIRST_PAGE_URL = "/api/documents?limit=50&offset=0";

/** One page of GET /api/documents?limit=&offset= (the total defaults to the documents given). */
export function documentPage(
  documents: readonly KnowledgeDocument[],
  {
    total = documents.length,
    limit = 50,
    offset = 0,
  }: { total?: number; limit?: number; offset?: number } = {},
): DocumentPage {
  return { documents: [...documents], total, limit, offset };
}

/** A custom agent as GET /api/custom-agents lists it. */
export function customAgent(
  overrides: Partial<CustomAgentDetail> & { id: string; name: string },
): CustomAgentDetail {
  return {
    description: null,
    systemPrompt: "You answer from our documents.",
    agentType: "custom",
    isPublic: false,
    apiEndpoint: `agent-${overrides.id}`,
    trainingStatus: "untrained",
    createdAt: "2026-11-20T10:00:00.000Z",
    trainingError: null,
    settings: { systemPrompt: "You answer from our documents.", model: null, temperature: 0.2, topK: 6 },
    ...overrides,
  };
}
