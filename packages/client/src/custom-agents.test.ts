// Custom agents: each change refetches the agent list (a delete also the conversations it took with it), and the list
// is read again while an agent trains.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { agentAnalyticsKeys } from "./agents";
import { conversationsQueryOptions, messagesQueryOptions } from "./conversations";
import {
  createCustomAgentMutationOptions,
  customAgentKeys,
  customAgentsQueryOptions,
  deleteCustomAgentMutationOptions,
  TRAINING_POLL_MS,
  trainCustomAgentMutationOptions,
  updateCustomAgentMutationOptions,
} from "./custom-agents";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const agent = (id: string, trainingStatus = "untrained") => ({
  id,
  name: `Agent ${id}`,
  trainingStatus,
  settings: { systemPrompt: "Help.", model: null, temperature: 0.2, topK: 6 },
});
const gets = (url: string) => api.requests.filter((r) => r.method === "GET" && r.url === url).length;

describe("custom agents", () => {
  it("keys the list as ['custom-agents', {}] so invalidating ['custom-agents'] reaches it", () => {
    expect(customAgentKeys.list()).toEqual(["custom-agents", {}]);
    expect(customAgentsQueryOptions().queryKey).toEqual(customAgentKeys.list());
  });

  it("polls the list only while one of its agents trains", () => {
    const { refetchInterval } = customAgentsQueryOptions();
    if (typeof refetchInterval !== "function") throw new Error("expected a function");
    const withData = (data: unknown) => ({ state: { data } }) as Parameters<typeof refetchInterval>[0];
    expect(refetchInterval(withData(undefined))).toBe(false);
    expect(refetchInterval(withData([agent("a"), agent("b", "trained")]))).toBe(false);
    expect(refetchInterval(withData([agent("a"), agent("b", "training")]))).toBe(TRAINING_POLL_MS);
  });

  it("sends each change as the API expects and refetches the list after it", async () => {
    let agents = [agent("a1")];
    const replace = (id: string, change: object) => {
      agents = agents.map((a) => (a.id === id ? { ...a, ...change } : a));
      return agents.find((a) => a.id === id);
    };
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/custom-agents" ? { status: 200, body: agents } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "GET" && url.startsWith("/api/conversations") ? { status: 200, body: [] } : undefined,
    );
    api.handle(({ method, url, body }) => {
      // The new agent's id needs encoding in its URL ("a/2" -> "a%2F2").
      if (method === "POST" && url === "/api/custom-agents") {
        const created = { ...agent("a/2"), ...(JSON.parse(body) as object) };
        agents = [created, ...agents];
        return { status: 201, body: created };
      }
      if (method === "PATCH" && url === "/api/custom-agents/a%2F2") {
        return { status: 200, body: replace("a/2", JSON.parse(body) as object) };
      }
      if (method === "POST" && url === "/api/custom-agents/a%2F2/train") {
        return { status: 202, body: replace("a/2", { trainingStatus: "training" }) };
      }
      if (method === "DELETE" && url === "/api/custom-agents/a%2F2") {
        agents = agents.filter((a) => a.id !== "a/2");
        return { status: 204 };
      }
      return undefined;
    });
    const client = createQueryClient();
    const list = new QueryObserver(client, customAgentsQueryOptions());
    const chats = new QueryObserver(client, conversationsQueryOptions());
    const messages = new QueryObserver(client, messagesQueryOptions("c1"));
    const stop = [list, chats, messages].map((observer) => observer.subscribe(() => {}));
    await vi.waitFor(() =>
      expect([list, chats, messages].every((o) => o.getCurrentResult().isSuccess)).toBe(true),
    );
    const bodies = (method: string) =>
      api.requests.filter((r) => r.method === method).map((r) => JSON.parse(r.body) as unknown);

    await new MutationObserver(client, createCustomAgentMutationOptions()).mutate({
      name: "Coach",
      systemPrompt: "You coach.",
    });
    expect(bodies("POST")).toEqual([{ name: "Coach", systemPrompt: "You coach." }]);
    expect(list.getCurrentResult().data?.map((a) => a.name)).toEqual(["Coach", "Agent a1"]);

    await new MutationObserver(client, updateCustomAgentMutationOptions()).mutate({
      id: "a/2",
      isPublic: true,
      topK: 9,
    });
    expect(bodies("PATCH")).toEqual([{ isPublic: true, topK: 9 }]);
    expect(list.getCurrentResult().data?.[0]).toMatchObject({ isPublic: true, topK: 9 });

    const trained = await new MutationObserver(client, trainCustomAgentMutationOptions()).mutate("a/2");
    expect(trained).toMatchObject({ id: "a/2", trainingStatus: "training" });
    expect(list.getCurrentResult().data?.[0]).toMatchObject({ trainingStatus: "training" });

    client.setQueryData(agentAnalyticsKeys.detail("a/2"), { days: [] });
    const counts = () => [
      gets("/api/custom-agents"),
      gets("/api/conversations"),
      gets("/api/conversations/c1/messages"),
    ];
    const [agentReads = 0, chatReads = 0, messageReads = 0] = counts();
    await new MutationObserver(client, deleteCustomAgentMutationOptions()).mutate("a/2");
    expect(list.getCurrentResult().data?.map((a) => a.id)).toEqual(["a1"]);
    expect(counts()).toEqual([agentReads + 1, chatReads + 1, messageReads]);
    expect(client.getQueryData(agentAnalyticsKeys.detail("a/2"))).toBeUndefined();
    for (const unsubscribe of stop) unsubscribe();
  });
});
