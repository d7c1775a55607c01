// The chat turn's one-statement read on both engines: the same conversation, history, agent, trained models and
// embedder that the separate reads it replaced return, and ownership exactly as getOwnedConversation checks it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import {
  agentTrainedModels,
  builtInAgentSettings,
  conversations,
  customAgents,
  messages,
  userEmbedders,
  users,
} from "../../db/schema";
import { createTestDatabase, engines } from "../../test/test-app";
import { getOwnedConversation } from "../conversations/get-owned-conversation";
import { fineTunedModelOf } from "../retrieval/rerank/trained-models";
import { HISTORY_MESSAGES, readChatTurn } from "./chat-turn-reads";
import { resolveChatAgent } from "./resolve-chat-agent";

describe.each(engines)("the chat turn's reads on %s", (engine) => {
  let database: Database;
  const ids = { a: crypto.randomUUID(), b: crypto.randomUUID() };
  beforeAll(async () => {
    database = await createTestDatabase(engine);
    await database.db.insert(users).values([
      { id: ids.a, email: `${ids.a}@example.test` },
      { id: ids.b, email: `${ids.b}@example.test` },
    ]);
  });
  afterAll(async () => {
    await database?.close();
  });

  async function conversation(userId: string, values: { agentType?: string; customAgentId?: string } = {}) {
    const [row] = await database.db
      .insert(conversations)
      .values({
        userId,
        agentType: values.agentType ?? "gtm",
        title: "t",
        customAgentId: values.customAgentId,
      })
      .returning();
    if (!row) throw new Error("no conversation");
    return row;
  }

  it("reads the last messages oldest first, without failed answers or empty messages", async () => {
    const chat = await conversation(ids.a);
    const start = Date.parse("2026-01-01T00:00:00Z");
    const rows = Array.from({ length: HISTORY_MESSAGES + 5 }, (_, i) => ({
      conversationId: chat.id,
      role: i % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content: `message ${i}`,
      createdAt: new Date(start + i * 1000),
    }));
    // A failed answer is not history and does not take a place among the last ones; a blank one takes its place.
    rows.push({
      conversationId: chat.id,
      role: "assistant",
      content: "failed",
      createdAt: new Date(start + 99_000),
    });
    rows.push({
      conversationId: chat.id,
      role: "user",
      content: "   ",
      createdAt: new Date(start + 100_000),
    });
    await database.db
      .insert(messages)
      .values(rows.map((row) => (row.content === "failed" ? { ...row, status: "failed" as const } : row)));
    const reads = await readChatTurn({ db: database.db, userId: ids.a, conversationId: chat.id });
    // The 40 newest that are not failed: the blank one (dropped after the read) and messages 6..44.
    expect(reads.history.map((turn) => turn.content)).toEqual(
      Array.from({ length: HISTORY_MESSAGES - 1 }, (_, i) => `message ${i + 6}`),
    );
    expect(reads.history[0]?.role).toBe("user");
    expect(reads.conversation).toEqual(
      await getOwnedConversation({ db: database.db, userId: ids.a, conversationId: chat.id }),
    );
  });

  it("answers NOT_FOUND for another user's conversation and one that does not exist", async () => {
    const chat = await conversation(ids.a);
    for (const [userId, conversationId] of [
      [ids.b, chat.id],
      [ids.a, crypto.randomUUID()],
    ] as const) {
      await expect(readChatTurn({ db: database.db, userId, conversationId })).rejects.toMatchObject({
        code: "NOT_FOUND",
        message: "Conversation not found",
      });
    }
  });

  it("resolves a built-in agent with the user's settings, its trained models and the user's embedder", async () => {
    const user = crypto.randomUUID();
    await database.db.insert(users).values({ id: user, email: `${user}@example.test` });
    const plain = await conversation(user, { agentType: "legal" });
    // Nothing stored yet: the defaults, no trained models, no embedder row.
    const before = await readChatTurn({ db: database.db, userId: user, conversationId: plain.id });
    expect(before.agent).toEqual(
      await resolveChatAgent({ db: database.db, userId: user, conversation: plain }),
    );
    expect(before.known).toEqual({ embedder: null, rerankerId: null, fineTunedModel: null });

    await database.db.insert(builtInAgentSettings).values({
      userId: user,
      agentId: "legal",
      enabled: true,
      systemPrompt: null,
      model: "own-model",
      temperature: 0.25,
      topK: 7,
    });
    const [reranker] = await database.db
      .insert(agentTrainedModels)
      .values({ userId: user, agentKey: "legal", kind: "reranker", artifact: new Uint8Array([1, 2, 3]) })
      .returning();
    await database.db
      .insert(agentTrainedModels)
      .values({ userId: user, agentKey: "legal", kind: "fine-tuned-chat", modelId: "ft:legal" });
    // Another agent's and another user's rows are not this turn's.
    await database.db
      .insert(agentTrainedModels)
      .values({ userId: user, agentKey: "gtm", kind: "fine-tuned-chat", modelId: "ft:gtm" });
    await database.db
      .insert(agentTrainedModels)
      .values({ userId: ids.b, agentKey: "legal", kind: "fine-tuned-chat", modelId: "ft:other" });
    await database.db.insert(userEmbedders).values({ userId: user, active: "some-embedder" });

    const after = await readChatTurn({ db: database.db, userId: user, conversationId: plain.id });
    expect(after.agent).toEqual(
      await resolveChatAgent({ db: database.db, userId: user, conversation: plain }),
    );
    expect(after.agent?.settings).toMatchObject({ model: "own-model", temperature: 0.25, topK: 7 });
    expect(after.known).toEqual({
      embedder: "some-embedder",
      rerankerId: reranker?.id,
      fineTunedModel: await fineTunedModelOf(database.db, { userId: user, agentKey: "legal" }),
    });
    expect(after.known.fineTunedModel).toBe("ft:legal");

    // A type that names no built-in agent (a data source's) answers with the generic prompt, keyed by the type.
    const qa = await conversation(user, { agentType: "qa" });
    const target = await readChatTurn({ db: database.db, userId: user, conversationId: qa.id });
    expect(target.agent).toEqual(await resolveChatAgent({ db: database.db, userId: user, conversation: qa }));
  });

  it("resolves a custom agent, keys its trained models by its id, and finds none for another user's agent", async () => {
    const [agent] = await database.db
      .insert(customAgents)
      .values({
        userId: ids.a,
        name: "Pricing desk",
        systemPrompt: "Answer about prices.",
        apiEndpoint: `pricing-${crypto.randomUUID()}`,
        model: null,
        temperature: 0.5,
        topK: 4,
      })
      .returning();
    if (!agent) throw new Error("no agent");
    await database.db
      .insert(agentTrainedModels)
      .values({ userId: ids.a, agentKey: agent.id, kind: "fine-tuned-chat", modelId: "ft:pricing" });
    const chat = await conversation(ids.a, { agentType: "custom", customAgentId: agent.id });
    const reads = await readChatTurn({ db: database.db, userId: ids.a, conversationId: chat.id });
    expect(reads.agent).toEqual(
      await resolveChatAgent({ db: database.db, userId: ids.a, conversation: chat }),
    );
    expect(reads.agent?.retrievalAgentId).toBe(agent.id);
    expect(reads.known.fineTunedModel).toBe("ft:pricing");

    // A conversation naming another user's agent has no agent (the turn fails as resolveChatAgent does).
    const theirs = await conversation(ids.b, { agentType: "custom", customAgentId: agent.id });
    const foreign = await readChatTurn({ db: database.db, userId: ids.b, conversationId: theirs.id });
    expect(foreign.agent).toBeUndefined();
    await expect(
      resolveChatAgent({ db: database.db, userId: ids.b, conversation: theirs }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
