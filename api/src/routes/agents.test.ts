// /api/agents on both engines: built-in agents per user (toggle and settings) and any agent's analytics.

import { BUILT_IN_AGENTS } from "@acp/contracts/agents";
import { agentAnalyticsSchema, builtInAgentStateSchema } from "@acp/contracts/chat";
import { AGENT_ANALYTICS_DAYS } from "@acp/contracts/constants";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conversations, customAgents, messages } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const stateListSchema = z.array(builtInAgentStateSchema.strict());
const NOW = new Date("2026-03-20T09:30:00.000Z");

describe.each(engines)("/api/agents on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (cookie: string) =>
    stateListSchema.parse(await (await t.request("/api/agents", { cookie })).json());
  const patch = (cookie: string, id: string, body: unknown) =>
    t.request(`/api/agents/${id}`, {
      method: "PATCH",
      cookie,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const patchOk = async (cookie: string, id: string, body: unknown) => {
    const response = await patch(cookie, id, body);
    expect(response.status, JSON.stringify(body)).toBe(200);
    return builtInAgentStateSchema.strict().parse(await response.json());
  };

  it("lists the five built-in agents with their defaults: gtm on, the others off", async () => {
    const { cookie } = await signUp(t);
    const response = await t.request("/api/agents", { cookie });
    expect(response.status).toBe(200);
    const agents = stateListSchema.parse(await response.json());
    expect(agents.map((a) => [a.id, a.enabled, a.status])).toEqual([
      ["gtm", true, "active"],
      ["legal", false, "ready"],
      ["vision", false, "ready"],
      ["technical", false, "ready"],
      ["fundraising", false, "ready"],
    ]);
    for (const [i, agent] of agents.entries()) {
      const builtIn = BUILT_IN_AGENTS[i];
      expect(agent).toEqual({
        id: builtIn?.id,
        name: builtIn?.name,
        description: builtIn?.description,
        status: builtIn?.status,
        edition: "executive",
        features: builtIn?.features,
        enabled: builtIn?.id === "gtm",
        settings: { systemPrompt: builtIn?.systemPrompt, model: null, temperature: 0.2, topK: 6 },
        defaultSystemPrompt: builtIn?.systemPrompt,
      });
    }
    expect((await t.request("/api/agents")).status).toBe(401);
  });

  it("switches an agent on or off for one user only, and keeps it", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    expect(await patchOk(a.cookie, "gtm", { enabled: false })).toMatchObject({ id: "gtm", enabled: false });
    expect(await patchOk(a.cookie, "legal", { enabled: true })).toMatchObject({ id: "legal", enabled: true });
    const enabled = (agents: { id: string; enabled: boolean }[]) =>
      agents.filter((agent) => agent.enabled).map((agent) => agent.id);
    expect(enabled(await list(a.cookie))).toEqual(["legal"]);
    expect(enabled(await list(b.cookie))).toEqual(["gtm"]);
    // Switching back and forth changes the flag only.
    expect(await patchOk(a.cookie, "gtm", { enabled: true })).toMatchObject({
      enabled: true,
      settings: { model: null, temperature: 0.2, topK: 6 },
    });
    expect(enabled(await list(a.cookie))).toEqual(["gtm", "legal"]);
  });

  it("changes each setting on its own, restores the default prompt with null, and refuses values out of bounds", async () => {
    const { cookie } = await signUp(t);
    const other = await signUp(t);
    const legal = BUILT_IN_AGENTS.find((agent) => agent.id === "legal");
    expect(
      (await patchOk(cookie, "legal", { systemPrompt: "  Cite clauses.  " })).settings.systemPrompt,
    ).toBe("Cite clauses.");
    expect((await patchOk(cookie, "legal", { model: "gpt-4o-mini" })).settings.model).toBe("gpt-4o-mini");
    expect((await patchOk(cookie, "legal", { temperature: 1.5 })).settings.temperature).toBe(1.5);
    expect((await patchOk(cookie, "legal", { topK: 12 })).settings.topK).toBe(12);
    const changed = await patchOk(cookie, "legal", {});
    expect(changed).toMatchObject({
      enabled: false,
      settings: { systemPrompt: "Cite clauses.", model: "gpt-4o-mini", temperature: 1.5, topK: 12 },
      defaultSystemPrompt: legal?.systemPrompt,
    });
    expect((await list(cookie)).find((agent) => agent.id === "legal")).toEqual(changed);
    expect((await list(other.cookie)).find((agent) => agent.id === "legal")?.settings).toEqual({
      systemPrompt: legal?.systemPrompt,
      model: null,
      temperature: 0.2,
      topK: 6,
    });

    const restored = await patchOk(cookie, "legal", { systemPrompt: null, model: null });
    expect(restored.settings).toEqual({
      systemPrompt: legal?.systemPrompt,
      model: null,
      temperature: 1.5,
      topK: 12,
    });
    expect(await patchOk(cookie, "legal", { temperature: 0, topK: 1 })).toMatchObject({
      settings: { temperature: 0, topK: 1 },
    });
    expect(await patchOk(cookie, "legal", { temperature: 2, topK: 20 })).toMatchObject({
      settings: { temperature: 2, topK: 20 },
    });

    for (const [body, message] of [
      [{ temperature: 2.5 }, /^temperature: /],
      [{ temperature: -1 }, /^temperature: /],
      [{ topK: 0 }, /^topK: /],
      [{ topK: 21 }, /^topK: /],
      [{ topK: 3.5 }, /^topK: /],
      [{ enabled: "yes" }, /^enabled: /],
      [{ model: "" }, /^model: /],
      [{ systemPrompt: "   " }, /^systemPrompt: The system prompt cannot be blank$/],
      [{ systemPrompt: "x".repeat(20_001) }, /^systemPrompt: /],
    ] as const) {
      const response = await patch(cookie, "legal", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = (await response.json()) as { error: string; code: string };
      expect(error.code).toBe("VALIDATION_ERROR");
      expect(error.error).toMatch(message);
    }
    expect((await list(cookie)).find((agent) => agent.id === "legal")?.settings).toEqual({
      systemPrompt: legal?.systemPrompt,
      model: null,
      temperature: 2,
      topK: 20,
    });
  });

  it("keeps a temperature to three decimals, so a value finer than the stored number holds is not an error", async () => {
    const { cookie } = await signUp(t);
    // Found by fuzzing: 1e-300 underflowed the single-precision column and the PATCH answered 500.
    expect((await patchOk(cookie, "legal", { temperature: 1e-300 })).settings.temperature).toBe(0);
    expect((await patchOk(cookie, "legal", { temperature: 0.70049 })).settings.temperature).toBe(0.7);
    expect((await patchOk(cookie, "legal", { temperature: 1.2345 })).settings.temperature).toBe(1.235);
  });

  it("answers 404 naming an unknown agent", async () => {
    const { cookie } = await signUp(t);
    const response = await patch(cookie, "qa-compliance", { enabled: true });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error:
        'No built-in agent "qa-compliance": the built-in agents are gtm, legal, vision, technical, fundraising',
      code: "NOT_FOUND",
    });
  });

  it("counts an agent's conversations and messages per UTC day, with the median answer time", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const { db } = t.database;
    const [coach] = await db
      .insert(customAgents)
      .values({
        userId: a.user.id,
        name: "Coach",
        systemPrompt: "Help.",
        apiEndpoint: `agent-coach-${a.user.id}`,
      })
      .returning();
    const [theirs] = await db
      .insert(customAgents)
      .values({
        userId: b.user.id,
        name: "Theirs",
        systemPrompt: "Help.",
        apiEndpoint: `agent-t-${b.user.id}`,
      })
      .returning();
    if (!coach || !theirs) throw new Error("no agents");
    const at = (iso: string) => new Date(iso);
    const conversation = async (
      userId: string,
      agentType: string,
      createdAt: string,
      customAgentId: string | null = null,
    ) => {
      const [row] = await db
        .insert(conversations)
        .values({ userId, agentType, title: "Chat", customAgentId, createdAt: at(createdAt) })
        .returning();
      if (!row) throw new Error("no conversation");
      return row.id;
    };
    const message = (
      conversationId: string,
      role: "user" | "assistant",
      createdAt: string,
      latencyMs: number | null = null,
    ) =>
      db.insert(messages).values({ conversationId, role, content: "…", createdAt: at(createdAt), latencyMs });

    // gtm, user a: two conversations today (one just after midnight UTC), one 13 days ago, one 14 days ago (outside).
    const today = await conversation(a.user.id, "gtm", "2026-03-20T00:00:01.000Z");
    await conversation(a.user.id, "gtm", "2026-03-20T08:00:00.000Z");
    const early = await conversation(a.user.id, "gtm", "2026-03-07T23:59:59.000Z");
    const tooOld = await conversation(a.user.id, "gtm", "2026-03-06T23:59:59.999Z");
    await message(today, "user", "2026-03-20T00:00:02.000Z", 5);
    await message(today, "assistant", "2026-03-20T00:00:03.000Z", 100);
    await message(today, "assistant", "2026-03-20T00:00:04.000Z", 300);
    await message(early, "assistant", "2026-03-07T23:59:59.500Z", 200);
    await message(early, "assistant", "2026-03-08T00:00:00.000Z", 1000);
    await message(early, "assistant", "2026-03-08T00:00:01.000Z", null);
    // Out of the period: answers of an old conversation before it, and one "tomorrow".
    await message(tooOld, "assistant", "2026-03-06T23:59:59.999Z", 50_000);
    await message(today, "assistant", "2026-03-21T00:00:00.000Z", 70_000);
    // Not gtm's: a custom agent's conversation of type gtm, another agent type, another user's gtm.
    const coachChat = await conversation(a.user.id, "gtm", "2026-03-19T12:00:00.000Z", coach.id);
    await message(coachChat, "user", "2026-03-19T12:00:01.000Z");
    await message(coachChat, "assistant", "2026-03-19T12:00:02.000Z", 40);
    await conversation(a.user.id, "legal", "2026-03-20T01:00:00.000Z");
    const bChat = await conversation(b.user.id, "gtm", "2026-03-20T01:00:00.000Z");
    await message(bChat, "assistant", "2026-03-20T01:00:01.000Z", 9_000);

    const get = async (cookie: string, key: string) => {
      const response = await t.request(`/api/agents/${key}/analytics`, { cookie });
      expect(response.status, key).toBe(200);
      return agentAnalyticsSchema.strict().parse(await response.json());
    };
    const gtm = await get(a.cookie, "gtm");
    expect(gtm.days).toHaveLength(AGENT_ANALYTICS_DAYS);
    expect(gtm.days[0]?.date).toBe("2026-03-07");
    expect(gtm.days.at(-1)?.date).toBe("2026-03-20");
    const busy = gtm.days.filter((day) => day.conversations > 0 || day.messages > 0);
    expect(busy).toEqual([
      { date: "2026-03-07", conversations: 1, messages: 1 },
      { date: "2026-03-08", conversations: 0, messages: 2 },
      { date: "2026-03-20", conversations: 2, messages: 3 },
    ]);
    // Answers 100, 300, 200, 1000 (the question's latency, the null one and those out of the period left out).
    expect(gtm.medianAnswerMs).toBe(250);
    expect(gtm.totalConversations).toBe(3);
    expect(gtm.totalMessages).toBe(6);

    const custom = await get(a.cookie, coach.id);
    expect(custom.days.filter((day) => day.conversations > 0 || day.messages > 0)).toEqual([
      { date: "2026-03-19", conversations: 1, messages: 2 },
    ]);
    expect(custom).toMatchObject({ medianAnswerMs: 40, totalConversations: 1, totalMessages: 2 });

    const quiet = await get(a.cookie, "vision");
    expect(quiet.days.every((day) => day.conversations === 0 && day.messages === 0)).toBe(true);
    expect(quiet).toMatchObject({ medianAnswerMs: null, totalConversations: 0, totalMessages: 0 });
    // Every date once, in order, one day apart.
    expect(quiet.days.map((day) => day.date)).toEqual(
      Array.from({ length: AGENT_ANALYTICS_DAYS }, (_, i) =>
        new Date(Date.UTC(2026, 2, 7 + i)).toISOString().slice(0, 10),
      ),
    );

    for (const key of [theirs.id, "qa-compliance", "nobody"]) {
      const response = await t.request(`/api/agents/${key}/analytics`, { cookie: a.cookie });
      expect(response.status, key).toBe(404);
      expect(await response.json()).toEqual({
        error: `No agent "${key}": not a built-in agent nor one of yours`,
        code: "NOT_FOUND",
      });
    }
  });
});
