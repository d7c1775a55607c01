// Every route of the app refuses anonymous callers unless it is on the public list below (found by walking the router
// itself, so a route that forgets authenticate() fails here), and every per-user list starts empty.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

/** The only routes an anonymous caller may reach. Adding one here is a security decision: say why beside it. */
const PUBLIC_ROUTES = new Set([
  "GET /api/health", // load balancers and uptime checks
  "GET /api/login", // starts sign-in
  "GET /api/callback", // the identity provider's redirect back
  "GET /api/logout", // ends whatever session there is
  "POST /api/auth/sign-in",
  "POST /api/auth/sign-up",
  "GET /api/openapi.json", // the API's own description
  "GET /api/docs",
  "GET /api/docs/:asset",
  "GET /remotes.json", // the shell needs it before sign-in
  "GET /mf/:remote/*", // built front ends
  "GET /*", // the shell and its landing page
  "POST /api/v1/:apiEndpoint", // public agents answer anyone (spec 6 and 7); other agents need their owner's key
  "POST /api/v1/chat/completions", // the same agents through OpenAI's protocol, under the same rule
  "POST /api/v1/responses", // the same again through OpenAI's Responses API
  "GET /api/v1/models", // anonymous callers get an empty list (a client checking its connection)
  "GET /api/v1/models/:model", // a public agent by its slug, for anyone who may call it
]);

const KEY_NEEDED = "This endpoint needs an API key (Authorization: Bearer <key>)";
/** Routes for API keys alone: their 401 says to send one (in OpenAI's error shape on the OpenAI-compatible route). */
const API_KEY_ROUTES = new Map<string, unknown>([
  [
    "GET /api/v1/responses/:id",
    { error: { message: KEY_NEEDED, type: "authentication_error", code: "invalid_api_key", param: null } },
  ],
  [
    "DELETE /api/v1/responses/:id",
    { error: { message: KEY_NEEDED, type: "authentication_error", code: "invalid_api_key", param: null } },
  ],
  ["GET /api/v1/gtm/strategy", { error: KEY_NEEDED, code: "UNAUTHORIZED" }],
  ["POST /api/v1/gtm/analyze", { error: KEY_NEEDED, code: "UNAUTHORIZED" }],
]);

/** Lists a new user owns nothing in. */
const PER_USER_LISTS = [
  "/api/documents",
  "/api/training-jobs",
  "/api/api-keys",
  "/api/custom-agents",
  "/api/conversations",
];

/** `METHOD /path` of every route handler the app registered (app.use middleware, method ALL, excluded). */
function routesOf(t: TestApp): string[] {
  const seen = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === "ALL") continue;
    seen.add(`${route.method} ${route.path === "*" ? "/*" : route.path}`);
  }
  return [...seen].sort();
}

/** A concrete URL for a route pattern: every parameter and wildcard filled in. */
const concrete = (path: string) => path.replace(/:[A-Za-z0-9_]+(\{[^}]*\})?/g, "some-id").replace(/\*/g, "x");

describe.each(engines)("signed-in routes on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds the app's routes, and every public route on the list still exists", () => {
    const routes = routesOf(t);
    expect(routes).toEqual(
      expect.arrayContaining([...PER_USER_LISTS.map((path) => `GET ${path}`), "GET /api/auth/user"]),
    );
    for (const route of PUBLIC_ROUTES) expect(routes, route).toContain(route);
  });

  it("answers 401 in the JSON error format to anonymous callers of every route not on the public list", async () => {
    const guarded = routesOf(t).filter((route) => !PUBLIC_ROUTES.has(route));
    expect(guarded.length).toBeGreaterThan(PER_USER_LISTS.length);
    for (const route of guarded) {
      const [method = "GET", path = "/"] = route.split(" ");
      const response = await t.request(
        concrete(path),
        method === "GET" || method === "HEAD"
          ? { method }
          : { method, headers: { "content-type": "application/json" }, body: "{}" },
      );
      expect(response.status, route).toBe(401);
      if (method !== "HEAD") {
        expect(await response.json(), route).toEqual(
          API_KEY_ROUTES.get(route) ?? { error: "You are logged out", code: "UNAUTHORIZED" },
        );
      }
    }
  });

  it("documents the session cookie and the API key schemes", async () => {
    const document = (await (await t.request("/api/openapi.json")).json()) as {
      components?: { securitySchemes?: Record<string, unknown> };
      paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
    };
    expect(document.components?.securitySchemes).toMatchObject({
      sessionCookie: { type: "apiKey", in: "cookie", name: "session" },
      apiKey: { type: "http", scheme: "bearer" },
    });
    expect(document.paths["/api/auth/user"]?.get?.security).toEqual([{ sessionCookie: [] }]);
  });

  it.each(PER_USER_LISTS)("answers an empty %s to a new user, marked no-store", async (path) => {
    const { cookie } = await signUp(t);
    const response = await t.request(path, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual([]);
  });
});
