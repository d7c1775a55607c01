// POST /api/chat and the conversations around it, on both engines: validation, ownership, grounding with citations on
// a real document, abstaining on unrelated questions, follow-ups retrieved with the conversation's context, streaming,
// stop and disconnect, and provider failures.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import {
  type ChatConversation,
  type ChatMessage,
  chatConversationSchema,
  chatMessageSchema,
  chatResponseSchema,
} from "@acp/contracts/chat";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { messages } from "../db/schema";
import { createLogger } from "../lib/logger";
import { ChatModelError, type Responder } from "../providers/chat-model/responder";
import { createResponder } from "../services/chat/create-responder";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../test/fake-openai-server";
import { realWorldFixturesDir } from "../test/files";
import { createTestApp, engines, signUp, type TestApp, testConfig } from "../test/test-app";
import { uploadOk, waitForDocument } from "../test/uploads";

type SseEvent = { event: string; data: unknown };

/** Reads a whole server-sent events body into its events (comment lines dropped). */
async function readEvents(response: Response): Promise<{ events: SseEvent[]; comments: number }> {
  const text = await response.text();
  const events: SseEvent[] = [];
  let comments = 0;
  for (const block of text.split("\n\n")) {
    if (block.trim() === "") continue;
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) comments += 1;
      else if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ event, data: JSON.parse(data.join("\n")) });
  }
  return { events, comments };
}

/** The answer's sentences without markers or Markdown escapes: what must appear word for word in a cited passage. */
function answerSentences(content: string): string[] {
  return content
    .replace(/\[\d+\]/g, "")
    .replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, "$1")
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/))
    .map((sentence) => sentence.replace(/^[-*\d.)\s]+/, "").trim())
    .filter((sentence) => sentence.length > 0);
}

/** The stored message of the stream's last event. */
function finalMessage(events: readonly SseEvent[]): ChatMessage {
  const data = events.at(-1)?.data as { message?: unknown } | undefined;
  return chatMessageSchema.parse(data?.message);
}

const normalise = (text: string) => text.replace(/\s+/g, " ").trim();

/** A responder that writes `words` one every `delayMs`, until its signal stops it (the route's stop semantics). */
function slowResponder(words: string[], delayMs: number): Responder & { started: Promise<void> } {
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  return {
    info: { provider: "openai", model: "slow-test-model", offline: false },
    started,
    async answer({ signal, onToken }) {
      let content = "";
      markStarted();
      for (const word of words) {
        if (signal.aborted) break;
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (signal.aborted) break;
        content += word;
        onToken(word);
      }
      return {
        content,
        model: "slow-test-model",
        promptTokens: 10,
        completionTokens: content.length,
        stopped: signal.aborted,
      };
    },
  };
}

/**
 * A responder that writes its first word, then waits until `release()` before writing the rest: a test acts while an
 * answer is being written (deletes its conversation), then lets it finish. `started` resolves at each answer's start.
 */
function gatedResponder(words: string[]): Responder & {
  started: () => Promise<void>;
  release: () => void;
} {
  const deferred = () => {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  };
  let gate = deferred();
  let start = deferred();
  return {
    info: { provider: "openai", model: "gated-test-model", offline: false },
    started: () => start.promise,
    release: () => gate.resolve(),
    async answer({ onToken }) {
      const [first = "", ...rest] = words;
      onToken(first);
      start.resolve();
      await gate.promise;
      gate = deferred();
      start = deferred();
      for (const word of rest) onToken(word);
      const content = words.join("");
      return { content, model: "gated-test-model", promptTokens: 1, completionTokens: 1, stopped: false };
    },
  };
}

function failingResponder(error: ChatModelError): Responder {
  return {
    info: { provider: "openai", model: "failing-test-model", offline: false },
    async answer({ onToken }) {
      onToken("Partial ");
      throw error;
    },
  };
}

