// The client against the API's OpenAPI document: every call it makes is a documented method + path with documented
// query parameters, and the bodies it sends validate against the documented schemas.
import { readFileSync } from "node:fs";
import { QueryClient } from "@tanstack/react-query";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agentAnalyticsQueryOptions,
  builtInAgentsQueryOptions,
  updateBuiltInAgentMutationOptions,
} from "./agents";
import {
  apiKeysQueryOptions,
  createApiKeyMutationOptions,
  deleteApiKeyMutationOptions,
  updateApiKeyMutationOptions,
} from "./api-keys";
import { currentUserQueryOptions } from "./auth";
import { LOGIN_URL, LOGOUT_URL, loginUrl } from "./auth-urls";
import { chatModelQueryOptions, streamChatMutationOptions } from "./chat";
import {
  conversationsQueryOptions,
  createConversationMutationOptions,
  deleteConversationMutationOptions,
  messagesQueryOptions,
  renameConversationMutationOptions,
} from "./conversations";
import {
  createCustomAgentMutationOptions,
  customAgentsQueryOptions,
  deleteCustomAgentMutationOptions,
  trainCustomAgentMutationOptions,
  updateCustomAgentMutationOptions,
} from "./custom-agents";
import { dashboardMetricsQueryOptions } from "./dashboard-metrics";
import { addDataSourceMutationOptions } from "./knowledge/data-sources";
import {
  deleteDocumentMutationOptions,
  documentDetailQueryOptions,
  documentPageQueryOptions,
  documentsQueryOptions,
} from "./knowledge/documents";
import { knowledgeStatsQueryOptions } from "./knowledge/knowledge-stats";
import { askRetrievalAgentMutationOptions, searchKnowledgeMutationOptions } from "./knowledge/retrieval";
import { uploadDocumentsMutationOptions } from "./knowledge/upload";
import { vectorStatsQueryOptions } from "./knowledge/vector-stats";
import {
  cancelTrainingJobMutationOptions,
  createTrainingJobMutationOptions,
  trainingJobDetailQueryOptions,
  trainingJobsQueryOptions,
  validateTrainingDataMutationOptions,
} from "./training-jobs";
import { usageQueryOptions } from "./usage";

/** Written by api/src/routes/openapi-snapshot.test.ts from what the API serves at /api/openapi.json. */
const OPENAPI_COPY = new URL("../contract/openapi.json.snap", import.meta.url);

type JsonSchema = Record<string, unknown>;
type Parameter = { name: string; in: "query" | "path" | "header" | "cookie"; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
};
type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema> };
};

const document = JSON.parse(readFileSync(OPENAPI_COPY, "utf8")) as OpenApiDocument;

/** A request as the client sent it: JSON bodies parsed, multipart bodies as their fields (files by name). */
type SentRequest = {
  method: string;
  url: string;
  contentType: "json" | "multipart" | undefined;
  body: unknown;
};

/** The API's own routes: the static catch-alls (`/{path}`, `/mf/...`) would otherwise match any path. */
const apiPaths = Object.keys(document.paths).filter((path) => path.startsWith("/api/"));

