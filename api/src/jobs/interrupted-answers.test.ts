// Questions left without an answer get one marked interrupted, placed right after them, once; answered questions and
// questions a live process may still be answering are never marked (on both engines).
import { type ChatMessage, chatMessageSchema } from "@acp/contracts/chat";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conversations, messages } from "../db/schema";
import type { Responder } from "../providers/chat-model/responder";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import {
  INTERRUPTED_ERROR,
  longestTurnMs,
  markInterruptedAnswers,
  startInterruptedAnswerSweep,
  unansweredQuestions,
} from "./interrupted-answers";

describe("matching answers to questions", () => {
  const match = (roles: string) =>
    unansweredQuestions(
      [...roles].map((letter, index) => ({ index, role: letter === "q" ? "user" : "assistant" }) as const),
    ).map((message) => message.index);
  it("walks back from the newest message: each question takes the nearest answer after it still free", () => {
    expect(match("qa")).toEqual([]);
    expect(match("q")).toEqual([0]);
    // A crash, then the user asked again and was answered: the first question is the unanswered one.
    expect(match("qqa")).toEqual([0]);
    // Two questions asked at once, both answered.
    expect(match("qqaa")).toEqual([]);
    expect(match("qaqqaq")).toEqual([2, 5]);
    expect(match("")).toEqual([]);
  });
});

/** A responder that stays mid-answer until released: a live process answering. */
function heldResponder(): Responder & { started: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  let markStarted: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  return {
    info: { provider: "openai", model: "held-test-model", offline: false },
    started,
    release,
    async answer({ onToken }) {
      onToken("Still ");
      markStarted();
      await released;
      onToken("answering.");
      return {
        content: "Still answering.",
        model: "held-test-model",
        promptTokens: 1,
        completionTokens: 2,
        stopped: false,
      };
    },
  };
}

describe.each(engines)("interrupted answers on %s", (engine) => {
  let t: TestApp;
  const responder = heldResponder();
  beforeAll(async () => {
    t = await createTestApp(engine, { overrides: { responder } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const minAgeMs = () => longestTurnMs(t.config);
  const ago = (ms: number) => new Date(Date.now() - ms);

  /** A conversation holding `turns` as a crash (or a finished turn) leaves them, each `[role, age in ms]`. */
  async function conversationWith(userId: string, turns: [ChatMessage["role"], number][]) {
    const [conversation] = await t.database.db
      .insert(conversations)
      .values({ userId, agentType: "gtm", title: "Turns" })
      .returning();
    if (!conversation) throw new Error("no conversation");
    for (const [index, [role, age]] of turns.entries()) {
      await t.database.db.insert(messages).values({
        conversationId: conversation.id,
        role,
        content: role === "user" ? `Question ${index}` : `Answer ${index}`,
        createdAt: ago(age),
      });
    }
    return conversation.id;
  }

  async function listed(cookie: string, conversationId: string): Promise<ChatMessage[]> {
    const response = await t.request(`/api/conversations/${conversationId}/messages`, { cookie });
    expect(response.status).toBe(200);
    return z.array(chatMessageSchema).parse(await response.json());
  }
  const shape = (list: ChatMessage[]) =>
    list.map((m) => (m.status === "interrupted" ? `${m.role}:interrupted` : `${m.role}:${m.content}`));

  it("stores an empty answer marked interrupted right after each unanswered old question, once", async () => {
    const a = await signUp(t);
    const old = minAgeMs() + 60_000;
    const lone = await conversationWith(a.user.id, [["user", old]]);
    // Asked again after the crash and answered: the interrupted answer goes between, not at the end.
    const askedAgain = await conversationWith(a.user.id, [
      ["user", old + 5_000],
      ["user", old],
      ["assistant", old - 1_000],
    ]);
    const answered = await conversationWith(a.user.id, [
      ["user", old + 5_000],
      ["assistant", old + 4_000],
    ]);
    const askedTogether = await conversationWith(a.user.id, [
      ["user", old + 4_000],
      ["user", old + 3_000],
      ["assistant", old + 2_000],
      ["assistant", old + 1_000],
    ]);
    // Young: a live process may still be answering it.
    const young = await conversationWith(a.user.id, [["user", 5_000]]);

    // Two passes at once (two API processes): each question is marked by one of them.
    const passes = await Promise.all([
      markInterruptedAnswers(t.deps, { minAgeMs: minAgeMs() }),
      markInterruptedAnswers(t.deps, { minAgeMs: minAgeMs() }),
    ]);
    expect(passes.flat()).toHaveLength(2);
    expect(await markInterruptedAnswers(t.deps, { minAgeMs: minAgeMs() })).toEqual([]);

    const [question, interrupted] = await listed(a.cookie, lone);
    expect(interrupted).toMatchObject({
      role: "assistant",
      status: "interrupted",
      content: "",
      error: INTERRUPTED_ERROR,
      sources: [],
      model: null,
      trace: null,
    });
    expect(Date.parse(interrupted?.createdAt ?? "")).toBeGreaterThan(Date.parse(question?.createdAt ?? ""));
    expect(shape(await listed(a.cookie, askedAgain))).toEqual([
      "user:Question 0",
      "assistant:interrupted",
      "user:Question 1",
      "assistant:Answer 2",
    ]);
    expect(shape(await listed(a.cookie, answered))).toEqual(["user:Question 0", "assistant:Answer 1"]);
    expect(shape(await listed(a.cookie, askedTogether))).toEqual([
      "user:Question 0",
      "user:Question 1",
      "assistant:Answer 2",
      "assistant:Answer 3",
    ]);
    expect(shape(await listed(a.cookie, young))).toEqual(["user:Question 0"]);
  });

  it("never marks a question this process is answering; the answer is stored as usual", async () => {
    const a = await signUp(t);
    const created = await t.request("/api/conversations", {
      cookie: a.cookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "gtm", title: "Live" }),
    });
    const { id: conversationId } = (await created.json()) as { id: string };
    const asking = t.request("/api/chat", {
      cookie: a.cookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conversationId, message: "Are you still there?" }),
    });
    await responder.started;
    expect(await markInterruptedAnswers(t.deps, { minAgeMs: minAgeMs() })).toEqual([]);
    responder.release();
    expect((await asking).status).toBe(200);
    expect(shape(await listed(a.cookie, conversationId))).toEqual([
      "user:Are you still there?",
      "assistant:Still answering.",
    ]);
  });

  it("at start-up marks every unanswered question on PGlite (one process owns it), only old ones on PostgreSQL", async () => {
    const a = await signUp(t);
    const young = await conversationWith(a.user.id, [["user", 2_000]]);
    const sweep = startInterruptedAnswerSweep(t.deps, { intervalMs: 3_600_000 });
    await sweep.ready;
    await sweep.stop();
    expect(shape(await listed(a.cookie, young))).toEqual(
      engine === "pglite" ? ["user:Question 0", "assistant:interrupted"] : ["user:Question 0"],
    );
  });
});
