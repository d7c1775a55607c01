// The OpenAPI 3.1 document is valid and complete; the reference page works offline.
import { type ClientExampleId, clientExample, examplesOfClient } from "@acp/contracts/client-examples";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; requestBody?: unknown }>>;
};

/** Every signed-in read: each must document its 401 JSON error. */
const SIGNED_IN_READS = [
  "/api/auth/user",
  "/api/dashboard/metrics",
  "/api/documents",
  "/api/pinecone/stats",
  "/api/training-jobs",
  "/api/api-keys",
  "/api/custom-agents",
  "/api/conversations",
  "/api/conversations/{id}/messages",
];

describe("API documentation", () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    document = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the API documentation card's client examples beside the public API's operations, against this server", () => {
    const samples = (path: string) =>
      (document.paths[path]?.post as { "x-codeSamples"?: { label: string; source: string }[] } | undefined)?.[
        "x-codeSamples"
      ] ?? [];
    const origin = t.config.publicUrl;
    const chat = samples("/api/v1/chat/completions");
    expect(chat.map((sample) => sample.label)).toEqual(
      [
        "curl-chat-completions",
        "openai-javascript",
        "ai-sdk",
        "langchain",
        "llamaindex",
        "openai-python",
      ].map((id) => clientExample(id as ClientExampleId).label),
    );
    for (const client of ["openai", "ai-sdk", "langchain", "llamaindex"] as const) {
      const [example] = examplesOfClient(client);
      expect(chat.find((sample) => sample.label === example?.label)?.source).toBe(example?.code(origin));
    }
    expect(samples("/api/v1/{apiEndpoint}").map((sample) => sample.source)).toEqual([
      clientExample("curl-agent").code(origin),
      clientExample("curl-public-agent").code(origin),
    ]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("documents every route the router serves, and nothing it does not", () => {
    const documented = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
    );
    // The router's own list (the app itself, not its description), in OpenAPI's path syntax.
    const served = new Set(
      t.app.routes
        .filter((route) => route.method !== "ALL")
        .map((route) => {
          const path = route.path
            .replace(/^\/\*$/, "/{path}")
            .replace(/\/\*$/, "/{file}")
            .replace(/:([A-Za-z0-9_]+)/g, "{$1}");
          return `${route.method} ${path}`;
        }),
    );
    expect(documented.sort()).toEqual([...served].sort());
    expect(documented).toEqual(
      expect.arrayContaining([
        "GET /api/login",
        "GET /api/callback",
        "GET /api/logout",
        "POST /api/auth/sessions/revoke-all",
        "GET /mf/{remote}/{file}",
        "GET /{path}",
      ]),
    );
  });

  it("documents request bodies and JSON error responses", () => {
    const signUp = document.paths["/api/auth/sign-up"]?.post;
    expect(signUp?.requestBody).toMatchObject({
      content: {
        "application/json": { schema: { $ref: "#/components/schemas/SignUpRequest" } },
        "application/x-www-form-urlencoded": { schema: { $ref: "#/components/schemas/SignUpRequest" } },
      },
    });
    expect(Object.keys(signUp?.responses ?? {})).toEqual(
      expect.arrayContaining(["201", "400", "409", "403"]),
    );
    for (const path of SIGNED_IN_READS) {
      expect(document.paths[path]?.get?.responses["401"], path).toMatchObject({
        content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
      });
    }
    expect(document.paths["/api/pinecone/stats"]?.get?.responses["503"]).toBeDefined();
    expect(document.paths["/api/conversations/{id}/messages"]?.get?.responses["404"]).toBeDefined();
  });

  it("describes signed-in list responses with the contract entities", () => {
    type JsonResponse = { content?: Record<string, { schema: unknown }> };
    const ok = (path: string) =>
      (document.paths[path]?.get?.responses["200"] as JsonResponse | undefined)?.content?.["application/json"]
        ?.schema;
    const listOf = (name: string) => ({ type: "array", items: { $ref: `#/components/schemas/${name}` } });
    // The whole list, or one page with the total when `limit` or `offset` is given.
    expect(ok("/api/documents")).toEqual({
      anyOf: [listOf("KnowledgeDocument"), { $ref: "#/components/schemas/DocumentPage" }],
    });
    expect(ok("/api/training-jobs")).toEqual(listOf("TrainingJob"));
    expect(ok("/api/api-keys")).toEqual(listOf("ApiKey"));
    expect(ok("/api/custom-agents")).toEqual(listOf("CustomAgentDetail"));
    expect(ok("/api/conversations")).toEqual(listOf("Conversation"));
    expect(ok("/api/conversations/{id}/messages")).toEqual(listOf("Message"));
    expect(ok("/api/pinecone/stats")).toEqual({ $ref: "#/components/schemas/VectorStoreStats" });
    const schemas = (
      document as unknown as { components: { schemas: Record<string, { required?: string[] }> } }
    ).components.schemas;
    expect(schemas.VectorStoreStats?.required?.sort()).toEqual([
      "dimension",
      "namespace",
      "totalVectorCount",
    ]);
    expect(Object.keys((schemas.ApiKey as { properties: object }).properties)).not.toContain("key");
  });

  it("serves the reference page with no external origin", async () => {
    const response = await t.request("/api/docs");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('src="/api/docs/scalar.js"');
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
  });

  it("serves Scalar's standalone bundle and the init script from this server", async () => {
    const bundle = await t.request("/api/docs/scalar.js");
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-type")).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    const init = await (await t.request("/api/docs/init.js")).text();
    expect(init).toContain('"url":"/api/openapi.json"');
    expect(init).toContain('"withDefaultFonts":false');
    expect((await t.request("/api/docs/other.js")).status).toBe(400);
  });
});
