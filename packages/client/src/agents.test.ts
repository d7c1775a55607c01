// Built-in agents and analytics: a change refetches the agent list (not anyone's analytics), ids are encoded, and a
// null prompt goes to the API as null.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  agentAnalyticsKeys,
  agentAnalyticsQueryOptions,
  builtInAgentKeys,
  builtInAgentsQueryOptions,
  updateBuiltInAgentMutationOptions,
} from "./agents";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const gets = (url: string) => api.requests.filter((r) => r.method === "GET" && r.url === url).length;

describe("built-in agents", () => {
  it("keys the list under ['agents'] and analytics under their own root", () => {
    expect(builtInAgentsQueryOptions().queryKey).toEqual(["agents", {}]);
    expect(builtInAgentKeys.list().slice(0, 1)).toEqual(builtInAgentKeys.all);
    expect(agentAnalyticsQueryOptions("gtm").queryKey).toEqual(["agent-analytics", "gtm"]);
    expect(agentAnalyticsKeys.detail("a/1").slice(0, 1)).toEqual(agentAnalyticsKeys.all);
  });

  it("switches an agent and restores its prompt, refetching the list only", async () => {
    let agents = [
      { id: "gtm", enabled: true, settings: { systemPrompt: "Mine" } },
      { id: "legal", enabled: false, settings: { systemPrompt: "Default" } },
    ];
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/agents" ? { status: 200, body: agents } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/agents/a%2F1/analytics"
        ? { status: 200, body: { days: [], medianAnswerMs: null, totalConversations: 0, totalMessages: 0 } }
        : undefined,
    );
    api.handle(({ method, url, body }) => {
      if (method !== "PATCH" || url !== "/api/agents/gtm") return undefined;
      const patch = JSON.parse(body) as { enabled?: boolean; systemPrompt?: string | null };
      agents = agents.map((agent) =>
        agent.id === "gtm"
          ? {
              ...agent,
              enabled: patch.enabled ?? agent.enabled,
              settings: {
                systemPrompt: patch.systemPrompt === null ? "Default" : agent.settings.systemPrompt,
              },
            }
          : agent,
      );
      return { status: 200, body: agents[0] };
    });
    const client = createQueryClient();
    const list = new QueryObserver(client, builtInAgentsQueryOptions());
    const analytics = new QueryObserver(client, agentAnalyticsQueryOptions("a/1"));
    const stop = [list.subscribe(() => {}), analytics.subscribe(() => {})];
    await vi.waitFor(() =>
      expect(analytics.getCurrentResult().isSuccess && list.getCurrentResult().isSuccess).toBe(true),
    );

    await new MutationObserver(client, updateBuiltInAgentMutationOptions()).mutate({
      id: "gtm",
      enabled: false,
      systemPrompt: null,
    });
    expect(
      api.requests.filter((r) => r.method === "PATCH").map((r) => JSON.parse(r.body) as unknown),
    ).toEqual([{ enabled: false, systemPrompt: null }]);
    expect(list.getCurrentResult().data?.[0]).toEqual({
      id: "gtm",
      enabled: false,
      settings: { systemPrompt: "Default" },
    });
    expect([gets("/api/agents"), gets("/api/agents/a%2F1/analytics")]).toEqual([2, 1]);
    for (const unsubscribe of stop) unsubscribe();
  });
});