/** The documented operation for a method and a concrete path: literal segments win over `{parameters}`. */
function findOperation(method: string, pathname: string): { path: string; operation: Operation } | undefined {
  const candidates = apiPaths
    .filter((path) => {
      const pattern = path
        .split("/")
        .map((segment) => (/^\{.+\}$/.test(segment) ? "[^/]+" : escapeRegExp(segment)));
      return new RegExp(`^${pattern.join("/")}$`).test(pathname);
    })
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
  for (const path of candidates) {
    const operation = document.paths[path]?.[method.toLowerCase()];
    if (operation) return { path, operation };
  }
  return undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** JSON Schema 2020-12 (OpenAPI 3.1's dialect), with the document's components as `$defs` so `$ref`s resolve. */
const ajv = new Ajv2020({ allErrors: true });
addFormats.default(ajv);
// Multipart file parts: the client sends them as files, described as strings of format binary.
ajv.addFormat("binary", true);

function withDefinitions(schema: JsonSchema): JsonSchema {
  const text = JSON.stringify(schema).replaceAll('"#/components/schemas/', '"#/$defs/');
  const definitions = JSON.parse(
    JSON.stringify(document.components.schemas).replaceAll('"#/components/schemas/', '"#/$defs/'),
  ) as JsonSchema;
  return { ...(JSON.parse(text) as JsonSchema), $defs: definitions };
}

function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  return document.components.schemas[ref.replace("#/components/schemas/", "")] ?? schema;
}

/** The body fields a schema documents, including those of each alternative (`anyOf`/`oneOf`) it allows. */
function documentedProperties(schema: JsonSchema): Set<string> {
  const resolved = resolve(schema);
  const alternatives = [resolved.anyOf, resolved.oneOf, resolved.allOf].flatMap((list) =>
    Array.isArray(list) ? (list as JsonSchema[]) : [],
  );
  return new Set([
    ...Object.keys((resolved.properties ?? {}) as Record<string, unknown>),
    ...alternatives.flatMap((alternative) => [...documentedProperties(alternative)]),
  ]);
}

/** Why a sent request does not match the document (empty when it does). */
function contractViolations(request: SentRequest): string[] {
  const url = new URL(request.url, "http://client.test");
  const found = findOperation(request.method, url.pathname);
  if (!found) return [`${request.method} ${url.pathname} is not in the API's OpenAPI document`];
  const { operation } = found;
  const problems: string[] = [];
  const queryParameters = new Set(
    (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
  );
  for (const name of url.searchParams.keys()) {
    if (!queryParameters.has(name)) problems.push(`query parameter "${name}" is not documented`);
  }
  if (request.contentType === undefined) {
    if (operation.requestBody?.required) problems.push("the documented request body is required");
    return problems;
  }
  const mediaType = request.contentType === "json" ? "application/json" : "multipart/form-data";
  const schema = operation.requestBody?.content[mediaType]?.schema;
  if (!schema) return [...problems, `no ${mediaType} request body is documented`];
  // Undocumented fields are not refused by the schemas (no additionalProperties: false), yet they are drift.
  const properties = documentedProperties(schema);
  for (const name of Object.keys(request.body as object)) {
    if (!properties.has(name)) problems.push(`body field "${name}" is not documented`);
  }
  const validate = ajv.compile(withDefinitions(schema));
  if (!validate(request.body)) {
    for (const error of validate.errors ?? []) problems.push(`body${error.instancePath} ${error.message}`);
  }
  return problems;
}

/** fetch and XMLHttpRequest replaced by recorders answering 200 `{}` (responses are not what this test checks). */
const sent: SentRequest[] = [];

async function recordBody(body: unknown): Promise<Pick<SentRequest, "contentType" | "body">> {
  if (body === undefined || body === null) return { contentType: undefined, body: undefined };
  if (body instanceof FormData) {
    // File parts are documented as arrays of binary strings (`files` repeats); text fields as strings.
    const fields: Record<string, unknown> = {};
    for (const name of new Set(body.keys())) {
      const values = body.getAll(name);
      const strings = values.map((value) => (typeof value === "string" ? value : value.name));
      fields[name] =
        values.some((value) => typeof value !== "string") || strings.length > 1 ? strings : strings[0];
    }
    return { contentType: "multipart", body: fields };
  }
  return { contentType: "json", body: JSON.parse(String(body)) };
}

class RecordingXhr {
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  withCredentials = false;
  responseType = "";
  status = 0;
  statusText = "";
  responseText = "";
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = "";
  private url = "";
  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }
  send(body: unknown): void {
    void recordBody(body).then((recorded) => {
      sent.push({ method: this.method, url: this.url, ...recorded });
      this.status = 201;
      this.responseText = "{}";
      this.onload?.();
    });
  }
  abort(): void {}
}

const realFetch = globalThis.fetch;
const realXhr = globalThis.XMLHttpRequest;
beforeAll(() => {
  globalThis.fetch = async (input, init) => {
    sent.push({ method: init?.method ?? "GET", url: String(input), ...(await recordBody(init?.body)) });
    return new Response("{}", { status: 200, headers: { "Content-Type": "application/json" } });
  };
  globalThis.XMLHttpRequest = RecordingXhr as unknown as typeof XMLHttpRequest;
});
afterAll(() => {
  globalThis.fetch = realFetch;
  globalThis.XMLHttpRequest = realXhr;
});

/** Runs a query's or mutation's own function, as a mounted component would, and returns what it sent. */
async function callsOf(run: (client: QueryClient) => Promise<unknown>): Promise<SentRequest[]> {
  sent.length = 0;
  await run(new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }));
  return [...sent];
}

