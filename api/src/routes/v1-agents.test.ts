// POST /api/v1/{apiEndpoint} on both engines: who may call which agent, grounded answers citing an uploaded document,
// validation, limits with their headers, provider failures, client disconnects and the request log.
import { VALIDATION } from "@acp/contracts/messages";
import { publicAgentResponseSchema } from "@acp/contracts/public-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILED_SESSION_LOOKUPS_PER_IP } from "../auth/session-lookup";
import { ChatModelError, type Responder } from "../providers/chat-model/responder";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { bearer, createTestAgent, createTestKey, requestLogRows, uploadKnowledge } from "../test/v1-support";

const FALCON = [
  "The Falcon plan costs 49 EUR per seat per month and includes priority support.",
  "",
  "The Heron plan costs 19 EUR per seat per month for teams of up to ten people.",
].join("\n");

const ask = (
  t: TestApp,
  endpoint: string,
  body: unknown,
  headers: Record<string, string> = {},
  clientIp?: string,
) =>
  t.request(`/api/v1/${endpoint}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
    ...(clientIp ? { clientIp } : {}),
  });

const errorOf = async (response: Response) => (await response.json()) as { error: string; code: string };

describe.each(engines)("POST /api/v1/{apiEndpoint} on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a public agent without authentication, citing the uploaded document", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Pricing helper", isPublic: true });
    await uploadKnowledge(t, owner.cookie, "pricing.txt", FALCON, { agentId: agent.id });
    // No cookie, another site's Origin: a public agent is for anyone.
    const response = await ask(
      t,
      agent.apiEndpoint,
      { message: "How much does the Falcon plan cost?" },
      {
        origin: "https://elsewhere.example",
      },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const body = publicAgentResponseSchema.strict().parse(await response.json());
    expect(body.response).toContain("49 EUR");
    expect(body.sources.length).toBeGreaterThan(0);
    for (const source of body.sources) {
      expect(publicAgentResponseSchema.shape.sources.element.strict().parse(source)).toEqual(source);
      expect(source.documentName).toBe("pricing.txt");
      expect(source.location?.kind).toBe("lines");
      expect(body.response).toContain(`[${source.number}]`);
    }
    expect(body.sources[0]?.excerpt).toContain("The Falcon plan costs 49 EUR");
    // Every marker in the answer is a listed source.
    for (const marker of body.response.matchAll(/\[(\d+)\]/g)) {
      expect(body.sources.map((source) => source.number)).toContain(Number(marker[1]));
    }
  });

  it("answers anyone but its owner only from the knowledge given to the agent, never the owner's shared library", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Scoped pricing", isPublic: true });
    await uploadKnowledge(t, owner.cookie, "agent-pricing.txt", FALCON, { agentId: agent.id });
    // A private note uploaded to no agent: the owner's shared library.
    const NOTE = "The Osprey acquisition closes on 14 March for 12 million EUR, strictly confidential.";
    await uploadKnowledge(t, owner.cookie, "board-note.txt", NOTE);
    const question = { message: "When does the Osprey acquisition close and for how much?" };
    const leaks = (body: { response: string; sources: { documentName: string; excerpt: string }[] }) =>
      body.response.includes("Osprey") ||
      body.sources.some(
        (source) => source.documentName === "board-note.txt" || source.excerpt.includes("Osprey"),
      );

    const stranger = await signUp(t);
    for (const headers of [{}, bearer(await createTestKey(t, stranger.user.id))]) {
      const response = await ask(t, agent.apiEndpoint, question, headers);
      expect(response.status, await response.clone().text()).toBe(200);
      const body = publicAgentResponseSchema.parse(await response.json());
      expect(leaks(body), JSON.stringify(body)).toBe(false);
      // Its own knowledge still answers.
      const own = await ask(
        t,
        agent.apiEndpoint,
        { message: "How much does the Falcon plan cost?" },
        headers,
      );
      expect(publicAgentResponseSchema.parse(await own.json()).response).toContain("49 EUR");
    }
    // The chat completions of the same agent, anonymous, keep to the same scope.
    const completion = await t.request("/api/v1/chat/completions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        model: agent.apiEndpoint,
        messages: [{ role: "user", content: question.message }],
      }),
    });
    expect(completion.status).toBe(200);
    const completed = JSON.stringify(await completion.json());
    expect(completed).not.toContain("board-note.txt");
    expect(completed).not.toContain("12 million");

    // Its owner's own key reads the owner's whole library, as the owner's chat does.
    const ownersKey = await createTestKey(t, owner.user.id);
    const asOwner = await ask(t, agent.apiEndpoint, question, bearer(ownersKey));
    expect(asOwner.status).toBe(200);
    expect(leaks(publicAgentResponseSchema.parse(await asOwner.json()))).toBe(true);
  });

  it("refuses a blank message with the spec's words, and an unknown endpoint with 404", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Blank test", isPublic: true });
    for (const body of [{ message: "   " }, {}, { message: 42 }]) {
      const blank = await ask(t, agent.apiEndpoint, body);
      expect(blank.status).toBe(400);
      expect((await errorOf(blank)).error).toBe(VALIDATION.apiTestMessage);
    }
    const long = await ask(t, agent.apiEndpoint, { message: "x".repeat(8001) });
    expect(long.status).toBe(400);
    for (const endpoint of ["agent-nobody-1", "NOT-A-SLUG", "a".repeat(300)]) {
      const unknown = await ask(t, endpoint, { message: "Hello" });
      expect(unknown.status).toBe(404);
      expect(await errorOf(unknown)).toEqual({
        error: "No agent is deployed at this endpoint",
        code: "NOT_FOUND",
      });
    }
  });

  it("needs the owner's key, allowed for the agent, for an agent that is not public", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    await uploadKnowledge(t, owner.cookie, "pricing.txt", FALCON);
    const agent = await createTestAgent(t, owner.cookie, { name: "Private pricing", isPublic: false });
    const other = await createTestAgent(t, owner.cookie, { name: "Other agent", isPublic: false });
    const question = { message: "How much does the Heron plan cost?" };

    const anonymous = await ask(t, agent.apiEndpoint, question);
    expect(anonymous.status).toBe(401);
    expect((await errorOf(anonymous)).code).toBe("UNAUTHORIZED");

    const strangersKey = await createTestKey(t, stranger.user.id);
    const foreign = await ask(t, agent.apiEndpoint, question, bearer(strangersKey));
    expect(foreign.status).toBe(403);
    expect(await errorOf(foreign)).toEqual({
      error: "This API key belongs to another account: it cannot call this agent",
      code: "FORBIDDEN",
    });

    const restricted = await createTestKey(t, owner.user.id, { allowedAgentIds: [other.id, "gtm"] });
    const notAllowed = await ask(t, agent.apiEndpoint, question, bearer(restricted));
    expect(notAllowed.status).toBe(403);
    expect((await errorOf(notAllowed)).error).toBe("This API key is not allowed to call this agent");

    for (const key of [
      await createTestKey(t, owner.user.id),
      await createTestKey(t, owner.user.id, { allowedAgentIds: [agent.id] }),
    ]) {
      const allowed = await ask(t, agent.apiEndpoint, question, bearer(key));
      expect(allowed.status, await allowed.clone().text()).toBe(200);
      expect(publicAgentResponseSchema.parse(await allowed.json()).response).toContain("19 EUR");
    }
    // A session cookie is no key: the owner's own browser session does not open a private agent here.
    const withCookie = await t.request(`/api/v1/${agent.apiEndpoint}`, {
      method: "POST",
      cookie: owner.cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(question),
    });
    expect(withCookie.status).toBe(401);
  });

  it("refuses unknown, inactive and expired keys with 401, even for a public agent", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Public with keys", isPublic: true });
    const question = { message: "Hello?" };
    const inactive = await createTestKey(t, owner.user.id, { isActive: false });
    const expired = await createTestKey(t, owner.user.id, { expiresAt: new Date(Date.now() - 60_000) });
    for (const headers of [
      bearer(inactive),
      bearer(expired),
      { authorization: "Bearer acp_live_made_up" },
      { authorization: "Bearer acp_test_made_up" },
    ]) {
      const response = await ask(t, agent.apiEndpoint, question, headers);
      expect(response.status, headers.authorization).toBe(401);
      expect((await errorOf(response)).code).toBe("UNAUTHORIZED");
    }
    // A placeholder that is not one of our keys at all is no key: the public agent answers its caller anonymously.
    for (const placeholder of ["Bearer", "Bearer sk-none", "Bearer ollama", "Bearer x"]) {
      const response = await ask(t, agent.apiEndpoint, question, { authorization: placeholder });
      expect(response.status, placeholder).toBe(200);
    }
    // Another user's valid, unrestricted key may call a public agent: it needs no authorisation, the key identifies.
    const stranger = await signUp(t);
    const strangersKey = await createTestKey(t, stranger.user.id);
    expect((await ask(t, agent.apiEndpoint, question, bearer(strangersKey))).status).toBe(200);
    // A key restricted to some agents calls only those, public or not (without the key, anyone may).
    for (const restricted of [
      await createTestKey(t, stranger.user.id, { allowedAgentIds: ["gtm"] }),
      await createTestKey(t, owner.user.id, { allowedAgentIds: ["legal"] }),
    ]) {
      const refused = await ask(t, agent.apiEndpoint, question, bearer(restricted));
      expect(refused.status).toBe(403);
      expect((await errorOf(refused)).error).toBe("This API key is not allowed to call this agent");
    }
    const allowed = await createTestKey(t, owner.user.id, { allowedAgentIds: [agent.id] });
    expect((await ask(t, agent.apiEndpoint, question, bearer(allowed))).status).toBe(200);
  });

  it("refuses a deleted key with 401 however often it comes, never locking out its network's other keys", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Public after deletion", isPublic: true });
    const cookieJson = (method: string, path: string, body?: unknown) =>
      t.request(path, {
        method,
        cookie: owner.cookie,
        ...(body === undefined
          ? {}
          : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
      });
    const created = await cookieJson("POST", "/api/api-keys", { name: "Soon deleted" });
    expect(created.status).toBe(201);
    const deleted = (await created.json()) as { id: string; key: string };
    const kept = (await (await cookieJson("POST", "/api/api-keys", { name: "Kept" })).json()) as {
      key: string;
    };
    expect((await cookieJson("DELETE", `/api/api-keys/${deleted.id}`)).status).toBe(204);

    // A client that never learnt of the deletion keeps sending the key, well past the unknown-key limit.
    const ip = "198.51.100.23";
    const models = (key: string) =>
      t.request("/api/v1/models", { headers: { authorization: `Bearer ${key}` }, clientIp: ip });
    for (let call = 0; call < FAILED_SESSION_LOOKUPS_PER_IP + 20; call++) {
      const refused = await models(deleted.key);
      expect(refused.status, `call ${call}`).toBe(401);
      // /api/v1/models answers in OpenAI's error shape.
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        "Invalid or inactive API key",
      );
    }
    const onAgent = await ask(
      t,
      agent.apiEndpoint,
      { message: "Hello?" },
      bearer({ id: "", token: deleted.key }),
      ip,
    );
    expect(onAgent.status).toBe(401);
    // Every other key of that network still works.
    expect((await models(kept.key)).status).toBe(200);
    expect((await ask(t, agent.apiEndpoint, { message: "Hello?" }, {}, ip)).status).toBe(200);

    // Guessing (many different unknown keys) is still stopped for that network. The deleted key counted once, at its
    // first miss: all its repeats together weigh no more than one guess.
    const answered: number[] = [];
    for (let guess = 0; guess < FAILED_SESSION_LOOKUPS_PER_IP; guess++) {
      answered.push((await models(`acp_live_guess${guess}`)).status);
    }
    expect(answered.filter((status) => status === 401)).toHaveLength(FAILED_SESSION_LOOKUPS_PER_IP - 1);
    expect(answered.at(-1)).toBe(429);
    expect((await models(kept.key)).status).toBe(429);
  });

  it("counts a key's calls against its hourly limit: headers on every answer, 429 past it", async () => {
    const owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Limited", isPublic: false });
    const key = await createTestKey(t, owner.user.id, { rateLimitPerHour: 2 });
    const question = { message: "Anything about plans?" };
    const first = await ask(t, agent.apiEndpoint, question, bearer(key));
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(first.headers.get("ratelimit-policy")).toBe("2;w=3600");
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(3500);
    const second = await ask(t, agent.apiEndpoint, question, bearer(key));
    expect(second.status).toBe(200);
    expect(second.headers.get("ratelimit-remaining")).toBe("0");
    const third = await ask(t, agent.apiEndpoint, question, bearer(key));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(third.headers.get("ratelimit-remaining")).toBe("0");
    expect((await errorOf(third)).code).toBe("RATE_LIMITED");
    // Another key of the same owner has its own count.
    const fresh = await createTestKey(t, owner.user.id, { rateLimitPerHour: 2 });
    expect((await ask(t, agent.apiEndpoint, question, bearer(fresh))).status).toBe(200);
  });

  it("logs every call with an owner: key or public, agent, status, latency and tokens", async () => {
    const owner = await signUp(t);
    const stranger = await signUp(t);
    await uploadKnowledge(t, owner.cookie, "pricing.txt", FALCON);
    const open = await createTestAgent(t, owner.cookie, { name: "Logged public", isPublic: true });
    const closed = await createTestAgent(t, owner.cookie, { name: "Logged private", isPublic: false });
    const key = await createTestKey(t, owner.user.id);
    const strangersKey = await createTestKey(t, stranger.user.id);
    const before = (await requestLogRows(t)).length;

    await ask(t, open.apiEndpoint, { message: "How much does the Falcon plan cost?" });
    await ask(t, closed.apiEndpoint, { message: "How much does the Falcon plan cost?" }, bearer(key));
    await ask(t, closed.apiEndpoint, { message: "Hi" });
    await ask(t, closed.apiEndpoint, { message: "Hi" }, bearer(strangersKey));
    await ask(t, open.apiEndpoint, { message: " " }, bearer(key));
    await ask(t, "agent-no-such-endpoint-1", { message: "Hi" });

    const rows = (await requestLogRows(t)).slice(before);
    expect(
      rows.map((row) => [row.userId, row.apiKeyId, row.agentEndpoint, row.operation, row.status]),
    ).toEqual([
      [owner.user.id, null, open.apiEndpoint, "agent", 200],
      [owner.user.id, key.id, closed.apiEndpoint, "agent", 200],
      [owner.user.id, null, closed.apiEndpoint, "agent", 401],
      [stranger.user.id, strangersKey.id, closed.apiEndpoint, "agent", 403],
      [owner.user.id, key.id, open.apiEndpoint, "agent", 400],
    ]);
    const [answered, keyed] = rows;
    for (const row of [answered, keyed]) {
      expect(row?.promptTokens).toBeGreaterThan(0);
      expect(row?.completionTokens).toBeGreaterThan(0);
      expect(row?.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(rows[2]?.promptTokens).toBeNull();
  });

  it("answers a CORS preflight from any origin, without credentials", async () => {
    const response = await t.request("/api/v1/agent-anything-1", {
      method: "OPTIONS",
      headers: {
        origin: "https://widget.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "content-type, authorization",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("allows the headers OpenAI's SDK sends from a browser in its preflight", async () => {
    const sdkHeaders = [
      "authorization",
      "content-type",
      "x-stainless-os",
      "x-stainless-lang",
      "x-stainless-package-version",
      "x-stainless-runtime",
      "x-stainless-runtime-version",
      "x-stainless-arch",
      "x-stainless-retry-count",
      "x-stainless-timeout",
      "openai-organization",
    ];
    const response = await t.request("/api/v1/chat/completions", {
      method: "OPTIONS",
      headers: {
        origin: "https://app.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": sdkHeaders.join(","),
      },
    });
    expect(response.status).toBe(204);
    const allowed = (response.headers.get("access-control-allow-headers") ?? "")
      .toLowerCase()
      .split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(sdkHeaders));
    expect(response.headers.get("access-control-allow-credentials")).toBeNull();
  });
});

describe.each(engines)("public callers' limit, failures and disconnects on %s", (engine) => {
  it("limits calls without a key per client IP", async () => {
    const t = await createTestApp(engine, { config: { publicRateLimitPerHour: 2 } });
    try {
      const owner = await signUp(t);
      const agent = await createTestAgent(t, owner.cookie, { name: "Popular", isPublic: true });
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await ask(t, agent.apiEndpoint, { message: "Hi" }, {}, "203.0.113.7")).status);
      expect(statuses).toEqual([200, 200, 429]);
      // Another address has its own count, and a key counts against the key instead.
      expect((await ask(t, agent.apiEndpoint, { message: "Hi" }, {}, "203.0.113.8")).status).toBe(200);
      const key = await createTestKey(t, owner.user.id);
      const keyed = await ask(t, agent.apiEndpoint, { message: "Hi" }, bearer(key), "203.0.113.7");
      expect(keyed.status).toBe(200);
      expect(keyed.headers.get("ratelimit-limit")).toBe("1000");
      const rows = await requestLogRows(t);
      expect(rows.map((row) => row.status)).toEqual([200, 200, 429, 200, 200]);
    } finally {
      await t.close();
    }
  });

  it("answers a chat-model failure with its status: 429 with Retry-After, 503, 504, 502", async () => {
    const cases = [
      {
        error: new ChatModelError("rate-limited", "The chat model is busy.", { retryAfterSeconds: 30 }),
        status: 429,
      },
      { error: new ChatModelError("unavailable", "The chat model's server failed (500)."), status: 503 },
      {
        error: new ChatModelError("timeout", "The chat model did not answer within 90 seconds."),
        status: 504,
      },
      { error: new ChatModelError("unauthorized", "The chat model rejected the API key."), status: 502 },
    ];
    for (const { error, status } of cases) {
      const responder: Responder = {
        info: { provider: "openai", model: "failing", offline: false },
        answer: async () => {
          throw error;
        },
      };
      const t = await createTestApp(engine, { overrides: { responder } });
      try {
        const owner = await signUp(t);
        const agent = await createTestAgent(t, owner.cookie, { name: "Failing", isPublic: true });
        const response = await ask(t, agent.apiEndpoint, { message: "Hi" });
        expect(response.status).toBe(status);
        if (status === 429) expect(response.headers.get("retry-after")).toBe("30");
        expect((await errorOf(response)).error).toBe(error.message);
        expect((await requestLogRows(t)).map((row) => row.status)).toEqual([status]);
      } finally {
        await t.close();
      }
    }
  });

  it("stops the model when the caller goes away", async () => {
    let aborted: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      aborted = resolve;
    });
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    const responder: Responder = {
      info: { provider: "openai", model: "slow", offline: false },
      answer: ({ signal }) =>
        new Promise((resolve) => {
          started();
          signal.addEventListener("abort", () => {
            aborted();
            resolve({ content: "", model: "slow", promptTokens: 1, completionTokens: 0, stopped: true });
          });
        }),
    };
    const t = await createTestApp(engine, { overrides: { responder } });
    try {
      const owner = await signUp(t);
      const agent = await createTestAgent(t, owner.cookie, { name: "Slow", isPublic: true });
      const controller = new AbortController();
      const pending = t.request(`/api/v1/${agent.apiEndpoint}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ message: "Take your time" }),
        signal: controller.signal,
      });
      await running;
      controller.abort();
      await pending.catch(() => undefined);
      await stopped;
      expect(t.deps.streams.size).toBe(0);
    } finally {
      await t.close();
    }
  });
});
