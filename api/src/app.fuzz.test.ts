// Property-based fuzzing of every documented route (DESIGN 9): hostile input never gets a 5xx or a malformed error.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { apiErrorSchema } from "@acp/contracts/errors";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createSession, generateSessionToken } from "./auth/session";
import type { DatabaseEngine } from "./db/create-database";
import { REMOTE_NAMES } from "./env";
import { ERROR_STATUS, type ErrorCode } from "./lib/app-error";
import { hostileValue, type SchemaContext, spoiled, validValue } from "./test/fuzz/json-schema-arbitrary";
import { multipartRequest } from "./test/fuzz/multipart";
import { type FuzzTarget, fuzzTargets, type OpenApiDocument } from "./test/fuzz/route-catalogue";
import {
  createTestApp,
  engines,
  postgresHasPgvector,
  signUp,
  socketBindings,
  type TestApp,
} from "./test/test-app";

/**
 * Runs per property: PGlite gets the full budget (DESIGN 9 asks for at least 10,000 requests a run), PostgreSQL (CI)
 * a smaller one on top. Each run of the contract property sends a batch of requests.
 */
const RUNS: Record<DatabaseEngine, number> = { pglite: 600, postgres: 100 };
/** Requests per run of the contract property: every route's contract, valid and spoiled. */
const CONTRACT_BATCH = 12;
/** The least a PGlite run may send, all properties together. */
const LEAST_REQUESTS: Record<DatabaseEngine, number> = { pglite: 10_000, postgres: 1_500 };
const PROPERTY_TIMEOUT_MS = 120_000;

/**
 * fast-check settings for every property: `numRuns` runs within the time budget, and a run the budget cuts short
 * fails (by default fast-check would stop quietly and report success after however few runs it managed).
 */
function fuzzParameters(numRuns: number, timeLimitMs: number): fc.Parameters<unknown> {
  return { numRuns, interruptAfterTimeLimit: timeLimitMs, markInterruptAsFailure: true };
}

describe("fuzzing budget", () => {
  it("fails a property whose runs do not all fit in the time budget", async () => {
    const slow = fc.asyncProperty(fc.integer(), async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await expect(fc.assert(slow, fuzzParameters(1000, 100))).rejects.toThrow(/interrupted/i);
    await fc.assert(slow, fuzzParameters(3, 5_000));
  });
});

/** The OpenAI-compatible routes answer errors in OpenAI's shape, `{ error: { message, type, code, param } }`. */
/**
 * The public API (/api/v1) answers in OpenAI's error shape on its OpenAI-compatible and unknown paths, and in ours on
 * an agent's own endpoint, the gtm routes and what fails before routing (the body limit): either is checked there.
 */
function isPublicApi(path: string): boolean {
  return path.startsWith("/api/v1/");
}

/** OpenAI's error `type` for a status, as its clients read it. */
function openAiTypeOf(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  return status >= 500 ? "server_error" : "invalid_request_error";
}

const openAiErrorShape = z.object({
  error: z.object({
    message: z.string().min(1),
    type: z.string(),
    code: z.string().min(1),
    param: z.string().nullable(),
  }),
});
type Caller = "anonymous" | "signed-in";

/** Request body fields the API knows, so generated bodies also reach the validators' interesting branches. */
const KNOWN_FIELDS = ["email", "password", "firstName", "lastName", "returnTo", "name", "message", "id"];
const POLLUTION_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf", "hasOwnProperty"];

/** Raw (not percent-encoded) path pieces that have broken path handling somewhere before. */
const RAW_PATH_PIECES = [
  "",
  ".",
  "..",
  "%",
  "%%",
  "%00",
  "%2e%2e",
  "%2e%2e%2f%2e%2e%2fpackage.json",
  "..%2f..%2fsecret",
  "%E0%A4%A",
  "%ZZ",
  "%C0%AE%C0%AE",
  "a%2Fb",
  "%5C..%5C",
  "index.html",
  "remoteEntry.js",
  "mf-manifest.json",
  "scalar.js",
  "init.js",
  "undefined",
  "null",
  "__proto__",
  "constructor",
  "-1",
  "1e309",
  "😀",
];

/** Header values a fetch Request accepts (no NUL, CR or LF), including Latin-1 garbage. */
const headerValue = fc
  .string({ unit: "binary-ascii", maxLength: 300 })
  .map((value) => value.replace(/[\0\r\n]/g, ""));
const garbage = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: "binary", maxLength: 100 }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom(...RAW_PATH_PIECES, ...POLLUTION_KEYS),
);