const mutate = <TInput>(client: QueryClient, options: object, input: TInput) =>
  client.getMutationCache().build(client, options).execute(input);

/**
 * Every query and mutation option factory the client exports, with example inputs: a new one fails the coverage
 * test below until it is added here, so nothing reaches the remotes unchecked.
 */
const CALLS: Record<string, (client: QueryClient) => Promise<unknown>> = {
  currentUserQueryOptions: (client) => client.fetchQuery(currentUserQueryOptions()),
  dashboardMetricsQueryOptions: (client) => client.fetchQuery(dashboardMetricsQueryOptions()),
  apiKeysQueryOptions: (client) => client.fetchQuery(apiKeysQueryOptions()),
  createApiKeyMutationOptions: async (client) => {
    await mutate(client, createApiKeyMutationOptions(), { name: "Production" });
    await mutate(client, createApiKeyMutationOptions(), {
      name: "CI",
      expiresAt: "2027-01-31T23:59:59Z",
      allowedAgentIds: ["gtm", "a/1"],
      rateLimitPerHour: 250,
    });
  },
  updateApiKeyMutationOptions: async (client) => {
    await mutate(client, updateApiKeyMutationOptions(), { id: "k/1", isActive: false });
    await mutate(client, updateApiKeyMutationOptions(), {
      id: "k/1",
      name: "Renamed",
      expiresAt: null,
      allowedAgentIds: null,
      rateLimitPerHour: 1_000_000,
    });
  },
  deleteApiKeyMutationOptions: (client) => mutate(client, deleteApiKeyMutationOptions(), "k/1"),
  usageQueryOptions: async (client) => {
    await client.fetchQuery(usageQueryOptions());
    await client.fetchQuery(usageQueryOptions("k/1"));
  },
  customAgentsQueryOptions: (client) => client.fetchQuery(customAgentsQueryOptions()),
  createCustomAgentMutationOptions: async (client) => {
    await mutate(client, createCustomAgentMutationOptions(), { name: "Coach", systemPrompt: "You coach." });
    await mutate(client, createCustomAgentMutationOptions(), {
      name: "Market Intelligence",
      description: "Competitive and market analysis",
      systemPrompt: "You analyse markets.",
      agentType: "market-intelligence",
      isPublic: true,
      apiEndpoint: "agent-market-intelligence-1767225600000",
    });
  },
  updateCustomAgentMutationOptions: async (client) => {
    await mutate(client, updateCustomAgentMutationOptions(), { id: "a/1", isPublic: true });
    await mutate(client, updateCustomAgentMutationOptions(), {
      id: "a/1",
      name: "Coach",
      description: null,
      systemPrompt: "Be brief.",
      model: null,
      temperature: 0.7,
      topK: 8,
    });
  },
  deleteCustomAgentMutationOptions: (client) => mutate(client, deleteCustomAgentMutationOptions(), "a/1"),
  trainCustomAgentMutationOptions: (client) => mutate(client, trainCustomAgentMutationOptions(), "a/1"),
  builtInAgentsQueryOptions: (client) => client.fetchQuery(builtInAgentsQueryOptions()),
  updateBuiltInAgentMutationOptions: async (client) => {
    await mutate(client, updateBuiltInAgentMutationOptions(), { id: "gtm", enabled: false });
    await mutate(client, updateBuiltInAgentMutationOptions(), {
      id: "legal",
      systemPrompt: null,
      model: "gpt-4o-mini",
      temperature: 1,
      topK: 12,
    });
  },
  agentAnalyticsQueryOptions: async (client) => {
    await client.fetchQuery(agentAnalyticsQueryOptions("gtm"));
    await client.fetchQuery(agentAnalyticsQueryOptions("a/1"));
  },
  trainingJobsQueryOptions: (client) => client.fetchQuery(trainingJobsQueryOptions()),
  trainingJobDetailQueryOptions: (client) => client.fetchQuery(trainingJobDetailQueryOptions("j/1")),
  createTrainingJobMutationOptions: async (client) => {
    await mutate(client, createTrainingJobMutationOptions(), { name: "Q4 playbook" });
    await mutate(client, createTrainingJobMutationOptions(), {
      name: "NDA clauses",
      modelType: "legal",
      epochs: 15,
    });
  },
  cancelTrainingJobMutationOptions: (client) => mutate(client, cancelTrainingJobMutationOptions(), "j/1"),
  validateTrainingDataMutationOptions: (client) =>
    mutate(client, validateTrainingDataMutationOptions(), { modelType: "vision" }),
  conversationsQueryOptions: async (client) => {
    await client.fetchQuery(conversationsQueryOptions());
    await client.fetchQuery(conversationsQueryOptions({ agentType: "legal" }));
    await client.fetchQuery(conversationsQueryOptions({ agentType: "custom", customAgentId: "a/1" }));
  },
  messagesQueryOptions: (client) => client.fetchQuery(messagesQueryOptions("c/1")),
  createConversationMutationOptions: async (client) => {
    await mutate(client, createConversationMutationOptions(), {
      agentType: "gtm",
      title: "New GTM Conversation",
    });
    await mutate(client, createConversationMutationOptions(), {
      agentType: "custom",
      title: "New Custom Conversation",
      customAgentId: "a/1",
    });
  },
  renameConversationMutationOptions: (client) =>
    mutate(client, renameConversationMutationOptions(), { id: "c/1", title: "Pricing questions" }),
  deleteConversationMutationOptions: (client) => mutate(client, deleteConversationMutationOptions(), "c/1"),
  // The recorder's `{}` is no chat answer, so the call rejects after sending; only the request is checked here.
  streamChatMutationOptions: (client) =>
    mutate(client, streamChatMutationOptions(), { conversationId: "c/1", message: "What is our ICP?" }).catch(
      () => undefined,
    ),
  chatModelQueryOptions: (client) => client.fetchQuery(chatModelQueryOptions()),
  documentsQueryOptions: async (client) => {
    await client.fetchQuery(documentsQueryOptions());
    await client.fetchQuery(documentsQueryOptions({ agentId: "gtm" }));
    await client.fetchQuery(documentsQueryOptions({ ids: ["d1", "d2"] }));
  },
  documentPageQueryOptions: async (client) => {
    await client.fetchQuery(documentPageQueryOptions({ limit: 50, offset: 0 }));
    await client.fetchQuery(
      documentPageQueryOptions({
        q: "plan",
        status: "failed",
        agent: "none",
        type: "word",
        limit: 50,
        offset: 100,
      }),
    );
  },
  documentDetailQueryOptions: (client) => client.fetchQuery(documentDetailQueryOptions("d/1")),
  knowledgeStatsQueryOptions: (client) => client.fetchQuery(knowledgeStatsQueryOptions()),
  vectorStatsQueryOptions: (client) => client.fetchQuery(vectorStatsQueryOptions()),
  deleteDocumentMutationOptions: (client) => mutate(client, deleteDocumentMutationOptions(), "d/1"),
  addDataSourceMutationOptions: async (client) => {
    await mutate(client, addDataSourceMutationOptions(), {
      name: "Pricing notes",
      type: "text",
      content: "Enterprise plans are billed yearly.",
      agentId: "gtm",
    });
    await mutate(client, addDataSourceMutationOptions(), {
      name: "Handbook",
      type: "url",
      content: "https://example.com/handbook",
      category: "HR",
      agentId: "hr",
    });
  },
  askRetrievalAgentMutationOptions: async (client) => {
    await mutate(client, askRetrievalAgentMutationOptions(), {
      question: "What are the renewal terms?",
      agentId: "legal",
    });
  },
  searchKnowledgeMutationOptions: async (client) => {
    await mutate(client, searchKnowledgeMutationOptions(), { query: "renewal terms" });
    await mutate(client, searchKnowledgeMutationOptions(), {
      query: "renewal terms",
      agentId: "legal",
      topK: 10,
      includeBelowThreshold: true,
    });
  },
  uploadDocumentsMutationOptions: async (client) => {
    const files = [new File(["a"], "a.txt"), new File(["b,c"], "b.csv")];
    await mutate(client, uploadDocumentsMutationOptions(), { files: files.slice(0, 1) });
    await mutate(client, uploadDocumentsMutationOptions(), {
      files,
      agentId: "legal",
      category: "Contracts",
    });
  },
};

