// The API-keys module against a real HTTP server: list under ["api-keys", {}], create and delete refetch the list,
// and a failure surfaces as an HttpError with the server's sentence.
import { MutationObserver, QueryObserver } from "@tanstack/react-query";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  apiKeyKeys,
  apiKeysQueryOptions,
  createApiKeyMutationOptions,
  deleteApiKeyMutationOptions,
} from "./api-keys";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const key = (id: string) => ({
  id,
  name: `Key ${id}`,
  keyPreview: `acp_${id}`,
  isActive: true,
  createdAt: "2026-11-20T10:00:00Z",
  lastUsed: null,
});

describe("api keys", () => {
  it("keys the list as ['api-keys', {}] so invalidating ['api-keys'] reaches it", () => {
    expect(apiKeyKeys.list()).toEqual(["api-keys", {}]);
    expect(apiKeysQueryOptions().queryKey).toEqual(apiKeyKeys.list());
  });

  it("creates a key, then refetches the list", async () => {
    let keys = [key("a")];
    api.handle(({ method, url }) =>
      method === "GET" && url === "/api/api-keys" ? { status: 200, body: keys } : undefined,
    );
    api.handle(({ method, url, body }) => {
      if (method !== "POST" || url !== "/api/api-keys") return undefined;
      const created = {
        ...key("b"),
        name: (JSON.parse(body) as { name: string }).name,
        key: "acp_full_secret",
      };
      keys = [...keys, created];
      return { status: 201, body: created };
    });
    const client = createQueryClient();
    // A subscribed observer is a mounted list: invalidation refetches it.
    const list = new QueryObserver(client, apiKeysQueryOptions());
    const unsubscribe = list.subscribe(() => {});
    await vi.waitFor(() => expect(list.getCurrentResult().data).toHaveLength(1));

    const created = await new MutationObserver(client, createApiKeyMutationOptions()).mutate({ name: "CI" });
    expect(created).toMatchObject({ name: "CI", key: "acp_full_secret" });
    expect(api.requests.filter((r) => r.method === "GET")).toHaveLength(2);
    expect(list.getCurrentResult().data?.map((k) => k.name)).toEqual(["Key a", "CI"]);
    unsubscribe();
  });

  it("deletes a key by id and answers with the server's message on failure", async () => {
    api.handle(({ method, url }) =>
      method === "DELETE" && url === "/api/api-keys/k%2F1"
        ? { status: 404, body: { error: "API key not found", code: "NOT_FOUND" } }
        : undefined,
    );
    const client = createQueryClient();
    await expect(
      new MutationObserver(client, deleteApiKeyMutationOptions()).mutate("k/1"),
    ).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      serverMessage: "API key not found",
    });
  });
});
