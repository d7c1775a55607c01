// Test data in the API's shapes (packages/contracts/src/chat.ts and knowledge.ts).
import type { ChatConversation, ChatMessage, ChatSource } from "@acp/contracts/chat";
import type { DocumentDetail } from "@acp/contracts/knowledge";

export function conversation(overrides: Partial<ChatConversation> & { id: string }): ChatConversation {
  return {
    agentType: "gtm",
    title: `Conversation ${overrides.id}`,
    customAgentId: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    ...overrides,
  };
}

export function chatMessage(
  overrides: Partial<ChatMessage> & Pick<ChatMessage, "id" | "role" | "content">,
): ChatMessage {
  return {
    conversationId: "1",
    createdAt: "2026-11-20T10:00:00.000Z",
    sources: [],
    status: "complete",
    model: overrides.role === "assistant" ? "grounded-responder" : null,
    promptTokens: null,
    completionTokens: null,
    error: null,
    trace: null,
    ...overrides,
  };
}

export function chatSource(overrides: Partial<ChatSource> & { number: number }): ChatSource {
  return {
    chunkId: `chunk-${overrides.number}`,
    documentId: "doc-1",
    documentName: "pricing.pdf",
    location: { kind: "page", page: 3 },
    excerpt: "Enterprise plans are billed yearly.",
    score: 0.5,
    relevance: 0.8,
    cited: true,
    ...overrides,
  };
}

export function documentDetail(id: string, text: string): DocumentDetail {
  return {
    document: {
      id,
      originalName: "pricing.pdf",
      name: "pricing.pdf",
      mimeType: "application/pdf",
      size: 2048,
      status: "completed",
      category: null,
      createdAt: "2026-11-20T10:00:00.000Z",
      agentId: "gtm",
      error: null,
      stage: "completed",
      progress: 100,
      sha256: null,
      source: "upload",
      chunkCount: 4,
    },
    // lineNumbers only matters for sheets; set here so the fixture fits the contract with or without that field.
    parts: [
      { label: "Page 2", location: { kind: "page", page: 2 }, text: "Other page." },
      { label: "Page 3", location: { kind: "page", page: 3 }, text },
    ].map((part) => ({
      ...part,
      truncated: false,
      hasText: true,
      ocr: false,
      lineNumbers: null,
    })) as DocumentDetail["parts"],
    chunkCount: 4,
    embedder: "local-1536",
    timings: [],
  };
}
