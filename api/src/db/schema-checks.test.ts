// The value lists of @acp/contracts are CHECK constraints too: the database refuses what the API could never return.
import type { AnswerTrace } from "@acp/contracts/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { conversations, customAgents, messages, trainingJobs } from "./schema";

describe.each(engines)("schema value checks on %s", (engine) => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    userId = (await signUp(t)).user.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const job = { name: "Job", modelType: "gtm", epochs: 10, status: "pending" } as const;
  const agent = { name: "A", systemPrompt: "p", agentType: "custom", trainingStatus: "untrained" } as const;

  it("accepts the contract's values", async () => {
    const { db } = t.database;
    await db.insert(trainingJobs).values({ userId, ...job });
    await db.insert(customAgents).values({ userId, ...agent, apiEndpoint: `ok-${engine}` });
    const [conversation] = await db
      .insert(conversations)
      .values({ userId, agentType: "gtm", title: "T" })
      .returning();
    await db
      .insert(messages)
      .values({ conversationId: conversation?.id ?? "", role: "assistant", content: "hi" });
  });

  it.each([
    [
      "training job model type",
      () => t.database.db.insert(trainingJobs).values({ userId, ...job, modelType: "bogus" as never }),
    ],
    [
      "training job status",
      () => t.database.db.insert(trainingJobs).values({ userId, ...job, status: "paused" as never }),
    ],
    [
      "agent type",
      () =>
        t.database.db
          .insert(customAgents)
          .values({ userId, ...agent, agentType: "bogus" as never, apiEndpoint: "a1" }),
    ],
    [
      "training status",
      () =>
        t.database.db
          .insert(customAgents)
          .values({ userId, ...agent, trainingStatus: "done" as never, apiEndpoint: "a2" }),
    ],
  ])("refuses an unknown %s", async (_, insert) => {
    await expect(insert()).rejects.toThrow();
  });

  it("stores an interrupted answer and an answer's trace", async () => {
    const { db } = t.database;
    const [conversation] = await db
      .insert(conversations)
      .values({ userId, agentType: "gtm", title: "T" })
      .returning();
    const trace: AnswerTrace = {
      responder: "extractive",
      outcome: "abstained",
      answerType: null,
      questionLanguage: "en",
      terms: [{ term: "berth", weight: 1.5, found: false }],
      passages: [],
      chosen: [],
      shortAnswer: null,
      abstention: { best: null, reason: "No passage holds the question's terms." },
    };
    const [row] = await db
      .insert(messages)
      .values({
        conversationId: conversation?.id ?? "",
        role: "assistant",
        content: "",
        status: "interrupted",
        trace,
      })
      .returning();
    expect(row?.status).toBe("interrupted");
    expect(row?.trace).toEqual(trace);
    const [question] = await db
      .insert(messages)
      .values({ conversationId: conversation?.id ?? "", role: "user", content: "q" })
      .returning();
    expect(question?.trace).toBeNull();
  });

  it("refuses an unknown message status", async () => {
    const { db } = t.database;
    const [conversation] = await db
      .insert(conversations)
      .values({ userId, agentType: "gtm", title: "T" })
      .returning();
    await expect(
      db.insert(messages).values({
        conversationId: conversation?.id ?? "",
        role: "assistant",
        content: "x",
        status: "lost" as never,
      }),
    ).rejects.toThrow();
  });

  it("refuses an unknown message role", async () => {
    const { db } = t.database;
    const [conversation] = await db
      .insert(conversations)
      .values({ userId, agentType: "gtm", title: "T" })
      .returning();
    await expect(
      db
        .insert(messages)
        .values({ conversationId: conversation?.id ?? "", role: "system" as never, content: "x" }),
    ).rejects.toThrow();
  });
});
