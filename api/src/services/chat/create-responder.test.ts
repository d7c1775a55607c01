// LLM_PROVIDER picks the responder: the grounded one offline, the OpenAI-compatible one with its settings.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../env";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../test/fake-openai-server";
import { createResponder } from "./create-responder";

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
});
afterAll(async () => {
  await server.close();
});

const ask = { systemPrompt: "", history: [], passages: [], temperature: 0, onToken: () => {} };

describe("createResponder", () => {
  it("builds the offline grounded responder by default", async () => {
    const responder = createResponder({ config: loadConfig({}) });
    expect(responder.info).toEqual({ provider: "offline", model: "grounded-responder", offline: true });
    const result = await responder.answer({
      ...ask,
      question: "Anything?",
      model: null,
      signal: new AbortController().signal,
    });
    expect(result.model).toBe("grounded-responder");
    expect(server.chatRequests).toHaveLength(0);
  });

  it("builds the OpenAI-compatible responder from the OPENAI_* settings", async () => {
    const config = loadConfig({
      LLM_PROVIDER: "openai",
      OPENAI_API_KEY: server.apiKey,
      OPENAI_BASE_URL: server.baseUrl,
      OPENAI_CHAT_MODEL: "qwen2.5:7b",
    });
    const responder = createResponder({ config });
    expect(responder.info).toEqual({ provider: "openai", model: "qwen2.5:7b", offline: false });
    server.setChatScript({ reply: "Hello from the server." });
    const result = await responder.answer({
      ...ask,
      question: "Hi?",
      model: null,
      signal: new AbortController().signal,
    });
    expect(result).toMatchObject({ content: "Hello from the server.", model: "qwen2.5:7b", stopped: false });
    expect(server.chatRequests.at(-1)?.model).toBe("qwen2.5:7b");
  });
});
