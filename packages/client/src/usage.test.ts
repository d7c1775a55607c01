// The usage module: all keys' figures and one key's live under ["usage", ...], are read from GET /api/usage with the
// key as a query parameter, and are read again every 30 s while shown.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";
import { startTestApiServer, type TestApiServer } from "./test-api-server";
import { USAGE_POLL_MS, usageKeys, usageQueryOptions } from "./usage";

let api: TestApiServer;
beforeAll(async () => {
  api = await startTestApiServer();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const figures = { requestsToday: 3, activeKeys: 1, successRate: 66.7, hourly: [] };

describe("usage", () => {
  it("keys all keys' figures and one key's apart, both under ['usage']", () => {
    expect(usageQueryOptions().queryKey).toEqual(["usage", { keyId: null }]);
    expect(usageQueryOptions("k/1").queryKey).toEqual(["usage", { keyId: "k/1" }]);
    expect(usageKeys.detail("k/1").slice(0, 1)).toEqual([...usageKeys.all]);
    expect(usageQueryOptions().refetchInterval).toBe(USAGE_POLL_MS);
  });

  it("reads the figures, for one key with ?keyId=", async () => {
    api.handle(({ method, url }) =>
      method === "GET" && url.startsWith("/api/usage") ? { status: 200, body: figures } : undefined,
    );
    const client = createQueryClient();
    expect(await client.fetchQuery(usageQueryOptions())).toEqual(figures);
    await client.fetchQuery(usageQueryOptions("k/1"));
    expect(api.requests.map((request) => request.url)).toEqual(["/api/usage", "/api/usage?keyId=k%2F1"]);
  });
});
