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
import {
  createTestApp,
  engines,
  postgresHasPgvector,
  signUp,
  socketBindings,
  type TestApp,
} from "./test/test-app";

/** Runs per property: PGlite gets the full budget, PostgreSQL (CI) a smaller one on top. */
const RUNS: Record<DatabaseEngine, number> = { pglite: 200, postgres: 40 };
const PROPERTY_TIMEOUT_MS = 60_000;

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

type Operation = { method: string; path: string; hasBody: boolean };

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
  let operations: Operation[];
  let userId: string;
  /** PostgreSQL in CI has no pgvector: the vector route's documented 503 is its correct answer there. */
  let vectorStoreMissing = false;
  const numRuns = RUNS[engine];

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
    userId = (await signUp(t)).user.id;

    const document = (await (await t.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    operations = Object.entries(document.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([verb, operation]) => ({
        method: verb.toUpperCase(),
        path: template,
        hasBody: operation.requestBody !== undefined,
      })),
    );
  });

  afterAll(async () => {
    await t?.close();
    if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  });

  /** A fresh session per signed-in request: a fuzzed GET /api/logout must not sign the next run out. */
  async function sessionCookie(): Promise<string> {
    const token = generateSessionToken();
    await createSession({ db: t.database.db, token, userId, now: new Date() });
    return `session=${token}`;
  }

  type Probe = {
    method: string;
    path: string;
    caller: Caller;
    headers?: Record<string, string>;
    body?: string;
    /** Same-origin browser headers unless the property fuzzes them itself. */
    sameOrigin?: boolean;
  };

  let requestCount = 0;
  async function send(probe: Probe): Promise<void> {
    const headers = new Headers();
    if (probe.sameOrigin !== false) headers.set("origin", t.config.publicOrigin);
    for (const [name, value] of Object.entries(probe.headers ?? {})) headers.set(name, value);
    if (probe.caller === "signed-in") {
      const cookie = headers.get("cookie");
      headers.set("cookie", cookie ? `${await sessionCookie()}; ${cookie}` : await sessionCookie());
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

  const operation = () => fc.constantFrom(...operations);
  const caller = fc.constantFrom<Caller>("anonymous", "signed-in");
  const run = async <T extends [unknown, ...unknown[]]>(property: fc.IAsyncProperty<T>) => {
    await fc.assert(property, fuzzParameters(numRuns, PROPERTY_TIMEOUT_MS));
    expectPrototypeUntouched();
  };

  it(
    "random path parameters and query strings",
    async () => {
      await run(
        fc.asyncProperty(
          operation(),
          caller,
          fc.array(pathParam, { minLength: 1, maxLength: 3 }),
          fc.option(queryString, { nil: undefined }),
          async (op, who, params, query) => {
            await send({
              method: op.method,
              path: `${fillPath(op.path, params)}${query === undefined ? "" : `?${query}`}`,
              caller: who,
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
          operation(),
          caller,
          jsonBody,
          fc.constantFrom("application/json", "application/json; charset=utf-8", "application/ld+json"),
          async (op, who, body, type) => {
            await send({
              method: op.hasBody ? op.method : "POST",
              path: fillPath(op.path, ["x"]),
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
          operation(),
          caller,
          fc.oneof(malformedJson, formBody, jsonBody),
          contentType,
          async (op, who, body, type) => {
            await send({
              method: op.hasBody ? op.method : "POST",
              path: fillPath(op.path, ["x"]),
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
          operation(),
          caller,
          method,
          headers,
          fc.option(fc.oneof(jsonBody, formBody, malformedJson), { nil: undefined }),
          async (op, who, verb, fuzzedHeaders, body) => {
            await send({
              method: verb,
              path: fillPath(op.path, ["x"]),
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
});
