// Every route the OpenAPI document marks as needing the session cookie refuses anonymous callers, and every
// per-user list starts empty: checked once here for all routes, so a new route is covered by being documented.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

type OpenApiDocument = {
  paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  components?: { securitySchemes?: Record<string, { type: string; in?: string; name?: string }> };
};

/** Lists a new user owns nothing in. */
const PER_USER_LISTS = [
  "/api/documents",
  "/api/training-jobs",
  "/api/api-keys",
  "/api/custom-agents",
  "/api/conversations",
];

describe.each(engines)("signed-in routes on %s", (engine) => {
  let t: TestApp;
  let protectedGets: string[];
  let document: OpenApiDocument;

  beforeAll(async () => {
    t = await createTestApp(engine);
    document = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
    protectedGets = Object.entries(document.paths)
      .filter(([, operations]) =>
        operations.get?.security?.some((requirement) => "sessionCookie" in requirement),
      )
      .map(([template]) => template.replace(/\{[^}]+\}/g, "some-id"));
  });

  afterAll(async () => {
    await t?.close();
  });

  it("documents the session cookie and every per-user list as signed-in only", () => {
    expect(document.components?.securitySchemes?.sessionCookie).toMatchObject({
      type: "apiKey",
      in: "cookie",
      name: "session",
    });
    expect(protectedGets).toEqual(
      expect.arrayContaining([
        ...PER_USER_LISTS,
        "/api/dashboard/metrics",
        "/api/pinecone/stats",
        "/api/auth/user",
      ]),
    );
  });

  it("answers 401 in the JSON error format to anonymous callers of every signed-in GET", async () => {
    for (const path of protectedGets) {
      const response = await t.request(path);
      expect(response.status, path).toBe(401);
      expect(await response.json(), path).toEqual({ error: "You are logged out", code: "UNAUTHORIZED" });
    }
  });

  it.each(PER_USER_LISTS)("answers an empty %s to a new user", async (path) => {
    const { cookie } = await signUp(t);
    const response = await t.request(path, { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
  });
});
