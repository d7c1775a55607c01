// GET /api/v1/gtm/strategy and POST /api/v1/gtm/analyze on both engines: key-only, grounded in the owner's gtm
// knowledge with sources, validated, limited and logged.
import { findBuiltInAgent } from "@acp/contracts/agents";
import { GTM_ANALYZE_BLANK, publicAgentResponseSchema } from "@acp/contracts/public-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createResponder } from "../services/chat/create-responder";
import {
  GTM_ANALYSIS_INSTRUCTIONS,
  GTM_STRATEGY_INSTRUCTIONS,
  GTM_STRATEGY_QUESTION,
} from "../services/public-api/gtm-questions";
import { startFakeOpenAiServer } from "../test/fake-openai-server";
import { createTestApp, engines, signUp, type TestApp, testConfig } from "../test/test-app";
import { bearer, createTestKey, requestLogRows, type TestKey, uploadKnowledge } from "../test/v1-support";

const PLAYBOOK = [
  "Our go-to-market strategy targets mid-market logistics firms in Germany and the Netherlands.",
  "",
  "Our positioning: the only route planner that prices carbon per delivery.",
  "",
  "Pricing starts at 900 EUR per depot per month, sold through direct sales and two freight-software partners.",
].join("\n");

describe.each(engines)("the gtm endpoints on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let key: TestKey;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    await uploadKnowledge(t, owner.cookie, "gtm-playbook.txt", PLAYBOOK, { agentId: "gtm" });
    key = await createTestKey(t, owner.user.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  const strategy = (headers: Record<string, string> = {}) => t.request("/api/v1/gtm/strategy", { headers });
  const analyze = (body: unknown, headers: Record<string, string> = {}) =>
    t.request("/api/v1/gtm/analyze", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("summarises the strategy from the key owner's gtm knowledge, with sources", async () => {
    const response = await strategy(bearer(key));
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("ratelimit-limit")).toBe("1000");
    const body = publicAgentResponseSchema.strict().parse(await response.json());
    expect(body.response).toMatch(/logistics firms|900 EUR|carbon/);
    expect(body.sources.length).toBeGreaterThan(0);
    expect(body.sources.every((source) => source.documentName === "gtm-playbook.txt")).toBe(true);
    for (const source of body.sources) expect(body.response).toContain(`[${source.number}]`);
  });

  it("analyses the posted text against the gtm knowledge", async () => {
    const response = await analyze(
      { text: "We plan to sell to logistics firms in Germany at 900 EUR per depot." },
      bearer(key),
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const body = publicAgentResponseSchema.parse(await response.json());
    expect(body.sources[0]?.documentName).toBe("gtm-playbook.txt");
    expect(body.response.length).toBeGreaterThan(0);
  });

  it("refuses both endpoints with 409 while the gtm agent is switched off, and answers again once it is on", async () => {
    const user = await signUp(t);
    await uploadKnowledge(t, user.cookie, "gtm-playbook.txt", PLAYBOOK, { agentId: "gtm" });
    const userKey = await createTestKey(t, user.user.id);
    const switchGtm = (enabled: boolean) =>
      t.request("/api/agents/gtm", {
        method: "PATCH",
        cookie: user.cookie,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ enabled }),
      });
    expect((await switchGtm(false)).status).toBe(200);
    for (const response of [
      await strategy(bearer(userKey)),
      await analyze({ text: "We sell to logistics firms." }, bearer(userKey)),
    ]) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({
        error:
          "The built-in agent 'gtm' (GTM Strategy) is switched off: it answers no API calls until its owner switches it on under AI Agent Management",
        code: "CONFLICT",
      });
    }
    // Without a key the answer is still 401: whether an agent is on is its owner's business.
    expect((await strategy()).status).toBe(401);
    expect((await switchGtm(true)).status).toBe(200);
    expect((await strategy(bearer(userKey))).status).toBe(200);
  });

  it("validates the text: blank, missing or too long", async () => {
    for (const body of [{ text: "  " }, {}, { text: 7 }]) {
      const response = await analyze(body, bearer(key));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(GTM_ANALYZE_BLANK);
    }
    const long = await analyze({ text: "x".repeat(6001) }, bearer(key));
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe("The text can be at most 6000 characters");
  });

  it("needs a key allowed for gtm, never a session", async () => {
    expect((await strategy()).status).toBe(401);
    const withCookie = await t.request("/api/v1/gtm/strategy", { cookie: owner.cookie });
    expect(withCookie.status).toBe(401);
    expect((await analyze({ text: "Hello" })).status).toBe(401);
    const expired = await createTestKey(t, owner.user.id, { expiresAt: new Date(Date.now() - 1000) });
    expect((await strategy(bearer(expired))).status).toBe(401);
    const legalOnly = await createTestKey(t, owner.user.id, { allowedAgentIds: ["legal"] });
    const refused = await strategy(bearer(legalOnly));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "This API key is not allowed to call this agent",
    );
    const gtmOnly = await createTestKey(t, owner.user.id, { allowedAgentIds: ["gtm"] });
    expect((await strategy(bearer(gtmOnly))).status).toBe(200);
  });

  it("answers another account's key from that account's own gtm knowledge only", async () => {
    const stranger = await signUp(t);
    const strangersKey = await createTestKey(t, stranger.user.id);
    const response = await strategy(bearer(strangersKey));
    expect(response.status).toBe(200);
    const body = publicAgentResponseSchema.parse(await response.json());
    expect(body.sources).toEqual([]);
    expect(body.response).not.toContain("900 EUR");
  });

  it("limits and logs the calls per key", async () => {
    const limited = await createTestKey(t, owner.user.id, { rateLimitPerHour: 1 });
    expect((await strategy(bearer(limited))).status).toBe(200);
    const refused = await analyze({ text: "Anything" }, bearer(limited));
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    const rows = (await requestLogRows(t)).filter((row) => row.apiKeyId === limited.id);
    expect(rows.map((row) => [row.userId, row.operation, row.agentEndpoint, row.status])).toEqual([
      [owner.user.id, "gtm.strategy", "gtm", 200],
      [owner.user.id, "gtm.analyze", null, 429],
    ]);
    expect(rows[0]?.completionTokens).toBeGreaterThan(0);
  });
});