describe("the client against the OpenAPI document", () => {
  it.each(Object.keys(CALLS))("%s sends only documented requests", async (name) => {
    const requests = await callsOf(CALLS[name] as (client: QueryClient) => Promise<unknown>);
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.map((request) => [request.method, request.url, contractViolations(request)])).toEqual(
      requests.map((request) => [request.method, request.url, []]),
    );
  });

  it("covers every query and mutation the client exports", async () => {
    const modules = import.meta.glob<Record<string, unknown>>(["./**/*.ts", "!./**/*.test.ts"], {
      eager: true,
    });
    const factories = Object.values(modules).flatMap((exports) =>
      Object.entries(exports)
        .filter(([name, value]) => typeof value === "function" && /(Query|Mutation)Options$/.test(name))
        .map(([name]) => name),
    );
    expect(factories.length).toBeGreaterThan(10);
    expect(factories.filter((name) => !(name in CALLS))).toEqual([]);
  });

  it("navigates only to documented sign-in and sign-out routes", () => {
    for (const url of [LOGIN_URL, LOGOUT_URL, loginUrl("/knowledge?tab=vectors")]) {
      expect(contractViolations({ method: "GET", url, contentType: undefined, body: undefined })).toEqual([]);
    }
  });

  it("would catch drift: undocumented routes, query parameters and body fields, and invalid bodies", () => {
    const request = (method: string, url: string, body?: unknown): SentRequest => ({
      method,
      url,
      contentType: body === undefined ? undefined : "json",
      body,
    });
    expect(contractViolations(request("POST", "/api/no-such-route", { message: "hi" }))).toEqual([
      "POST /api/no-such-route is not in the API's OpenAPI document",
    ]);
    // A documented route still checks its body: POST /api/chat needs the conversation.
    expect(contractViolations(request("POST", "/api/chat", { message: "hi" }))).toEqual(
      document.paths["/api/chat"]
        ? ["body must have required property 'conversationId'"]
        : ["POST /api/chat is not in the API's OpenAPI document"],
    );
    expect(contractViolations(request("PUT", "/api/documents/d1"))).toHaveLength(1);
    expect(contractViolations(request("GET", "/api/documents?agentId=gtm"))).toEqual([
      'query parameter "agentId" is not documented',
    ]);
    expect(
      contractViolations(request("POST", "/api/retrieval/search", { query: "", limit: 3, topK: 99 })),
    ).toEqual(
      expect.arrayContaining([
        'body field "limit" is not documented',
        expect.stringMatching(/^body\/query must NOT have fewer than 1 characters/),
        expect.stringMatching(/^body\/topK must be <= 50/),
      ]),
    );
    expect(contractViolations(request("POST", "/api/data-sources"))).toEqual([
      "the documented request body is required",
    ]);
    // A body with alternatives (a model type or a custom agent) documents the fields of each, and no others.
    expect(
      contractViolations(request("POST", "/api/training-jobs/validate", { modelType: "gtm", epochs: 10 })),
    ).toContain('body field "epochs" is not documented');
  });
});