const pathParam = fc.oneof(
  { weight: 3, arbitrary: garbage.map(encodeURIComponent) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_PATH_PIECES) },
  { weight: 1, arbitrary: fc.constantFrom(...REMOTE_NAMES) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 100_000 }).map((n) => "a".repeat(n)) },
  {
    weight: 1,
    arbitrary: fc.array(fc.webSegment(), { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/")),
  },
  { weight: 1, arbitrary: fc.webSegment().map((segment) => `api/${segment}`) },
);

const queryString = fc.oneof(
  fc
    .array(
      fc.tuple(
        fc.oneof(fc.constantFrom(...KNOWN_FIELDS, "agent", "code", "state", "error"), garbage),
        garbage,
      ),
      { maxLength: 6 },
    )
    .map((pairs) => new URLSearchParams(pairs).toString()),
  fc.constantFrom(...RAW_PATH_PIECES).map((raw) => `returnTo=${raw}&agent=${raw}`),
  fc.webQueryParameters(),
  fc.constant("returnTo=/a&returnTo=/b&agent=x&agent=y"),
);

/** Nested arrays/objects `depth` levels deep, as JSON text (beyond what JSON.stringify of a literal would build). */
const deepNesting = fc
  .tuple(fc.integer({ min: 50, max: 50_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`,
  );

const jsonBody = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  {
    weight: 4,
    arbitrary: fc
      .dictionary(
        fc.oneof(fc.constantFrom(...KNOWN_FIELDS, ...POLLUTION_KEYS), fc.string({ maxLength: 20 })),
        fc.oneof(fc.jsonValue({ maxDepth: 3 }), garbage, fc.emailAddress()),
        { maxKeys: 8 },
      )
      .map((fields) => JSON.stringify(fields)),
  },
  {
    weight: 2,
    // JSON.stringify never writes an own "__proto__" key from a literal; the text has to be written by hand.
    arbitrary: fc
      .tuple(fc.constantFrom(...POLLUTION_KEYS), fc.jsonValue({ maxDepth: 3 }), fc.emailAddress())
      .map(
        ([key, value, email]) =>
          `{"${key}":${JSON.stringify(value)},"email":"${email}","password":"password123","firstName":"A","lastName":"B","constructor":{"prototype":{"polluted":true}}}`,
      ),
  },
  { weight: 1, arbitrary: deepNesting },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 10_000, max: 2_000_000 })
      .map((size) =>
        JSON.stringify({ email: `${"a".repeat(size)}@example.test`, password: "p".repeat(size) }),
      ),
  },
);

const malformedJson = fc.oneof(
  jsonBody.map((text) => text.slice(0, Math.max(0, text.length - 1))),
  fc.constantFrom(
    "",
    "{",
    '{"email": ',
    "[1,]",
    "{'a':1}",
    "NaN",
    "undefined",
    "\u0000\u0001",
    "\uFEFF{}",
    "{}}",
  ),
  fc.string({ unit: "binary", maxLength: 200 }),
);

const formBody = fc
  .array(
    fc.tuple(
      fc.oneof(fc.constantFrom(...KNOWN_FIELDS, ...POLLUTION_KEYS, "email[]", "a.b", "returnTo[0]"), garbage),
      garbage,
    ),
    { maxLength: 8 },
  )
  .map((pairs) => new URLSearchParams(pairs).toString());

const contentType = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "application/merge-patch+json",
    "APPLICATION/JSON",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
    "multipart/form-data; boundary=zzz",
    "text/plain",
    "text/html",
    "application/xml",
    "application/octet-stream",
    "application/json; charset=utf-16",
    "",
  ),
  headerValue,
);

/** Fetch refuses CONNECT, TRACE and TRACK itself; everything else reaches the app. */
const method = fc.oneof(
  fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
  fc.constantFrom("PROPFIND", "MKCOL", "FOO", "Get", "QUERY"),
);

const headers = fc.record(
  {
    origin: fc.oneof(
      fc.constantFrom("http://localhost:3000", "null", "https://evil.example", "http://localhost:3000.evil"),
      headerValue,
    ),
    referer: fc.oneof(fc.constantFrom("http://localhost:3000/api/login", "javascript:alert(1)"), headerValue),
    cookie: fc.oneof(
      headerValue,
      headerValue.map((value) => `session=${value}`),
      fc.constantFrom(
        "session=%%%",
        `session=${"a".repeat(32)}`,
        "session=; session=x",
        "oidc_flow=eyJub3QiOiJhIGZsb3cifQ",
        "oidc_flow=%E0%A4%A",
        "__proto__=1; constructor=2",
      ),
    ),
    authorization: fc.oneof(
      headerValue,
      headerValue.map((value) => `Bearer ${value}`),
      fc.constantFrom("Bearer", "Bearer ", "Basic Og==", "Bearer acp_0000"),
    ),
    "content-type": contentType,
    accept: fc.oneof(fc.constantFrom("application/json", "text/html", "*/*", ""), headerValue),
    "x-forwarded-for": fc.oneof(
      fc.constantFrom("1.2.3.4, 5.6.7.8", "::1", "[::1]:80", "unknown"),
      headerValue,
    ),
    "if-none-match": headerValue,
    "accept-encoding": fc.constantFrom("gzip", "br", "identity", "*"),
  },
  { requiredKeys: [] },
);

/** Fills `{param}` placeholders; values are percent-encoded or deliberately raw. */
function fillPath(template: string, params: string[]): string {
  let index = 0;
  return template.replace(/\{[^}]+\}/g, () => params[index++ % Math.max(1, params.length)] ?? "x");
}

describe.each(engines)("fuzzing every route on %s", (engine) => {
  let t: TestApp;
  let staticRoot: string;
  let targets: FuzzTarget[];
  let schemas: SchemaContext;
  let userId: string;
  let session = "";
  /** PostgreSQL in CI has no pgvector: the vector route's documented 503 is its correct answer there. */
  let vectorStoreMissing = false;
  const numRuns = RUNS[engine];
  /** Requests per route (method and path as fuzzed), so the last test can show that none escaped. */
  const hits = new Map<string, number>();

  beforeAll(async () => {
    // A built front end, so the static routes answer from files rather than "not built" (503).
    staticRoot = await mkdtemp(path.join(os.tmpdir(), "acp-fuzz-"));
    const write = async (file: string, content: string) => {
      await mkdir(path.dirname(path.join(staticRoot, file)), { recursive: true });
      await writeFile(path.join(staticRoot, file), content);
    };
    await write("shell/dist/index.html", "<!doctype html><title>shell</title><script>1</script>");
    await write("shell/dist/assets/index-AbCd1234.js", "export {};");
    for (const remote of REMOTE_NAMES) {
      await write(`${remote}/dist/mf-manifest.json`, "{}");
      await write(`${remote}/dist/remoteEntry.js`, "export {};");
    }
    t = await createTestApp(engine, { config: { staticRoot } });
    vectorStoreMissing = engine === "postgres" && !(await postgresHasPgvector());
    const signedUp = await signUp(t);
    userId = signedUp.user.id;
    session = await newSession();

    // Real things of the fuzzing user's, so that valid-looking bodies also name what exists and reach deeper.
    const created = async (url: string, body: unknown) => {
      const response = await t.request(url, {
        method: "POST",
        headers: { cookie: session, "content-type": "application/json", origin: t.config.publicOrigin },
        body: JSON.stringify(body),
      });
      return ((await response.json()) as { id?: string; apiEndpoint?: string; key?: string }) ?? {};
    };
    const conversation = await created("/api/conversations", { agentType: "gtm", title: "Fuzzing" });
    const agent = await created("/api/custom-agents", {
      name: "Fuzz Agent",
      systemPrompt: "Answer from the documents.",
      isPublic: true,
      apiEndpoint: "fuzz-agent",
    });
    const key = await created("/api/api-keys", { name: "fuzz key" });
    const document = (await (await t.request("/api/openapi.json")).json()) as OpenApiDocument;
    schemas = {
      components: document.components?.schemas ?? {},
      knownStrings: [
        userId,
        "gtm",
        "legal",
        "none",
        ...[conversation.id, agent.id, agent.apiEndpoint, key.id, key.key].filter(
          (value): value is string => typeof value === "string",
        ),
      ],
    };
    targets = fuzzTargets(t.app.routes, document);
  });

  afterAll(async () => {
    await t?.close();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  async function newSession(): Promise<string> {
    const token = generateSessionToken();
    await createSession({ db: t.database.db, token, userId, now: new Date() });
    return `session=${token}`;
  }

  type Probe = {
    target: FuzzTarget;
    method: string;
    path: string;
    caller: Caller;
    headers?: Record<string, string>;
    body?: string | Uint8Array;
    /** Same-origin browser headers unless the property fuzzes them itself. */
    sameOrigin?: boolean;
  };

  let requestCount = 0;
  async function send(probe: Probe): Promise<void> {
    const key = `${probe.target.method} ${probe.target.path}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const headers = new Headers();
    if (probe.sameOrigin !== false) headers.set("origin", t.config.publicOrigin);
    for (const [name, value] of Object.entries(probe.headers ?? {})) headers.set(name, value);
    if (probe.caller === "signed-in") {
      const cookie = headers.get("cookie");
      headers.set("cookie", cookie ? `${session}; ${cookie}` : session);
    }
    const upper = probe.method.toUpperCase();
    const canHaveBody = upper !== "GET" && upper !== "HEAD";
    const url = `${t.config.publicUrl}${probe.path}`;
    const label = `${probe.method} ${probe.path.slice(0, 300)} (${probe.caller})`;
    const response = await t.app.request(
      url,
      {
        method: probe.method,
        headers,
        ...(canHaveBody && probe.body !== undefined ? { body: probe.body } : {}),
      },
      // Mostly new clients, so sign-in bodies keep reaching the password check; every 16th shares one address.
      socketBindings(
        ++requestCount % 16 === 0
          ? "192.0.2.10"
          : `198.18.${(requestCount >> 8) & 255}.${requestCount & 255}`,
      ),
    );
    // Signing out (or revoking every session) ends the shared session: the next signed-in request gets a new one.
    if (probe.caller === "signed-in" && /logout|revoke-all/.test(probe.target.path))
      session = await newSession();
    const vectorOutage =
      vectorStoreMissing && response.status === 503 && probe.path.startsWith("/api/pinecone/stats");
    if (!vectorOutage) expect(response.status, label).toBeLessThan(500);

    const type = response.headers.get("content-type") ?? "";
    if (!/json/i.test(type) || upper === "HEAD") {
      await response.body?.cancel();
      return;
    }
    const text = await response.text();
    let body: unknown;
    expect(() => {
      body = JSON.parse(text);
    }, `${label}: JSON body must parse`).not.toThrow();
    const openAi = openAiErrorShape.safeParse(body);
    if (response.status >= 400 && isPublicApi(probe.path) && openAi.success) {
      expect(openAi.data.error.type, label).toBe(openAiTypeOf(response.status));
    } else if (response.status >= 400) {
      const parsed = apiErrorSchema.safeParse(body);
      expect(parsed.success, `${label}: ${text.slice(0, 300)}`).toBe(true);
      const { code, error } = parsed.data ?? { code: "", error: "" };
      expect(error, label).not.toBe("");
      expect(ERROR_STATUS[code as ErrorCode], `${label}: ${code}`).toBe(response.status);
    }
  }

  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  /** After each property: no parsed body or form wrote through `__proto__` onto every object in the process. */
  const expectPrototypeUntouched = () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };

  const target = () => fc.constantFrom(...targets);
  /** The route's own method; a route that answers any method gets the common ones. */
  const methodOf = (route: FuzzTarget, fallback = "POST") =>
    route.method === "ALL" ? fallback : route.method;
  const caller = fc.constantFrom<Caller>("anonymous", "signed-in");
  /**
   * Asserts a property, reporting the failed request and the seed that replays it rather than the whole generated
   * input (bodies of megabytes, repeated through every shrinking step).
   */
  const run = async <T extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<T>, runs = numRuns) => {
    const details = await fc.check(property, fuzzParameters(runs, PROPERTY_TIMEOUT_MS));
    if (details.failed) {
      const cause = details.errorInstance instanceof Error ? details.errorInstance.message : "interrupted";
      throw new Error(
        `failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}): ${cause.slice(0, 2_000)}`,
      );
    }
    expectPrototypeUntouched();
  };

  it(
    "random path parameters and query strings",
    async () => {
      // Every route once first, so reaching them all (checked at the end) never depends on the random draws: on
      // PostgreSQL's smaller budget a route only the random properties reach was missed about one run in ten.
      for (const route of targets) {
        const [params = ["x"]] = fc.sample(fc.array(pathParam, { minLength: 1, maxLength: 3 }), 1);
        await send({
          target: route,
          method: methodOf(route, "GET"),
          path: fillPath(route.path, params),
          caller: "signed-in",
        });
      }
      await run(
        fc.asyncProperty(
          target(),
          caller,
          fc.array(pathParam, { minLength: 1, maxLength: 3 }),
          fc.option(queryString, { nil: undefined }),
          async (route, who, params, query) => {
            await send({
              target: route,
              method: methodOf(route, "GET"),
              path: `${fillPath(route.path, params)}${query === undefined ? "" : `?${query}`}`,
              caller: who,
            });
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  /** One request built from its route's contract: valid, or valid with one part spoiled, in body and query. */
  const contractProbe = (route: FuzzTarget) => {
    const json = route.body?.contentType === "application/json" ? route.body.schema : undefined;
    const valid = json ? validValue(json, schemas) : fc.constant(undefined);
    const query = fc.record(
      Object.fromEntries(
        route.query.map((parameter) => [parameter.name, validValue(parameter.schema, schemas)]),
      ),
      {
        requiredKeys: route.query
          .filter((parameter) => parameter.required)
          .map((parameter) => parameter.name),
      },
    );
    return fc.record({
      body: fc.oneof({ weight: 2, arbitrary: valid }, { weight: 3, arbitrary: spoiled(valid) }),
      query: fc.oneof(query, spoiled(query)),
      params: fc.array(fc.oneof(fc.constantFrom(...(schemas.knownStrings ?? ["x"])), pathParam), {
        minLength: 1,
        maxLength: 3,
      }),
      caller,
    });
  };

  const queryOf = (values: unknown) =>
    values && typeof values === "object" && !Array.isArray(values)
      ? new URLSearchParams(
          Object.entries(values).map(([name, value]): [string, string] => [
            name,
            typeof value === "string" ? value : (JSON.stringify(value) ?? ""),
          ]),
        ).toString()
      : "";

  it(
    "every route's contract: valid bodies and queries, and the same with one part made hostile",
    async () => {
      const documented = targets.filter((route) => route.documented);
      const batch = fc.array(
        fc
          .constantFrom(...documented)
          .chain((route) => contractProbe(route).map((probe) => ({ route, probe }))),
        { minLength: CONTRACT_BATCH, maxLength: CONTRACT_BATCH },
      );
      await run(
        fc.asyncProperty(batch, async (requests) => {
          for (const { route, probe } of requests) {
            const query = queryOf(probe.query);
            const json = route.body?.contentType === "application/json";
            await send({
              target: route,
              method: methodOf(route),
              path: `${fillPath(route.path, probe.params)}${query ? `?${query}` : ""}`,
              caller: probe.caller,
              ...(json ? { headers: { "content-type": "application/json" } } : {}),
              ...(json && probe.body !== undefined ? { body: JSON.stringify(probe.body) } : {}),
            });
          }
        }),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  it(
    "multipart bodies: hostile file names, types, sizes and counts, and broken framing",
    async () => {
      const forms = targets.filter((route) => route.body?.contentType === "multipart/form-data");
      expect(forms.length).toBeGreaterThan(0);
      await run(
        fc.asyncProperty(
          fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...forms) }, { weight: 1, arbitrary: target() }),
          caller,
          multipartRequest,
          async (route, who, form) => {
            await send({
              target: route,
              method: methodOf(route),
              path: fillPath(route.path, ["x"]),
              caller: who,
              headers: { "content-type": form.contentType },
              body: form.body,
            });
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  it(
    "random JSON bodies: wrong types, huge strings, deep nesting, prototype-pollution keys",
    async () => {
      await run(
        fc.asyncProperty(
          target(),
          caller,
          fc.oneof(
            jsonBody,
            hostileValue.map((value) => JSON.stringify(value) ?? "null"),
          ),
          fc.constantFrom("application/json", "application/json; charset=utf-8", "application/ld+json"),
          async (route, who, body, type) => {
            await send({
              target: route,
              method: methodOf(route),
              path: fillPath(route.path, ["x"]),
              caller: who,
              headers: { "content-type": type },
              body,
            });
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  it(
    "malformed JSON, form bodies and wrong content types",
    async () => {
      await run(
        fc.asyncProperty(
          target(),
          caller,
          fc.oneof(malformedJson, formBody, jsonBody),
          contentType,
          async (route, who, body, type) => {
            await send({
              target: route,
              method: methodOf(route),
              path: fillPath(route.path, ["x"]),
              caller: who,
              headers: type === "" ? {} : { "content-type": type },
              body,
            });
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  it(
    "random methods and headers (Origin, Referer, Cookie, Authorization garbage)",
    async () => {
      await run(
        fc.asyncProperty(
          target(),
          caller,
          method,
          headers,
          fc.option(fc.oneof(jsonBody, formBody, malformedJson), { nil: undefined }),
          async (route, who, verb, fuzzedHeaders, body) => {
            await send({
              target: route,
              method: verb,
              path: fillPath(route.path, ["x"]),
              caller: who,
              headers: fuzzedHeaders,
              sameOrigin: false,
              ...(body === undefined ? {} : { body }),
            });
          },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS * 2,
  );

  it("reached every route the app serves, sent enough requests, and left the process healthy", async () => {
    const missed = targets.map((route) => `${route.method} ${route.path}`).filter((key) => !hits.get(key));
    expect(missed).toEqual([]);
    expect(requestCount).toBeGreaterThanOrEqual(LEAST_REQUESTS[engine]);
    // Still serving: the health check, a signed-in read and a chat in the user's conversation.
    expect((await t.request("/api/health")).status).toBe(200);
    const cookie = await newSession();
    expect((await t.request("/api/conversations", { headers: { cookie } })).status).toBe(200);
    // The fuzzing may have deleted the user's things: a new conversation, then a question in it.
    const created = await t.request("/api/conversations", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: t.config.publicOrigin },
      body: JSON.stringify({ agentType: "gtm", title: "After the fuzzing" }),
    });
    expect(created.status).toBe(201);
    const conversation = (await created.json()) as { id: string };
    const chat = await t.request("/api/chat", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: t.config.publicOrigin },
      body: JSON.stringify({ conversationId: conversation.id, message: "What is in my documents?" }),
    });
    expect(chat.status).toBe(200);
  });
});
