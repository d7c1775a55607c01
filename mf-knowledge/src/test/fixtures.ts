// Test data in the API's shapes (packages/contracts/src/knowledge.ts).
import type { KnowledgeDocument } from "@acp/contracts/knowledge";

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
