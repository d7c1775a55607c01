// The API-keys module against a real HTTP server: create, change and delete send what the API expects and refetch the
// list and the usage figures; the created key is not kept in the cache; failures carry the server's sentence.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  apiKeyKeys,
  apiKeysQueryOptions,
  createApiKeyMutationOptions,
  deleteApiKeyMutationOptions,
  type ListedApiKey,
  updateApiKeyMutationOptions,
} from "./api-keys";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";
import { usageQueryOptions } from "./usage";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const key = (id: string, change: Partial<ListedApiKey> = {}): ListedApiKey => ({
  id,
  name: `Key ${id}`,
  keyPreview: `acp_live_…${id.slice(-4)}`,
  isActive: true,
  createdAt: "2026-11-20T10:00:00.000Z",
  lastUsed: null,
  expiresAt: null,
  allowedAgentIds: null,
  rateLimitPerHour: 1000,
  requestsToday: 0,
  ...change,
});
const gets = (url: string) => api.requests.filter((r) => r.method === "GET" && r.url === url).length;

describe("api keys", () => {
  it("keys the list as ['api-keys', {}] so invalidating ['api-keys'] reaches it", () => {
    expect(apiKeyKeys.list()).toEqual(["api-keys", {}]);
    expect(apiKeysQueryOptions().queryKey).toEqual(apiKeyKeys.list());
  });

  it("creates, changes and deletes keys, refetching the list and the usage figures after each", async () => {
    let keys = [key("k1")];
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/api-keys" ? { status: 200, body: keys } : undefined,
    );
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/usage"
        ? { status: 200, body: { requestsToday: 0, activeKeys: keys.length, successRate: 100, hourly: [] } }
        : undefined,
    );
    api.handle(({ method, url, body }) => {
      if (method === "POST" && url === "/api/api-keys") {
        const created = {
          ...key("k/2", JSON.parse(body) as Partial<ListedApiKey>),
          key: "acp_live_full_secret",
        };
        keys = [key("k/2", JSON.parse(body) as Partial<ListedApiKey>), ...keys];
        return { status: 201, body: created };
      }
      if (method === "PATCH" && url === "/api/api-keys/k%2F2") {
        keys = keys.map((k) => (k.id === "k/2" ? { ...k, ...(JSON.parse(body) as object) } : k));
        return { status: 200, body: keys[0] };
      }
      if (method === "DELETE" && url === "/api/api-keys/k%2F2") {
        keys = keys.filter((k) => k.id !== "k/2");
        return { status: 204 };
      }
      return undefined;
    });
    const client = createQueryClient();
    // Subscribed observers are mounted screens: invalidation refetches them.
    const list = new QueryObserver(client, apiKeysQueryOptions());
    const usage = new QueryObserver(client, usageQueryOptions());
    const unsubscribe = [list.subscribe(() => {}), usage.subscribe(() => {})];
    await vi.waitFor(() => expect(list.getCurrentResult().data).toHaveLength(1));
    await vi.waitFor(() => expect(usage.getCurrentResult().data?.activeKeys).toBe(1));

    const creating = new MutationObserver(client, createApiKeyMutationOptions());
    const created = await creating.mutate({ name: "CI", rateLimitPerHour: 50, allowedAgentIds: ["gtm"] });
    expect(created).toMatchObject({
      id: "k/2",
      name: "CI",
      rateLimitPerHour: 50,
      key: "acp_live_full_secret",
    });
    expect(JSON.parse(api.requests.find((r) => r.method === "POST")?.body ?? "")).toEqual({
      name: "CI",
      rateLimitPerHour: 50,
      allowedAgentIds: ["gtm"],
    });
    expect(list.getCurrentResult().data?.map((k) => k.name)).toEqual(["CI", "Key k1"]);
    expect(usage.getCurrentResult().data?.activeKeys).toBe(2);
    expect(gets("/api/api-keys")).toBe(2);
    expect(gets("/api/usage")).toBe(2);

    const updated = await new MutationObserver(client, updateApiKeyMutationOptions()).mutate({
      id: "k/2",
      isActive: false,
      expiresAt: null,
    });
    expect(updated).toMatchObject({ id: "k/2", isActive: false });
    expect(JSON.parse(api.requests.find((r) => r.method === "PATCH")?.body ?? "")).toEqual({
      isActive: false,
      expiresAt: null,
    });
    expect(list.getCurrentResult().data?.[0]?.isActive).toBe(false);

    await new MutationObserver(client, deleteApiKeyMutationOptions()).mutate("k/2");
    expect(list.getCurrentResult().data?.map((k) => k.id)).toEqual(["k1"]);
    expect(gets("/api/api-keys")).toBe(4);
    expect(gets("/api/usage")).toBe(4);
    for (const stop of unsubscribe) stop();

    // Nothing observes the creation any more: the full key is no longer in the cache.
    creating.reset();
    await vi.waitFor(() =>
      expect(
        JSON.stringify(
          client
            .getMutationCache()
            .getAll()
            .map((m) => m.state),
        ),
      ).not.toContain("acp_live_full_secret"),
    );
  });

  it("answers with the server's message on failure", async () => {
    api.handle(({ method, url }) => {
      if (method === "DELETE" && url === "/api/api-keys/k%2F1") {
        return { status: 404, body: { error: "API key not found", code: "NOT_FOUND" } };
      }
      if (method === "POST" && url === "/api/api-keys") {
        return {
          status: 400,
          body: { error: "Please enter a name for the API key", code: "VALIDATION_ERROR" },
        };
      }
      return undefined;
    });
    const client = createQueryClient();
    await expect(
      new MutationObserver(client, deleteApiKeyMutationOptions()).mutate("k/1"),
    ).rejects.toMatchObject({ status: 404, code: "NOT_FOUND", serverMessage: "API key not found" });
    await expect(
      new MutationObserver(client, createApiKeyMutationOptions()).mutate({ name: " " }),
    ).rejects.toMatchObject({ status: 400, serverMessage: "Please enter a name for the API key" });
  });
});