describe.each(engines)("chat on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  const json = (cookie: string, method: string, body: unknown) => ({
    cookie,
    method,
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

  async function newConversation(cookie: string, agentType = "gtm", title = "New GTM Conversation") {
    const response = await t.request("/api/conversations", json(cookie, "POST", { agentType, title }));
    expect(response.status).toBe(201);
    return chatConversationSchema.parse(await response.json());
  }

  async function ask(app: TestApp, cookie: string, conversationId: string, message: string) {
    const response = await app.request("/api/chat", json(cookie, "POST", { conversationId, message }));
    expect(response.status, await response.clone().text()).toBe(200);
    return chatResponseSchema.parse(await response.json());
  }

  async function messagesOf(app: TestApp, cookie: string, conversationId: string): Promise<ChatMessage[]> {
    const response = await app.request(`/api/conversations/${conversationId}/messages`, { cookie });
    expect(response.status).toBe(200);
    return z.array(chatMessageSchema).parse(await response.json());
  }

  async function uploadText(cookie: string, name: string, text: string, fields: Record<string, string> = {}) {
    const [document] = await uploadOk(t, cookie, [{ name, content: text, type: "text/plain" }], fields);
    if (!document) throw new Error("nothing uploaded");
    const done = await waitForDocument(t, cookie, document.id);
    expect(done.document.status).toBe("completed");
    return document.id;
  }

  it("refuses a blank message, a missing conversation id and another user's conversation", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const chat = await newConversation(a.cookie);
    const blank = await t.request(
      "/api/chat",
      json(a.cookie, "POST", { conversationId: chat.id, message: "   " }),
    );
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: string }).error).toContain("Please enter a message");
    const missing = await t.request("/api/chat", json(a.cookie, "POST", { message: "hello" }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: string }).error).toMatch(/conversationId/);
    for (const accept of ["application/json", "text/event-stream"]) {
      const foreign = await t.request("/api/chat", {
        ...json(b.cookie, "POST", { conversationId: chat.id, message: "hello" }),
        headers: { "content-type": "application/json", accept },
      });
      expect(foreign.status).toBe(404);
      expect(foreign.headers.get("content-type")).toContain("application/json");
    }
    expect(await messagesOf(t, a.cookie, chat.id)).toEqual([]);
    const unsigned = await t.request("/api/chat", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ conversationId: chat.id, message: "hello" }),
    });
    expect(unsigned.status).toBe(401);
  });

  it("creates, lists per agent, renames and deletes conversations, never another user's", async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const gtm = await newConversation(a.cookie, "gtm", "Pricing");
    const legal = await newConversation(a.cookie, "legal", "Contracts");
    const list = async (cookie: string, query = "") =>
      z
        .array(chatConversationSchema)
        .parse(await (await t.request(`/api/conversations${query}`, { cookie })).json())
        .map((c: ChatConversation) => c.title);
    expect(await list(a.cookie)).toEqual(["Contracts", "Pricing"]);
    expect(await list(a.cookie, "?agentType=gtm")).toEqual(["Pricing"]);
    expect(await list(b.cookie)).toEqual([]);

    const renamed = await t.request(
      `/api/conversations/${gtm.id}`,
      json(a.cookie, "PATCH", { title: " Q3 pricing\u202e " }),
    );
    expect(renamed.status).toBe(200);
    expect(chatConversationSchema.parse(await renamed.json()).title).toBe("Q3 pricing");
    const blankTitle = await t.request(
      `/api/conversations/${gtm.id}`,
      json(a.cookie, "PATCH", { title: " " }),
    );
    expect(blankTitle.status).toBe(400);
    expect(
      (await t.request(`/api/conversations/${gtm.id}`, json(b.cookie, "PATCH", { title: "x" }))).status,
    ).toBe(404);
    expect(
      (await t.request(`/api/conversations/${gtm.id}`, { cookie: b.cookie, method: "DELETE" })).status,
    ).toBe(404);

    await ask(t, a.cookie, legal.id, "Hello there");
    expect(
      (await t.request(`/api/conversations/${legal.id}`, { cookie: a.cookie, method: "DELETE" })).status,
    ).toBe(204);
    expect((await t.request(`/api/conversations/${legal.id}/messages`, { cookie: a.cookie })).status).toBe(
      404,
    );
    expect(await list(a.cookie)).toEqual(["Q3 pricing"]);

    const foreignAgent = await t.request(
      "/api/conversations",
      json(b.cookie, "POST", { agentType: "custom", title: "Hijack", customAgentId: "no-such-agent" }),
    );
    expect(foreignAgent.status).toBe(404);
  });

  it.runIf(realWorldFixturesDir() !== null)(
    "answers from an uploaded real document, citing it with its page, every sentence found in a cited passage",
    async () => {
      const a = await signUp(t);
      const dir = realWorldFixturesDir() as string;
      const pdf = await readFile(path.join(dir, "federal-register-2020-17221.pdf"));
      const [document] = await uploadOk(t, a.cookie, [
        { name: "federal-register-2020-17221.pdf", content: pdf, type: "application/pdf" },
      ]);
      if (!document) throw new Error("nothing uploaded");
      await waitForDocument(t, a.cookie, document.id, { timeoutMs: 120_000 });
      const chat = await newConversation(a.cookie);
      const { userMessage, message } = await ask(
        t,
        a.cookie,
        chat.id,
        "Which Boeing airplanes does the proposed airworthiness directive apply to?",
      );
      expect(userMessage).toMatchObject({ role: "user", status: "complete", sources: [] });
      expect(message).toMatchObject({ role: "assistant", status: "complete", model: "grounded-responder" });
      const cited = message.sources.filter((source) => source.cited);
      expect(cited.length).toBeGreaterThan(0);
      for (const source of cited) {
        expect(source.documentId).toBe(document.id);
        expect(source.location?.kind).toBe("page");
        expect(message.content).toContain(`[${source.number}]`);
      }
      // Every marker in the text points at a source; every sentence is one of a cited passage's.
      for (const marker of message.content.matchAll(/\[(\d+)\]/g)) {
        expect(cited.map((source) => source.number)).toContain(Number(marker[1]));
      }
      const citedText = normalise(cited.map((source) => source.excerpt).join(" "));
      for (const sentence of answerSentences(message.content))
        expect(citedText).toContain(normalise(sentence));
      expect(message.content).toMatch(/737/);
      expect(message.promptTokens).toBeGreaterThan(0);
      expect(message.completionTokens).toBeGreaterThan(0);
      // Stored as returned.
      expect(await messagesOf(t, a.cookie, chat.id)).toEqual([userMessage, message]);

      // Unrelated questions: the search still finds passages above its threshold, the answer says it does not know.
      for (const question of [
        "What is our parental leave policy?",
        "What was last quarter's revenue?",
        "What dose of ibuprofen is safe for a child?",
      ]) {
        const unrelated = await ask(t, a.cookie, chat.id, question);
        expect(unrelated.message.sources.filter((source) => source.cited)).toEqual([]);
        expect(unrelated.message.content).not.toMatch(/\[\d+\]/);
        expect(unrelated.message.content.length).toBeGreaterThan(0);
      }
    },
    180_000,
  );

  it("retrieves a follow-up question with the conversation's context", async () => {
    const a = await signUp(t);
    await uploadText(
      a.cookie,
      "zephyr.txt",
      "The Zephyr X200 wind turbine is our flagship product for coastal sites. It produces 2.5 megawatts at rated wind speed.\n\nThe Zephyr X200 costs 1,850,000 EUR per unit, installation included.",
    );
    await uploadText(
      a.cookie,
      "harbor.txt",
      "The Harbor Pump HP-9 moves seawater for desalination plants.\n\nThe Harbor Pump HP-9 costs 42,000 EUR per unit.",
    );
    const chat = await newConversation(a.cookie);
    const first = await ask(t, a.cookie, chat.id, "Tell me about the Zephyr X200 wind turbine.");
    expect(first.message.sources[0]?.documentName).toBe("zephyr.txt");
    const followUp = await ask(t, a.cookie, chat.id, "And what about its price?");
    const top = followUp.message.sources[0];
    expect(top?.documentName).toBe("zephyr.txt");
    expect(followUp.message.content).toContain("1,850,000 EUR");
    expect(followUp.message.content).not.toContain("42,000");
  });

  it("streams server-sent events: start, tokens, then one done with the stored answer", async () => {
    const a = await signUp(t);
    await uploadText(
      a.cookie,
      "playbook.txt",
      "Our sales playbook targets mid-market logistics firms in Germany.",
    );
    const chat = await newConversation(a.cookie);
    const response = await t.request("/api/chat", {
      ...json(a.cookie, "POST", {
        conversationId: chat.id,
        message: "Which firms does the sales playbook target?",
      }),
      headers: { "content-type": "application/json", accept: "text/event-stream" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    const { events, comments } = await readEvents(response);
    expect(comments).toBeGreaterThan(0);
    expect(events[0]?.event).toBe("start");
    expect(events.at(-1)?.event).toBe("done");
    expect(events.filter((e) => e.event === "done" || e.event === "error")).toHaveLength(1);
    const tokens = events.filter((e) => e.event === "token").map((e) => (e.data as { text: string }).text);
    expect(tokens.length).toBeGreaterThan(1);
    const done = finalMessage(events);
    expect(tokens.join("")).toBe(done.content);
    expect(done.content).toContain("mid-market logistics firms");
    expect((await messagesOf(t, a.cookie, chat.id)).at(-1)).toEqual(done);
  });

  it("sends the final event even when nothing was found", async () => {
    const a = await signUp(t);
    const chat = await newConversation(a.cookie);
    const response = await t.request("/api/chat", {
      ...json(a.cookie, "POST", { conversationId: chat.id, message: "What is our refund policy?" }),
      headers: { "content-type": "application/json", accept: "text/event-stream" },
    });
    const { events } = await readEvents(response);
    const done = finalMessage(events);
    expect(events.at(-1)?.event).toBe("done");
    expect(done.sources).toEqual([]);
    expect(done.content.length).toBeGreaterThan(0);
  });
});

describe.each(engines)("stopping and failing answers on %s", (engine) => {
  const json = (cookie: string, body: unknown, accept = "text/event-stream") => ({
    cookie,
    method: "POST",
    headers: { "content-type": "application/json", accept },
    body: JSON.stringify(body),
  });

  async function conversationFor(t: TestApp, cookie: string) {
    const response = await t.request("/api/conversations", {
      cookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "gtm", title: "New GTM Conversation" }),
    });
    return chatConversationSchema.parse(await response.json());
  }

  async function storedAnswers(t: TestApp, cookie: string, conversationId: string) {
    const response = await t.request(`/api/conversations/${conversationId}/messages`, { cookie });
    return z
      .array(chatMessageSchema)
      .parse(await response.json())
      .filter((m) => m.role === "assistant");
  }

  async function until(check: () => Promise<boolean>, timeoutMs = 10_000) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error("condition not met in time");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("a client that goes away mid-answer stops the model; the partial answer is stored once, marked stopped", async () => {
    const responder = slowResponder(
      ["One ", "two ", "three ", "four ", "five ", "six ", "seven ", "eight "],
      60,
    );
    const t = await createTestApp(engine, { overrides: { responder } });
    try {
      const a = await signUp(t);
      const chat = await conversationFor(t, a.cookie);
      const response = await t.request(
        "/api/chat",
        json(a.cookie, { conversationId: chat.id, message: "Count" }),
      );
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let seen = "";
      while (!seen.includes("event: token")) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value);
      }
      await reader.cancel();
      await until(async () => (await storedAnswers(t, a.cookie, chat.id)).length === 1);
      const [answer] = await storedAnswers(t, a.cookie, chat.id);
      expect(answer?.status).toBe("stopped");
      expect(answer?.content.startsWith("One ")).toBe(true);
      expect(answer?.content).not.toContain("eight");
      // Nothing more arrives later: one stored answer.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await storedAnswers(t, a.cookie, chat.id)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it("Stop (the request aborted) stores the partial answer, marked stopped", async () => {
    const responder = slowResponder(["Alpha ", "beta ", "gamma ", "delta ", "epsilon ", "zeta "], 60);
    const t = await createTestApp(engine, { overrides: { responder } });
    try {
      const a = await signUp(t);
      const chat = await conversationFor(t, a.cookie);
      const controller = new AbortController();
      const response = await t.request("/api/chat", {
        ...json(a.cookie, { conversationId: chat.id, message: "Letters" }),
        signal: controller.signal,
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      await reader.read();
      await responder.started;
      await new Promise((resolve) => setTimeout(resolve, 150));
      controller.abort();
      await reader.cancel().catch(() => undefined);
      await until(async () => (await storedAnswers(t, a.cookie, chat.id)).length === 1);
      const [answer] = await storedAnswers(t, a.cookie, chat.id);
      expect(answer?.status).toBe("stopped");
      expect(answer?.content).toMatch(/^Alpha /);
      expect(answer?.content).not.toContain("zeta");
    } finally {
      await t.close();
    }
  });

  it("a conversation deleted mid-answer (or with its agent) ends the request with 404 or a final error event, storing nothing", async () => {
    const responder = gatedResponder(["The ", "confidential ", "answer ", "about the Orion merger"]);
    const t = await createTestApp(engine, { overrides: { responder } });
    try {
      const a = await signUp(t);
      const cases = [
        { accept: "application/json", remove: "conversation" },
        { accept: "text/event-stream", remove: "conversation" },
        { accept: "application/json", remove: "agent" },
        { accept: "text/event-stream", remove: "agent" },
      ] as const;
      for (const { accept, remove } of cases) {
        let conversationId: string;
        let deletePath: string;
        if (remove === "agent") {
          const created = await t.request("/api/custom-agents", {
            cookie: a.cookie,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: `Deal desk ${accept}`, systemPrompt: "You answer deal questions." }),
          });
          expect(created.status).toBe(201);
          const agent = (await created.json()) as { id: string };
          const chat = await t.request("/api/conversations", {
            cookie: a.cookie,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ agentType: "custom", title: "Deals", customAgentId: agent.id }),
          });
          expect(chat.status).toBe(201);
          conversationId = chatConversationSchema.parse(await chat.json()).id;
          deletePath = `/api/custom-agents/${agent.id}`;
        } else {
          conversationId = (await conversationFor(t, a.cookie)).id;
          deletePath = `/api/conversations/${conversationId}`;
        }
        const asking = t.request(
          "/api/chat",
          json(a.cookie, { conversationId, message: "What about the Orion merger?" }, accept),
        );
        await responder.started();
        const deleted = await t.request(deletePath, { cookie: a.cookie, method: "DELETE" });
        expect(deleted.status, `${remove} ${accept}`).toBe(204);
        responder.release();
        const response = await asking;
        if (accept === "application/json") {
          expect(response.status, `${remove} ${accept}`).toBe(404);
          const body = (await response.json()) as { error: string; code: string };
          expect(body).toEqual({
            code: "NOT_FOUND",
            error: "This conversation was deleted while it was being answered.",
          });
        } else {
          expect(response.status).toBe(200);
          const { events } = await readEvents(response);
          expect(events[0]?.event).toBe("start");
          expect(events.at(-1)).toEqual({
            event: "error",
            data: { error: "This conversation was deleted while it was being answered.", message: null },
          });
        }
        const left = await t.database.db
          .select()
          .from(messages)
          .where(eq(messages.conversationId, conversationId));
        expect(left).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });

  it("an answer the database refuses is logged without its text, the query's parameters or the row", async () => {
    const secret = "Top secret: the acquisition price is 41.7 million, key sk-live-9f8e7d6c5b4a39281706";
    // The answer's token count overflows its integer column: a real insert failure with the answer among its values.
    const responder: Responder = {
      info: { provider: "openai", model: "overflowing-test-model", offline: false },
      async answer({ onToken }) {
        onToken(secret);
        return {
          content: secret,
          model: "overflowing-test-model",
          promptTokens: 2 ** 40,
          completionTokens: 1,
          stopped: false,
        };
      },
    };
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(engine, {
      overrides: { responder, logger: createLogger(testConfig({ logLevel: "info" }), sink) },
    });
    try {
      const a = await signUp(t);
      const chat = await conversationFor(t, a.cookie);
      const plain = await t.request(
        "/api/chat",
        json(a.cookie, { conversationId: chat.id, message: "What is the price?" }, "application/json"),
      );
      expect(plain.status).toBe(500);
      expect(await plain.text()).not.toContain("41.7");
      const streamed = await readEvents(
        await t.request("/api/chat", json(a.cookie, { conversationId: chat.id, message: "And the price?" })),
      );
      expect(streamed.events.at(-1)).toMatchObject({ event: "error", data: { message: null } });
      const errors = lines
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { code?: string } })
        .filter((entry) => entry.err);
      expect(errors.map((entry) => entry.msg)).toEqual(["unhandled error", "chat stream failed"]);
      const logged = lines.join("\n");
      for (const fragment of ["41.7", "acquisition", "sk-live", "What is the price", '"params"', chat.id]) {
        expect(logged).not.toContain(fragment);
      }
      // Still useful: the SQLSTATE (22003, numeric value out of range) and where it failed.
      for (const entry of errors) expect(JSON.stringify(entry.err)).toContain("22003");
    } finally {
      await t.close();
    }
  });

  it("a provider failure ends the stream with an error event and a stored failed answer; JSON answers its status", async () => {
    const cases = [
      {
        error: new ChatModelError("rate-limited", "The chat model is busy: try again in 30 seconds.", {
          retryAfterSeconds: 30,
          partial: "Partial ",
        }),
        status: 429,
        retryAfter: "30",
      },
      {
        error: new ChatModelError("unavailable", "The chat model's server failed (500).", {
          partial: "Partial ",
        }),
        status: 503,
      },
      {
        error: new ChatModelError("timeout", "The chat model did not answer within 90 seconds.", {
          partial: "Partial ",
        }),
        status: 504,
      },
      {
        error: new ChatModelError("unauthorized", "The chat model rejected the API key.", {
          partial: "Partial ",
        }),
        status: 502,
      },
    ];
    for (const { error, status, retryAfter } of cases) {
      const t = await createTestApp(engine, { overrides: { responder: failingResponder(error) } });
      try {
        const a = await signUp(t);
        const chat = await conversationFor(t, a.cookie);
        const streamed = await readEvents(
          await t.request("/api/chat", json(a.cookie, { conversationId: chat.id, message: "Hi" })),
        );
        const last = streamed.events.at(-1);
        expect(last?.event).toBe("error");
        const data = last?.data as { error: string; message: unknown };
        expect(data.error).toBe(error.message);
        const stored = chatMessageSchema.parse(data.message);
        expect(stored).toMatchObject({ status: "failed", error: error.message });
        expect(stored.content).toMatch(/^Partial/);

        const plain = await t.request(
          "/api/chat",
          json(a.cookie, { conversationId: chat.id, message: "Hi again" }, "application/json"),
        );
        expect(plain.status).toBe(status);
        if (retryAfter) expect(plain.headers.get("retry-after")).toBe(retryAfter);
        const body = (await plain.json()) as { error: string; details: { message: ChatMessage } };
        expect(body.error).toBe(error.message);
        expect(body.details.message.status).toBe("failed");
        const answers = await storedAnswers(t, a.cookie, chat.id);
        expect(answers.map((m) => m.status)).toEqual(["failed", "failed"]);
      } finally {
        await t.close();
      }
    }
  });
});

