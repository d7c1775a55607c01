// How many database statements one chat turn issues, on both engines: the turn's reads are one statement, the
// question and the conversation's touch another, so a change that goes back to a statement per read fails here.
import { chatConversationSchema } from "@acp/contracts/chat";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/create-database";
import { conversations } from "../../db/schema";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../test/fake-openai-server";
import { createTestApp, engines, signUp, type TestApp, testConfig } from "../../test/test-app";
import { uploadOk, waitForDocument } from "../../test/uploads";
import { createResponder } from "./create-responder";

/**
 * Records the text of every statement `database` sends while `run` runs (the job queue's own polling left out: it
 * is not the turn's). Wraps the driver under drizzle, so prepared and plain statements both count.
 */
async function statementsDuring(database: Database, run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const client = database.raw as unknown as { query: (...args: unknown[]) => unknown };
  const original = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === "string" ? first : ((first as { text?: string }).text ?? "");
    if (!/pgboss/i.test(text)) seen.push(text);
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return seen;
}

describe.each(engines)("one chat turn's statements on %s", (engine) => {
  let model: FakeOpenAiServer;
  let t: TestApp;
  beforeAll(async () => {
    model = await startFakeOpenAiServer();
    // An OpenAI-speaking model, as in production: the turn also looks for the agent's fine-tuned model.
    const config = testConfig(
      {},
      { LLM_PROVIDER: "openai", OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: model.apiKey },
    );
    t = await createTestApp(engine, {
      config: { chat: config.chat },
      overrides: { responder: createResponder({ config }) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });

  it("reads the turn in one statement and stores the question with the conversation's touch in another", async () => {
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
    model.setChatScript({ reply: "Enterprise seats cost 90 EUR a month [1].", pieceDelayMs: 1 });
    const created = await t.request("/api/conversations", {
      cookie: a.cookie,
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ agentType: "gtm", title: "Pricing" }),
    });
    const chat = chatConversationSchema.parse(await created.json());
    const ask = async (accept: string) => {
      const response = await t.request("/api/chat", {
        cookie: a.cookie,
        method: "POST",
        headers: { "content-type": "application/json", accept },
        body: JSON.stringify({ conversationId: chat.id, message: "How much does an enterprise seat cost?" }),
      });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).toContain("90 EUR");
    };
    const touchedAt = async () => {
      const [row] = await t.database.db
        .select({ updatedAt: conversations.updatedAt })
        .from(conversations)
        .where(eq(conversations.id, chat.id));
      return row?.updatedAt.getTime() ?? 0;
    };
    // The first turn loads the index and prepares the statements; the later ones are the steady state measured.
    await ask("text/event-stream");
    for (const accept of ["text/event-stream", "application/json"]) {
      const before = await touchedAt();
      await new Promise((resolve) => setTimeout(resolve, 5));
      const statements = await statementsDuring(t.database, () => ask(accept));
      // The session; the turn's reads; the question with the touch; the index's freshness; the passages; the
      // answer. (It was 12: each read, the touch and the re-ranker's row on their own.)
      expect(statements, statements.join("\n")).toHaveLength(6);
      const separate = statements.filter((text) =>
        /^select .* from "(messages|built_in_agent_settings|agent_trained_models|user_embedders)"/.test(text),
      );
      expect(separate).toEqual([]);
      expect(statements.some((text) => text.startsWith('update "conversations"'))).toBe(false);
      // The conversation is still marked as the most recently used.
      expect(await touchedAt()).toBeGreaterThan(before);
    }
  });
});
