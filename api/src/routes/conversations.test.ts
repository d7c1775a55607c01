// GET /api/conversations and /api/conversations/{id}/messages: own conversations only, 404 for anyone else's.
import { chatConversationSchema, chatMessageSchema } from "@acp/contracts/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conversations, messages } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";

const conversationListSchema = z.array(chatConversationSchema.strict());
const messageListSchema = z.array(chatMessageSchema.strict());

describe.each(engines)("conversations on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function insertConversation(userId: string, title: string, updatedAt: string) {
    const [row] = await t.database.db
      .insert(conversations)
      .values({
        userId,
        agentType: "gtm",
        title,
        createdAt: new Date(updatedAt),
        updatedAt: new Date(updatedAt),
      })
      .returning();
    if (!row) throw new Error("no conversation inserted");
    return row;
  }

  it("lists the user's conversations, most recently updated first, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const older = await insertConversation(a.user.id, "Pricing ideas", "2026-05-01T10:00:00.000Z");
    const newer = await insertConversation(a.user.id, "New GTM Conversation", "2026-05-03T10:00:00.000Z");
    await insertConversation(b.user.id, "B's chat", "2026-05-04T10:00:00.000Z");

    const response = await t.request("/api/conversations", { cookie: a.cookie });
    expect(response.status).toBe(200);
    expect(
      conversationListSchema
        .parse(await response.json())
        .map(({ id, agentType, title, customAgentId }) => ({ id, agentType, title, customAgentId })),
    ).toEqual([
      { id: newer.id, agentType: "gtm", title: "New GTM Conversation", customAgentId: null },
      { id: older.id, agentType: "gtm", title: "Pricing ideas", customAgentId: null },
    ]);
    const forB = conversationListSchema.parse(
      await (await t.request("/api/conversations", { cookie: b.cookie })).json(),
    );
    expect(forB.map((conversation) => conversation.title)).toEqual(["B's chat"]);
  });

  it("returns a conversation's messages oldest first", async () => {
    const a = await signUp(t);
    const chat = await insertConversation(a.user.id, "Launch plan", "2026-05-01T10:00:00.000Z");
    const other = await insertConversation(a.user.id, "Other", "2026-05-01T10:00:00.000Z");
    await t.database.db.insert(messages).values([
      {
        conversationId: chat.id,
        role: "assistant",
        content: "Here is a plan.",
        createdAt: new Date("2026-05-01T10:00:02.000Z"),
      },
      {
        conversationId: chat.id,
        role: "user",
        content: "Plan the launch",
        createdAt: new Date("2026-05-01T10:00:01.000Z"),
      },
      {
        conversationId: other.id,
        role: "user",
        content: "Elsewhere",
        createdAt: new Date("2026-05-01T10:00:00.000Z"),
      },
    ]);

    const response = await t.request(`/api/conversations/${chat.id}/messages`, { cookie: a.cookie });
    expect(response.status).toBe(200);
    const list = messageListSchema.parse(await response.json());
    expect(list.map(({ role, content, createdAt }) => ({ role, content, createdAt }))).toEqual([
      { role: "user", content: "Plan the launch", createdAt: "2026-05-01T10:00:01.000Z" },
      { role: "assistant", content: "Here is a plan.", createdAt: "2026-05-01T10:00:02.000Z" },
    ]);

    const empty = await insertConversation(a.user.id, "Quiet", "2026-05-02T10:00:00.000Z");
    const none = await t.request(`/api/conversations/${empty.id}/messages`, { cookie: a.cookie });
    expect(await none.json()).toEqual([]);
  });

  it("answers 404, not 403, for another user's conversation, exactly as for one that does not exist", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const secret = await insertConversation(a.user.id, "Secret", "2026-05-01T10:00:00.000Z");
    await t.database.db
      .insert(messages)
      .values({ conversationId: secret.id, role: "user", content: "private" });

    const theirs = await t.request(`/api/conversations/${secret.id}/messages`, { cookie: b.cookie });
    const missing = await t.request("/api/conversations/no-such-conversation/messages", { cookie: b.cookie });
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    const body = { error: "Conversation not found", code: "NOT_FOUND" };
    expect(await theirs.json()).toEqual(body);
    expect(await missing.json()).toEqual(body);
  });
});