describe.each(engines)("the gtm endpoints over a configured chat model on %s", (engine) => {
  it("gives the model the gtm prompt with the task, and the text as the question", async () => {
    const model = await startFakeOpenAiServer();
    const t = await createTestApp(engine, {
      overrides: {
        responder: createResponder({
          config: testConfig(
            {},
            { LLM_PROVIDER: "openai", OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: model.apiKey },
          ),
        }),
      },
    });
    try {
      const owner = await signUp(t);
      await uploadKnowledge(t, owner.cookie, "gtm-playbook.txt", PLAYBOOK, { agentId: "gtm" });
      const key = await createTestKey(t, owner.user.id);
      model.setChatScript({ reply: "It matches the segment [1] but not the price [2]." });
      const text = "We will sell to logistics firms in Germany at 500 EUR per depot.";
      const response = await t.request("/api/v1/gtm/analyze", {
        method: "POST",
        headers: { "content-type": "application/json", ...bearer(key) },
        body: JSON.stringify({ text }),
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const body = publicAgentResponseSchema.parse(await response.json());
      expect(body.response).toMatch(/^It matches the segment \[1\]/);
      const sent = model.chatRequests.at(-1)?.messages ?? [];
      expect(sent[0]?.content.indexOf(findBuiltInAgent("gtm")?.systemPrompt ?? "?")).toBe(0);
      expect(sent[0]?.content).toContain(`Your task:\n${GTM_ANALYSIS_INSTRUCTIONS}`);
      expect(sent.at(-1)).toEqual({ role: "user", content: text });

      const strategy = await t.request("/api/v1/gtm/strategy", { headers: bearer(key) });
      expect(strategy.status).toBe(200);
      const asked = model.chatRequests.at(-1)?.messages ?? [];
      expect(asked[0]?.content).toContain(`Your task:\n${GTM_STRATEGY_INSTRUCTIONS}`);
      expect(asked.at(-1)).toEqual({ role: "user", content: GTM_STRATEGY_QUESTION });
    } finally {
      await t.close();
      await model.close();
    }
  });
});
