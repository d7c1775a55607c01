// GET /api/custom-agents: the user's own agents, newest first, in the contract's shape.
import { customAgentSchema } from "@acp/contracts/entities";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { customAgents } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const agentListSchema = z.array(customAgentSchema.strict());

describe.each(engines)("GET /api/custom-agents on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("returns the user's agents newest first, never another user's", async () => {
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
        trainingStatus: "trained",
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
        trainingStatus: "trained",
        createdAt: "2026-03-02T10:00:00.000Z",
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
      },
    ]);

    const forB = agentListSchema.parse(
      await (await t.request("/api/custom-agents", { cookie: b.cookie })).json(),
    );
    expect(forB.map((agent) => agent.name)).toEqual(["B's agent"]);
  });
});
