// SIGTERM under load (DESIGN 9): a request in flight still gets its answer, an open stream ends with a final event
// naming the restart (never a bare cut), and the process exits cleanly within its grace period.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SHUTDOWN_ERROR } from "../services/chat/chat-service";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../test/fake-openai-server";
import {
  apiEnvironment,
  call,
  freePort,
  kill9,
  type Running,
  readUntil,
  signUpOver,
  startProcess,
  waitForHealth,
} from "../test/processes";

/** server.ts's own bound (SHUTDOWN_GRACE_MS) and a margin for a loaded machine. */
const EXIT_WITHIN_MS = 12_000;

describe("SIGTERM while answering", () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  });

  it("ends the open stream with a final event, finishes the request in flight, and exits 0", async () => {
    const model: FakeOpenAiServer = await startFakeOpenAiServer();
    cleanups.push(() => model.close());
    // A slow model: the streamed answer is still being written when the signal comes.
    model.setChatScript({ reply: "One two three four five six seven eight nine ten.", pieceDelayMs: 1_000 });
    const dataDir = await mkdtemp(path.join(tmpdir(), "acp-sigterm-"));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { base, env } = apiEnvironment(await freePort(), {
      DATA_DIR: dataDir,
      LLM_PROVIDER: "openai",
      OPENAI_BASE_URL: model.baseUrl,
      OPENAI_API_KEY: model.apiKey,
    });
    const running: Running = startProcess(env);
    cleanups.push(() => kill9(running));
    await waitForHealth(base, running);
    const cookie = await signUpOver(base);
    const headers = { origin: base, cookie, "content-type": "application/json" };
    const conversation = async () => {
      const created = await call(`${base}/api/conversations`, {
        method: "POST",
        headers,
        body: JSON.stringify({ agentType: "gtm", title: "Shutdown" }),
      });
      return ((await created.json()) as { id: string }).id;
    };

    const streamed = await call(`${base}/api/chat`, {
      method: "POST",
      headers: { ...headers, accept: "text/event-stream" },
      body: JSON.stringify({ conversationId: await conversation(), message: "Count to ten, slowly." }),
    });
    const opened = await readUntil(streamed, "event: token");
    const { reader, decoder } = opened;
    let { seen } = opened;

    // A whole (JSON) answer in flight as well, once the model is writing both.
    const whole = call(`${base}/api/chat`, {
      method: "POST",
      headers,
      body: JSON.stringify({ conversationId: await conversation(), message: "Count to ten, again." }),
    });
    while (model.chatRequests.length < 2) await new Promise((resolve) => setTimeout(resolve, 50));

    const exited = new Promise<number | null>((resolve) =>
      running.child.once("exit", (code) => resolve(code)),
    );
    const signalledAt = Date.now();
    running.child.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += decoder.decode(value);
    }
    const events = [...seen.matchAll(/^event: (\w+)$/gm)].map((match) => match[1]);
    const last = events.at(-1);
    expect(last === "error" || last === "done", seen).toBe(true);
    const final = seen.slice(seen.lastIndexOf("event: "));
    expect(final).toMatch(/restart|shutting down/i);

    const answered = await whole;
    expect(answered.status).toBe(200);
    const { message } = (await answered.json()) as { message: { status: string; error: string } };
    expect(message).toMatchObject({ status: "interrupted", error: SHUTDOWN_ERROR });

    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(EXIT_WITHIN_MS);
  }, 120_000);
});
