// One pipeline, one trace (issue 28): the chat (JSON, streamed, and read back), the public agent API, the
// OpenAI-compatible chat completions and the retrieval lab's POST /api/retrieval/answer return the same answer and the
// same "Why this answer?" trace for one question; the lab's answer stores nothing.
import {
  answerTraceSchema,
  chatConversationSchema,
  chatMessageSchema,
  chatResponseSchema,
} from "@acp/contracts/chat";
import { publicAgentResponseSchema } from "@acp/contracts/public-api";
import { retrievalAnswerSchema } from "@acp/contracts/retrieval-answer";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { conversations, messages } from "../db/schema";
import { createTestApp, engines, signUp, type TestApp } from "../test/test-app";
import { createTestAgent, uploadKnowledge } from "../test/v1-support";

const FALCON = [
  "The Falcon plan costs 49 EUR per seat per month and includes priority support.",
  "",
  "The Heron plan costs 19 EUR per seat per month for teams of up to ten people.",
].join("\n");

const QUESTION = "How much does the Falcon plan cost?";

const post = (body: unknown, init: { cookie?: string; accept?: string } = {}) => ({
  method: "POST",
  ...(init.cookie ? { cookie: init.cookie } : {}),
  headers: { "content-type": "application/json", accept: init.accept ?? "application/json" },
  body: JSON.stringify(body),
});

/** The `data:` payloads of a server-sent events body, with the event each came under. */
async function sseData(response: Response): Promise<{ event: string; data: string }[]> {
  const out: { event: string; data: string }[] = [];
  for (const block of (await response.text()).split("\n\n")) {
    let event = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    if (data.length > 0) out.push({ event, data: data.join("\n") });
  }
  return out;
}

const traceField = z.object({ trace: answerTraceSchema.nullable() });

