// Test data in the API's shapes: keys as GET /api/api-keys lists them, custom agents, and usage.

import type { CustomAgentDetail } from "@acp/contracts/chat";
import { AGENT_TEMPERATURE, AGENT_TOP_K } from "@acp/contracts/constants";
import type { ApiKeyDetail } from "../features/api-keys/api/get-api-keys";
import type { ApiUsage, UsageHour } from "../features/usage/api/get-usage";

export function apiKey(overrides: Partial<ApiKeyDetail> & { id: string }): ApiKeyDetail {
  return {
    name: `Key ${overrides.id}`,
    keyPreview: `acp_${overrides.id}…`,
    isActive: true,
    createdAt: "2026-11-20T10:00:00.000Z",
    lastUsed: null,
    expiresAt: null,
    allowedAgentIds: null,
    rateLimitPerHour: 1000,
    requestsToday: 0,
    ...overrides,
  };
}

export function customAgent(overrides: Partial<CustomAgentDetail> & { id: string }): CustomAgentDetail {
  return {
    name: `Agent ${overrides.id}`,
    description: null,
    systemPrompt: "You answer from the user's documents.",
    agentType: "custom",
    isPublic: false,
    apiEndpoint: `agent-${overrides.id}-1767225600000`,
    trainingStatus: "untrained",
    createdAt: "2026-11-20T10:00:00.000Z",
    settings: {
      systemPrompt: "You answer from the user's documents.",
      model: null,
      temperature: AGENT_TEMPERATURE.default,
      topK: AGENT_TOP_K.default,
    },
    trainingError: null,
    ...overrides,
  };
}

/** 24 hours ending at `end` (UTC hours), requests and errors from the given list (missing hours are 0). */
export function hourly(
  counts: ReadonlyArray<[requests: number, errors: number]>,
  end = "2026-11-20T10:00:00.000Z",
) {
  const last = new Date(end).getTime();
  return Array.from({ length: 24 }, (_, index): UsageHour => {
    const [requests, errors] = counts[index] ?? [0, 0];
    return { hour: new Date(last - (23 - index) * 3_600_000).toISOString(), requests, errors };
  });
}

export function usage(overrides: Partial<ApiUsage> = {}): ApiUsage {
  return { requestsToday: 0, activeKeys: 0, successRate: 100, hourly: hourly([]), ...overrides };
}
