// /api/custom-agents on both engines: list, create (spec message, slug, collisions), change, delete, train, ownership.

import { customAgentDetailSchema } from "@acp/contracts/chat";
import { generateApiEndpoint } from "@acp/contracts/constants";
import { VALIDATION } from "@acp/contracts/messages";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conversations, customAgents, documentChunks, documents, messages } from "../db/schema";
import { searchKnowledge } from "../services/retrieval/search-knowledge";
import { indexTexts } from "../test/retrieval";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { trainingCorpus } from "../test/training-corpus";
import { uploadOk, waitForDocument } from "../test/uploads";

const agentListSchema = z.array(customAgentDetailSchema.strict());
const ENDPOINT = /^[a-z0-9][a-z0-9-]{0,127}$/;
const json = (body: unknown) => ({
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

/** A handbook of distinct sentences, long enough to make several passages. */
function handbook(company: string): string {
  const cities = ["Lisbon", "Oslo", "Nairobi", "Osaka", "Quito", "Tallinn", "Perth", "Dakar"];
  const products = [
    "ledger sync",
    "invoice relay",
    "payroll bridge",
    "audit vault",
    "tax beacon",
    "cash forecast",
  ];
  const paragraphs: string[] = [];
  for (const [i, city] of cities.entries()) {
    const product = products[i % products.length];
    paragraphs.push(
      [
        `The ${city} office of ${company} renews ${product} contracts for regional wholesalers every quarter.`,
        `Customers in ${city} escalate ${product} outages to the duty engineer within fifteen minutes.`,
        `Pricing for ${product} in ${city} follows the ${i + 3}-tier volume schedule approved by finance.`,
      ].join(" "),
    );
  }
  return paragraphs.join("\n\n");
}

describe.each(engines)("/api/custom-agents on %s", (engine) => {
  let t: TestApp;
  let clock = new Date("2026-03-10T12:00:00.000Z");
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => clock } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (cookie: string, body: unknown) =>
    t.request("/api/custom-agents", { method: "POST", cookie, ...json(body) });
  const createOk = async (cookie: string, body: Record<string, unknown>) => {
    const response = await create(cookie, { systemPrompt: "You answer from the handbook.", ...body });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    return customAgentDetailSchema.strict().parse(await response.json());
  };
  const patch = (cookie: string, id: string, body: unknown) =>
    t.request(`/api/custom-agents/${id}`, { method: "PATCH", cookie, ...json(body) });
  const list = async (cookie: string) =>
    agentListSchema.parse(await (await t.request("/api/custom-agents", { cookie })).json());

  it("lists the user's agents newest first with their settings, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const [support] = await t.database.db
      .insert(customAgents)
      .values({
        userId: a.user.id,
        name: "Support Bot",
        systemPrompt: "You answer support questions.",
        apiEndpoint: `agent-support-bot-${a.user.id}`,
        createdAt: new Date("2026-03-01T10:00:00.000Z"),
      })
      .returning();
    const [analyst] = await t.database.db
      .insert(customAgents)
      .values({
        userId: a.user.id,
        name: "Market Analyst",
        description: "Watches competitors",
        systemPrompt: "You analyse markets.",
        agentType: "market-intelligence",
        isPublic: true,
        apiEndpoint: `agent-market-analyst-${a.user.id}`,
        trainingStatus: "failed",
        trainingError: "Upload documents for Market Analyst first",
        model: "gpt-4o",
        temperature: 0.7,
        topK: 9,
        createdAt: new Date("2026-03-02T10:00:00.000Z"),
      })
      .returning();
    await t.database.db.insert(customAgents).values({
      userId: b.user.id,
      name: "B's agent",
      systemPrompt: "Hi",
      apiEndpoint: `agent-b-${b.user.id}`,
    });

    const response = await t.request("/api/custom-agents", { cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(agentListSchema.parse(await response.json())).toEqual([
      {
        id: analyst?.id,
        name: "Market Analyst",
        description: "Watches competitors",
        systemPrompt: "You analyse markets.",
        agentType: "market-intelligence",
        isPublic: true,
        apiEndpoint: `agent-market-analyst-${a.user.id}`,
        trainingStatus: "failed",
        createdAt: "2026-03-02T10:00:00.000Z",
        settings: { systemPrompt: "You analyse markets.", model: "gpt-4o", temperature: 0.7, topK: 9 },
        trainingError: "Upload documents for Market Analyst first",
      },
      {
        id: support?.id,
        name: "Support Bot",
        description: null,
        systemPrompt: "You answer support questions.",
        agentType: "custom",
        isPublic: false,
        apiEndpoint: `agent-support-bot-${a.user.id}`,
        trainingStatus: "untrained",
        createdAt: "2026-03-01T10:00:00.000Z",
        settings: { systemPrompt: "You answer support questions.", model: null, temperature: 0.2, topK: 6 },
        trainingError: null,
      },
    ]);
    expect((await list(b.cookie)).map((agent) => agent.name)).toEqual(["B's agent"]);
    expect((await t.request("/api/custom-agents")).status).toBe(401);
  });

  it("refuses a missing or blank name or system prompt with the spec's message, word for word", async () => {
    const { cookie } = await signUp(t);
    for (const body of [
      {},
      { systemPrompt: "You help." },
      { name: "Helper" },
      { name: "   ", systemPrompt: "You help." },
      { name: "Helper", systemPrompt: " \n " },
      { name: "\u200B\u202E\u2066", systemPrompt: "You help." },
      { name: 42, systemPrompt: "You help." },
    ]) {
      const response = await create(cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({
        error: "Validation Error: Name and system prompt are required.",
        code: "VALIDATION_ERROR",
      });
    }
    expect(VALIDATION.customAgent).toBe("Validation Error: Name and system prompt are required.");
    expect(await list(cookie)).toEqual([]);
  });

  it("creates an untrained agent with the defaults, a cleaned name and a generated endpoint", async () => {
    const { cookie } = await signUp(t);
    clock = new Date("2026-03-10T12:00:00.123Z");
    const agent = await createOk(cookie, { name: "  Support\u202E  Bot! ", systemPrompt: "  You help.  " });
    expect(agent).toMatchObject({
      name: "Support Bot!",
      description: null,
      systemPrompt: "You help.",
      agentType: "custom",
      isPublic: false,
      apiEndpoint: `agent-support-bot-${clock.getTime()}`,
      trainingStatus: "untrained",
      trainingError: null,
      settings: { systemPrompt: "You help.", model: null, temperature: 0.2, topK: 6 },
    });
    // The same rule as the browser's (packages/contracts), for any ordinary name.
    expect(agent.apiEndpoint).toBe(generateApiEndpoint("Support Bot!", clock.getTime()));

    const full = await createOk(cookie, {
      name: "Deal Desk",
      description: "Reviews discounts",
      agentType: "financial",
      isPublic: true,
    });
    expect(full).toMatchObject({ description: "Reviews discounts", agentType: "financial", isPublic: true });
    expect((await list(cookie)).map((a) => a.id)).toEqual(expect.arrayContaining([agent.id, full.id]));

    const invalidType = await create(cookie, { name: "X", systemPrompt: "Y", agentType: "wizard" });
    expect(invalidType.status).toBe(400);
    expect(((await invalidType.json()) as { error: string }).error).toMatch(/^agentType: /);
  });

  it("makes a valid, unique endpoint for any name, and never fails on a collision", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    clock = new Date("2026-03-10T12:00:01.456Z");
    const ms = clock.getTime();

    const chinese = await createOk(a.cookie, { name: "市场分析" });
    expect(chinese.apiEndpoint).toBe(`agent-${ms}`);
    const long = await createOk(a.cookie, { name: `${"Quarterly revenue review ".repeat(8)}`.trim() });
    expect(long.apiEndpoint).toMatch(ENDPOINT);
    expect(long.apiEndpoint.endsWith(`-${ms}`)).toBe(true);

    // Two agents of the same name in the same millisecond (the clock stands still).
    const first = await createOk(a.cookie, { name: "Pricing Coach" });
    const second = await createOk(a.cookie, { name: "Pricing Coach" });
    expect(first.apiEndpoint).toBe(`agent-pricing-coach-${ms}`);
    expect(second.apiEndpoint).toMatch(new RegExp(`^agent-pricing-coach-${ms}-[0-9a-f]{6}$`));

    // A client-supplied endpoint is kept when free; one already taken (by anyone) is replaced, never refused.
    const kept = await createOk(a.cookie, { name: "Renewals", apiEndpoint: "agent-renewals-1" });
    expect(kept.apiEndpoint).toBe("agent-renewals-1");
    const replaced = await createOk(b.cookie, { name: "Renewals", apiEndpoint: "agent-renewals-1" });
    expect(replaced.apiEndpoint).toBe(`agent-renewals-${ms}`);
    const again = await createOk(b.cookie, { name: "Renewals", apiEndpoint: "agent-renewals-1" });
    expect(again.apiEndpoint).toMatch(new RegExp(`^agent-renewals-${ms}-[0-9a-f]{6}$`));

    const endpoints = [chinese, long, first, second, kept, replaced, again].map((x) => x.apiEndpoint);
    expect(new Set(endpoints).size).toBe(endpoints.length);
    for (const endpoint of endpoints) expect(endpoint).toMatch(ENDPOINT);

    const badEndpoint = await create(a.cookie, { name: "X", systemPrompt: "Y", apiEndpoint: "Agent One" });
    expect(badEndpoint.status).toBe(400);
    expect(await badEndpoint.json()).toMatchObject({
      error: "apiEndpoint: apiEndpoint must be lower-case letters, digits and hyphens",
    });
  });

  it("changes each field on its own, within bounds, with messages naming the field", async () => {
    const { cookie } = await signUp(t);
    const agent = await createOk(cookie, { name: "Coach", description: "Old" });
    const ok = async (body: Record<string, unknown>) => {
      const response = await patch(cookie, agent.id, body);
      expect(response.status, JSON.stringify(body)).toBe(200);
      return customAgentDetailSchema.strict().parse(await response.json());
    };
    expect(await ok({ name: " New\u200B Coach " })).toMatchObject({ name: "New Coach", description: "Old" });
    expect(await ok({ description: "Helps sales reps" })).toMatchObject({ description: "Helps sales reps" });
    expect(await ok({ description: null })).toMatchObject({ description: null });
    expect(await ok({ isPublic: true })).toMatchObject({ isPublic: true });
    expect(await ok({ systemPrompt: "Be brief." })).toMatchObject({
      systemPrompt: "Be brief.",
      settings: { systemPrompt: "Be brief." },
    });
    expect((await ok({ model: "llama3.1:8b" })).settings.model).toBe("llama3.1:8b");
    expect((await ok({ model: null })).settings.model).toBeNull();
    expect((await ok({ temperature: 0 })).settings.temperature).toBe(0);
    expect((await ok({ temperature: 2 })).settings.temperature).toBe(2);
    expect((await ok({ temperature: 0.7 })).settings.temperature).toBe(0.7);
    expect((await ok({ topK: 1 })).settings.topK).toBe(1);
    expect((await ok({ topK: 20 })).settings.topK).toBe(20);
    const unchanged = await ok({});
    expect(unchanged).toMatchObject({
      name: "New Coach",
      description: null,
      isPublic: true,
      systemPrompt: "Be brief.",
      settings: { systemPrompt: "Be brief.", model: null, temperature: 0.7, topK: 20 },
    });
    // Stored, not only answered.
    expect((await list(cookie)).find((a) => a.id === agent.id)).toEqual(unchanged);

    for (const [body, message] of [
      [{ name: "  " }, "name: The name cannot be blank"],
      [{ name: "\u202E\u200B" }, "name: The name cannot be blank"],
      [{ systemPrompt: " " }, "systemPrompt: The system prompt cannot be blank"],
      [{ temperature: 2.01 }, /^temperature: /],
      [{ temperature: -0.1 }, /^temperature: /],
      [{ temperature: "hot" }, /^temperature: /],
      [{ topK: 0 }, /^topK: /],
      [{ topK: 21 }, /^topK: /],
      [{ topK: 2.5 }, /^topK: /],
      [{ isPublic: "yes" }, /^isPublic: /],
      [{ description: "x".repeat(2001) }, /^description: /],
    ] as const) {
      const response = await patch(cookie, agent.id, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const { error, code } = (await response.json()) as { error: string; code: string };
      expect(code).toBe("VALIDATION_ERROR");
      if (typeof message === "string") expect(error).toBe(message);
      else expect(error).toMatch(message);
    }
    expect((await list(cookie)).find((a) => a.id === agent.id)).toEqual(unchanged);
  });

  it("answers 404 for another user's agent on every route, and leaves it alone", async () => {
    const owner = await signUp(t);
    const other = await signUp(t);
    const agent = await createOk(owner.cookie, { name: "Private" });
    for (const id of [agent.id, "no-such-agent"]) {
      const responses = [
        await patch(other.cookie, id, { name: "Mine now" }),
        await t.request(`/api/custom-agents/${id}`, { method: "DELETE", cookie: other.cookie }),
        await t.request(`/api/custom-agents/${id}/train`, { method: "POST", cookie: other.cookie }),
        await t.request(`/api/agents/${id}/analytics`, { cookie: other.cookie }),
      ];
      for (const response of responses) {
        expect(response.status).toBe(404);
        expect(await response.json()).toMatchObject({ code: "NOT_FOUND" });
      }
    }
    expect((await list(owner.cookie)).find((a) => a.id === agent.id)).toEqual(agent);
  });

  it("deletes an agent with its conversations and messages; its documents join the shared library", async () => {
    const { cookie, user } = await signUp(t);
    const agent = await createOk(cookie, { name: "Leaving" });
    const keep = await createOk(cookie, { name: "Staying" });
    const { db } = t.database;
    const [gone] = await db
      .insert(conversations)
      .values({ userId: user.id, agentType: "custom", title: "Chat", customAgentId: agent.id })
      .returning();
    const [stays] = await db
      .insert(conversations)
      .values({ userId: user.id, agentType: "custom", title: "Other", customAgentId: keep.id })
      .returning();
    if (!gone || !stays) throw new Error("no conversations");
    await db.insert(messages).values([
      { conversationId: gone.id, role: "user", content: "Hi" },
      { conversationId: stays.id, role: "user", content: "Hello" },
    ]);
    const documentId = await indexTexts(t.deps, user.id, ["Leaving notes about the turbine bearings"], {
      name: "notes.txt",
      agentId: agent.id,
    });
    const sharedSearch = async () =>
      (
        await searchKnowledge({
          deps: t.deps,
          userId: user.id,
          query: "turbine bearings",
          agentId: "gtm",
          includeShared: true,
          topK: 5,
        })
      ).results.map((result) => result.documentId);
    expect(await sharedSearch()).toEqual([]);

    const response = await t.request(`/api/custom-agents/${agent.id}`, { method: "DELETE", cookie });
    expect(response.status).toBe(204);
    expect((await list(cookie)).map((a) => a.id)).toEqual([keep.id]);
    expect(await db.select().from(conversations).where(eq(conversations.userId, user.id))).toEqual([
      expect.objectContaining({ id: stays.id }),
    ]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, gone.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.conversationId, stays.id))).toHaveLength(1);
    // The documents stay, in the shared library: every agent answers from them now.
    expect(await db.select().from(documents).where(eq(documents.id, documentId))).toEqual([
      expect.objectContaining({ agentId: null, status: "completed" }),
    ]);
    expect(
      (await db.select().from(documentChunks).where(eq(documentChunks.documentId, documentId))).map(
        (chunk) => chunk.agentId,
      ),
    ).toEqual([null]);
    expect(await sharedSearch()).toEqual([documentId]);
    const twice = await t.request(`/api/custom-agents/${agent.id}`, { method: "DELETE", cookie });
    expect(twice.status).toBe(404);
  });

  const waitForTraining = async (cookie: string, id: string, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const agent = (await list(cookie)).find((a) => a.id === id);
      if (agent?.trainingStatus !== "training") return agent;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`agent ${id} still training after ${timeoutMs} ms`);
  };

  it("fails training without documents, saying what to do", async () => {
    const { cookie } = await signUp(t);
    const agent = await createOk(cookie, { name: "Empty Expert" });
    const response = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(response.status).toBe(202);
    expect(customAgentDetailSchema.strict().parse(await response.json())).toMatchObject({
      id: agent.id,
      trainingStatus: "training",
      trainingError: null,
    });
    expect(await waitForTraining(cookie, agent.id)).toMatchObject({
      trainingStatus: "failed",
      trainingError: "Upload documents for Empty Expert first",
    });
  });

  it("trains an agent on its uploaded documents, refusing too few and a second start while it trains", async () => {
    const { cookie } = await signUp(t);
    const agent = await createOk(cookie, { name: "Ops Handbook" });
    const upload = async (company: string, content = handbook(company)) => {
      const [uploaded] = await uploadOk(t, cookie, [{ name: `${company}.txt`, content }], {
        agentId: agent.id,
      });
      if (!uploaded) throw new Error("no document");
      return uploaded.id;
    };
    expect((await waitForDocument(t, cookie, await upload("Northwind"))).document.status).toBe("completed");
    // One document cannot be split into training and held-out validation: refused, saying so.
    expect((await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie })).status).toBe(
      202,
    );
    expect(await waitForTraining(cookie, agent.id)).toMatchObject({
      trainingStatus: "failed",
      trainingError: expect.stringMatching(/training needs at least 4/),
    });

    for (const [index, passages] of trainingCorpus({ documents: 5, passages: 3 }).entries()) {
      const id = await upload(`manual-${index}`, passages.join("\n\n"));
      expect((await waitForDocument(t, cookie, id)).document.status).toBe("completed");
    }
    const response = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(response.status).toBe(202);
    const conflict = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toMatchObject({
      code: "CONFLICT",
      error: "Ops Handbook is already training: wait for it to finish",
    });
    expect(await waitForTraining(cookie, agent.id)).toMatchObject({
      trainingStatus: "trained",
      trainingError: null,
    });

    // Retraining a trained agent is allowed, and an upload still processing is waited for.
    const more = await upload("Woodgrove");
    const retrain = await t.request(`/api/custom-agents/${agent.id}/train`, { method: "POST", cookie });
    expect(retrain.status).toBe(202);
    expect(await waitForTraining(cookie, agent.id)).toMatchObject({ trainingStatus: "trained" });
    expect((await waitForDocument(t, cookie, more)).document.status).toBe("completed");
  });
});