describe.each(engines)("an answer's trace on every surface on %s", (engine) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let slug: string;
  let agentId: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await signUp(t);
    const agent = await createTestAgent(t, owner.cookie, { name: "Pricing helper", isPublic: true });
    // Given to the agent: a public agent answers anonymous callers from its own knowledge only.
    await uploadKnowledge(t, owner.cookie, "pricing.txt", FALCON, { agentId: agent.id });
    slug = agent.apiEndpoint;
    agentId = agent.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function newConversation() {
    const response = await t.request(
      "/api/conversations",
      post({ agentType: "custom", title: "Pricing", customAgentId: agentId }, { cookie: owner.cookie }),
    );
    expect(response.status).toBe(201);
    return chatConversationSchema.parse(await response.json()).id;
  }

  it("the chat, the agent API, chat completions and the lab answer with the same content and trace", async () => {
    // The chat, as JSON: the stored answer carries its trace, and reading the conversation back returns it.
    const conversationId = await newConversation();
    const chatted = await t.request(
      "/api/chat",
      post({ conversationId, message: QUESTION }, { cookie: owner.cookie }),
    );
    expect(chatted.status, await chatted.clone().text()).toBe(200);
    const chat = chatResponseSchema.strict().parse(await chatted.json());
    expect(chat.userMessage.trace).toBeNull();
    expect(chat.message.content).toContain("49 EUR");
    // The offline responder's trace: it answered, quoting the Falcon sentence of passage 1.
    expect(chat.message.trace).toMatchObject({
      responder: "extractive",
      outcome: "answered",
      abstention: null,
    });
    expect(chat.message.trace?.chosen.some((unit) => unit.text.includes("Falcon plan costs 49 EUR"))).toBe(
      true,
    );
    expect(chat.message.trace?.passages.map((passage) => passage.documentName)).toContain("pricing.txt");
    const listed = await t.request(`/api/conversations/${conversationId}/messages`, { cookie: owner.cookie });
    const stored = z.array(chatMessageSchema).parse(await listed.json());
    expect(stored.at(-1)?.trace).toEqual(chat.message.trace);

    // The chat, streamed: the `done` event's message carries the same trace.
    const streamed = await t.request(
      "/api/chat",
      post(
        { conversationId: await newConversation(), message: QUESTION },
        { cookie: owner.cookie, accept: "text/event-stream" },
      ),
    );
    const done = (await sseData(streamed)).find((event) => event.event === "done");
    const doneMessage = chatMessageSchema.parse(
      (JSON.parse(done?.data ?? "{}") as { message?: unknown }).message,
    );
    expect(doneMessage.content).toBe(chat.message.content);
    expect(doneMessage.trace).toEqual(chat.message.trace);

    // POST /api/v1/{slug}: `trace` beside `response`.
    const called = await t.request(`/api/v1/${slug}`, post({ message: QUESTION }));
    expect(called.status, await called.clone().text()).toBe(200);
    const v1 = publicAgentResponseSchema.strict().parse(await called.json());
    expect(v1.response).toBe(chat.message.content);
    expect(v1.trace).toEqual(chat.message.trace);

    // Chat completions: a top-level `trace` on the completion, and on the stream's finishing chunk.
    const completed = await t.request(
      "/api/v1/chat/completions",
      post({ model: slug, messages: [{ role: "user", content: QUESTION }] }),
    );
    expect(completed.status, await completed.clone().text()).toBe(200);
    const completion = (await completed.json()) as { choices: { message: { content: string } }[] };
    expect(completion.choices[0]?.message.content).toBe(chat.message.content);
    expect(traceField.parse(completion).trace).toEqual(chat.message.trace);

    const chunked = await t.request(
      "/api/v1/chat/completions",
      post({ model: slug, stream: true, messages: [{ role: "user", content: QUESTION }] }),
    );
    const chunks = (await sseData(chunked))
      .filter((event) => event.data !== "[DONE]")
      .map((event) => JSON.parse(event.data) as { choices: { finish_reason: string | null }[] });
    const finish = chunks.find((chunk) => chunk.choices[0]?.finish_reason === "stop");
    expect(finish).toBeDefined();
    expect(traceField.parse(finish).trace).toEqual(chat.message.trace);

    // The retrieval lab: the same answer, passages and trace, and nothing stored.
    const before = await storedCounts();
    const asked = await t.request(
      "/api/retrieval/answer",
      post({ question: QUESTION, agentId }, { cookie: owner.cookie }),
    );
    expect(asked.status, await asked.clone().text()).toBe(200);
    const lab = retrievalAnswerSchema.strict().parse(await asked.json());
    expect(lab).toEqual({
      agentName: "Pricing helper",
      content: chat.message.content,
      sources: chat.message.sources,
      status: "complete",
      model: chat.message.model,
      error: null,
      trace: chat.message.trace,
    });
    expect(await storedCounts()).toEqual(before);
  });

  async function storedCounts() {
    const { db } = t.database;
    const [c] = await db.select({ n: count() }).from(conversations);
    const [m] = await db.select({ n: count() }).from(messages);
    return { conversations: c?.n, messages: m?.n };
  }

  it("the lab asks a built-in agent too, and refuses what it cannot ask with the reason", async () => {
    // A user whose library (shared with every agent of theirs) holds the pricing asks the built-in gtm agent.
    const gtmUser = await signUp(t);
    await uploadKnowledge(t, gtmUser.cookie, "pricing.txt", FALCON);
    const gtm = await t.request(
      "/api/retrieval/answer",
      post({ question: QUESTION, agentId: "gtm" }, { cookie: gtmUser.cookie }),
    );
    expect(gtm.status, await gtm.clone().text()).toBe(200);
    const answer = retrievalAnswerSchema.parse(await gtm.json());
    expect(answer.agentName).toBe("GTM Strategy");
    expect(answer.content).toContain("49 EUR");
    expect(answer.sources[0]?.documentName).toBe("pricing.txt");

    const blank = await t.request(
      "/api/retrieval/answer",
      post({ question: "  ", agentId }, { cookie: owner.cookie }),
    );
    expect(blank.status).toBe(400);
    expect(((await blank.json()) as { error: string }).error).toBe("Please enter a question");

    const noAgent = await t.request(
      "/api/retrieval/answer",
      post({ question: QUESTION }, { cookie: owner.cookie }),
    );
    expect(noAgent.status).toBe(400);
    expect(((await noAgent.json()) as { error: string }).error).toContain("agentId is required");

    // Another account's custom agent is no agent of this user's.
    const other = await signUp(t);
    const foreign = await t.request(
      "/api/retrieval/answer",
      post({ question: QUESTION, agentId }, { cookie: other.cookie }),
    );
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ code: "NOT_FOUND", error: "No agent with this id" });
    const unknown = await t.request(
      "/api/retrieval/answer",
      post({ question: QUESTION, agentId: "no-such-agent" }, { cookie: owner.cookie }),
    );
    expect(unknown.status).toBe(404);

    const anonymous = await t.request("/api/retrieval/answer", post({ question: QUESTION, agentId }));
    expect(anonymous.status).toBe(401);
  });
});