describe.each(engines)("chat through an OpenAI-compatible server on %s", (engine) => {
  let model: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    t = await createTestApp(engine, {
      overrides: {
        responder: createResponder({
          config: testConfig(
            {},
            { LLM_PROVIDER: "openai", OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: model.apiKey },
          ),
        }),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it("streams the model's answer, keeps the markers that point at a source given to it and drops the others", async () => {
    const a = await signUp(t);
    const [document] = await uploadOk(t, a.cookie, [
      {
        name: "pricing.txt",
        content:
          "Enterprise plans cost 90 EUR per seat per month.\n\nTeam plans cost 30 EUR per seat per month.",
        type: "text/plain",
      },
    ]);
    if (!document) throw new Error("nothing uploaded");
    await waitForDocument(t, a.cookie, document.id);
    model.setChatScript({
      reply: "Enterprise seats cost 90 EUR a month [1], billed yearly [9].",
      pieceDelayMs: 1,
    });
    const created = await t.request("/api/conversations", {
      cookie: a.cookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "gtm", title: "Pricing" }),
    });
    const chat = chatConversationSchema.parse(await created.json());
    const response = await t.request("/api/chat", {
      cookie: a.cookie,
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      body: JSON.stringify({ conversationId: chat.id, message: "How much does an enterprise seat cost?" }),
    });
    const { events } = await readEvents(response);
    const tokens = events.filter((e) => e.event === "token").map((e) => (e.data as { text: string }).text);
    expect(tokens.join("")).toBe("Enterprise seats cost 90 EUR a month [1], billed yearly [9].");
    const done = finalMessage(events);
    expect(events.at(-1)?.event).toBe("done");
    expect(done.content).toBe("Enterprise seats cost 90 EUR a month [1], billed yearly.");
    expect(done.sources.find((source) => source.number === 1)).toMatchObject({
      cited: true,
      documentId: document.id,
    });
    expect(done.sources.some((source) => source.number === 9)).toBe(false);
    expect(done.model).toBe(model.chatRequests.at(-1)?.model);
    expect(done.completionTokens).toBeGreaterThan(0);
    // The model was given the agent's prompt and the numbered passage.
    const prompt =
      model.chatRequests
        .at(-1)
        ?.messages.map((m) => m.content)
        .join("\n") ?? "";
    expect(prompt).toContain("go-to-market");
    expect(prompt).toContain("Enterprise plans cost 90 EUR per seat per month.");
    expect(prompt).toMatch(/\[1\]/);
  });
});
