// kill -9 while a question is being answered, then restart: the real server process (on a PGlite folder, and on
// PostgreSQL when DATABASE_URL is set) stores an answer marked interrupted, so no question is left hanging.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ChatMessage, chatMessageSchema } from "@acp/contracts/chat";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../env";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../test/fake-openai-server";
import {
  apiEnvironment,
  call,
  freePort,
  kill9,
  readUntil,
  signUpOver,
  startProcess,
  throwawayPostgres,
  waitForHealth,
} from "../test/processes";
import { testConfig } from "../test/test-app";
import { INTERRUPTED_ERROR, longestTurnMs } from "./interrupted-answers";

const postgresUrl = loadConfig().databaseUrl;
const legs = postgresUrl ? ["pglite", "postgres"] : ["pglite"];

describe.each(legs)("kill -9 while answering on %s", (engine) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  let model: FakeOpenAiServer;
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("the question gets a stored answer marked interrupted after the restart", async () => {
    model = await startFakeOpenAiServer();
    cleanups.push(() => model.close());
    // A slow model: the answer is still being written when the server dies.
    model.setChatScript({ reply: "One two three four five six seven eight nine ten.", pieceDelayMs: 2_000 });
    const storage: Record<string, string> = {};
    let databaseUrl = "";
    if (engine === "pglite") {
      const dataDir = await mkdtemp(path.join(tmpdir(), "acp-chat-crash-"));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      storage.DATA_DIR = dataDir;
    } else {
      const database = await throwawayPostgres(postgresUrl ?? "", "test_chat_crash");
      cleanups.push(database.drop);
      databaseUrl = database.url;
      storage.DATABASE_URL = databaseUrl;
    }
    const { base, env } = apiEnvironment(await freePort(), {
      ...storage,
      LLM_PROVIDER: "openai",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: model.apiKey,
    });
    let running = startProcess(env);
    cleanups.push(() => kill9(running));
    await waitForHealth(base, running);
    const cookie = await signUpOver(base);
    const headers = { origin: base, cookie, "content-type": "application/json" };
    const created = await call(`${base}/api/conversations`, {
      method: "POST",
      headers,
      body: JSON.stringify({ agentType: "gtm", title: "Crash" }),
    });
    const conversationId = ((await created.json()) as { id: string }).id;

    const answering = await call(`${base}/api/chat`, {
      method: "POST",
      headers: { ...headers, accept: "text/event-stream" },
      body: JSON.stringify({ conversationId, message: "Count to ten, slowly." }),
    });
    const { reader } = await readUntil(answering, "event: token");
    await kill9(running);
    await reader.cancel().catch(() => undefined);

    if (engine === "postgres") {
      // Another API could be answering a young question on a shared PostgreSQL: only one older than the longest a
      // turn may take is marked. Time passes: the question is made that old.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const ageMs = longestTurnMs(testConfig({}, env)) + 60_000;
      await client.query(
        "update messages set created_at = created_at - make_interval(secs => $1) where conversation_id = $2",
        [ageMs / 1000, conversationId],
      );
      await client.end();
    }

    running = startProcess(env);
    await waitForHealth(base, running);
    const listed = await call(`${base}/api/conversations/${conversationId}/messages`, { headers });
    expect(listed.status).toBe(200);
    const stored: ChatMessage[] = z.array(chatMessageSchema).parse(await listed.json());
    expect(stored.map((m) => [m.role, m.status, m.content, m.error])).toEqual([
      ["user", "complete", "Count to ten, slowly.", null],
      ["assistant", "interrupted", "", INTERRUPTED_ERROR],
    ]);
    await kill9(running);
  }, 180_000);
});
