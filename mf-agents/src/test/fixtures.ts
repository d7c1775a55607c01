// Test data in the API's shapes (packages/contracts/src/chat.ts).

import { BUILT_IN_AGENTS, type BuiltInAgentId } from "@acp/contracts/agents";
import type { AgentAnalytics, BuiltInAgentState, CustomAgentDetail } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K } from "@acp/contracts/constants";
import type { KnowledgeDocument } from "@acp/contracts/knowledge";

/** The five built-in agents as GET /api/agents answers for a new user (gtm on, the others off). */
export function builtInAgentStates(
  overrides: Partial<Record<BuiltInAgentId, Partial<BuiltInAgentState>>> = {},
) {
  return BUILT_IN_AGENTS.map(
    (agent): BuiltInAgentState => ({
      id: agent.id,
      name: agent.name,
      description: agent.description,
      status: agent.status,
      edition: agent.edition,
      features: [...agent.features],
      enabled: agent.status === "active",
      settings: {
        systemPrompt: agent.systemPrompt,
        model: null,
        temperature: AGENT_TEMPERATURE.default,
        topK: AGENT_TOP_K.default,
      },
      defaultSystemPrompt: agent.systemPrompt,
      ...overrides[agent.id],
    }),
  );
}

export function customAgent(overrides: Partial<CustomAgentDetail> & { id: string }): CustomAgentDetail {
  const name = overrides.name ?? `Agent ${overrides.id}`;
  const systemPrompt = overrides.systemPrompt ?? "You answer from the user's documents.";
  return {
    name,
    description: null,
    systemPrompt,
    agentType: "custom",
    isPublic: false,
    apiEndpoint: `agent-${overrides.id}-1767225600000`,
    trainingStatus: "untrained",
    createdAt: "2026-11-20T10:00:00.000Z",
    settings: {
      systemPrompt,
      model: null,
      temperature: AGENT_TEMPERATURE.default,
      topK: AGENT_TOP_K.default,
    },
    trainingError: null,
    ...overrides,
  };
}

export function analytics(days: AgentAnalytics["days"], medianAnswerMs: number | null): AgentAnalytics {
  return {
    days,
    medianAnswerMs,
    totalConversations: days.reduce((sum, day) => sum + day.conversations, 0),
    totalMessages: days.reduce((sum, day) => sum + day.messages, 0),
  };
}

export function knowledgeDocument(overrides: Partial<KnowledgeDocument> & { id: string }): KnowledgeDocument {
  const processing = overrides.status === "processing";
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
    stage: processing ? "embedding" : overrides.status === "failed" ? "failed" : "completed",
    progress: processing ? 60 : 100,
    sha256: null,
    source: "upload",
    chunkCount: processing ? 0 : 3,
    ...overrides,
  };
}
