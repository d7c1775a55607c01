// The fake OpenAI server's chat completions as the real client sees them: plain and streamed, usage, scripts, errors.
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_CHAT_REPLY, type FakeOpenAiServer, startFakeOpenAiServer } from "./fake-openai-server";

let server: FakeOpenAiServer;
let client: OpenAI;
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  client = new OpenAI({ apiKey: server.apiKey, baseURL: server.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

const messages = [
  { role: "system" as const, content: "Be brief." },
  { role: "user" as const, content: "Hello?" },
];

describe("fake OpenAI server: chat completions", () => {
  it("answers a plain request with the whole reply and usage, and records it", async () => {
    const completion = await client.chat.completions.create({
      model: "gpt-4o-mini",
      messages,
      temperature: 0.5,
    });
    expect(completion.choices[0]?.message.content).toBe(DEFAULT_CHAT_REPLY);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.completion_tokens).toBe(DEFAULT_CHAT_REPLY.split(" ").length);
    expect(server.chatRequests[0]).toMatchObject({
      status: 200,
      model: "gpt-4o-mini",
      messages,
      temperature: 0.5,
      stream: false,
    });
  });

  it("streams the reply word by word, then usage when asked for, then [DONE]", async () => {
    server.setChatScript({ reply: "One two three." });
    const stream = await client.chat.completions.create({
      model: "m",
      messages,
      stream: true,
      stream_options: { include_usage: true },
    });
    const pieces: string[] = [];
    let usage: OpenAI.CompletionUsage | undefined;
    for await (const chunk of stream) {
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) pieces.push(delta);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(pieces).toEqual(["One", " two", " three."]);
    expect(usage).toEqual(server.chatRequests[0]?.usage);
    expect(usage?.completion_tokens).toBe(3);
  });

  it("sends no usage when not asked, and waits the scripted delays", async () => {
    server.setChatScript({ reply: "a b c", firstPieceDelayMs: 80, pieceDelayMs: 40 });
    const started = Date.now();
    const stream = await client.chat.completions.create({ model: "m", messages, stream: true });
    const arrivals: number[] = [];
    let usage: unknown;
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta?.content) arrivals.push(Date.now() - started);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(usage).toBeUndefined();
    expect(arrivals[0]).toBeGreaterThanOrEqual(70);
    expect((arrivals[2] ?? 0) - (arrivals[0] ?? 0)).toBeGreaterThanOrEqual(70);
  });

  it("answers one-off scripts before the default one", async () => {
    server.setChatScript({ reply: "default" });
    server.queueChatScripts({ reply: (request) => `echo ${request.messages.at(-1)?.content}` });
    const first = await client.chat.completions.create({ model: "m", messages });
    const second = await client.chat.completions.create({ model: "m", messages });
    expect(first.choices[0]?.message.content).toBe("echo Hello?");
    expect(second.choices[0]?.message.content).toBe("default");
  });

  it("fails as scripted, with OpenAI's error bodies and headers", async () => {
    server.setChatScript({ failure: { kind: "status", status: 429, retryAfterSeconds: 7 } });
    const limited = await client.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect((limited as InstanceType<typeof OpenAI.APIError>).headers?.get("retry-after")).toBe("7");

    server.setChatScript({ failure: { kind: "context-length" } });
    const long = await client.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(long).toBeInstanceOf(OpenAI.BadRequestError);
    expect((long as InstanceType<typeof OpenAI.APIError>).code).toBe("context_length_exceeded");

    const wrongKey = new OpenAI({ apiKey: "sk-other", baseURL: server.baseUrl, maxRetries: 0 });
    const refused = await wrongKey.chat.completions.create({ model: "m", messages }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
  });

  it("keeps answering embeddings as before", async () => {
    const result = await client.embeddings.create({ model: "text-embedding-3-small", input: ["a", "b"] });
    expect(result.data).toHaveLength(2);
    expect(server.requests).toHaveLength(1);
    expect(server.chatRequests).toHaveLength(0);
  });
});
