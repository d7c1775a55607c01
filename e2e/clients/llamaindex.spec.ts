// Compatibility: LlamaIndex.TS's OpenAI LLM (`@llamaindex/openai`, which carries its own `openai` 5.x) with baseURL
// at the built server over real HTTP, offline (no chat model configured: the built-in responder answers). chat whole
// and streamed, history and system messages, the documented example as written, responseFormat JSON mode and the
// JSON-schema refusal, tools offline, the Responses API (OpenAIResponses), errors as it surfaces them (its openai 5.x
// classes: checked by name and fields, since that copy is not ours to import), an abort mid-stream and the 429 at its
// default retries (10).
import { tool } from "@llamaindex/core/tools";
import { OpenAI, OpenAIResponses } from "@llamaindex/openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWER_FACT,
  answerPrintedTwice,
  CITATION,
  type ClientSuite,
  EARLIER_ANSWER,
  EARLIER_QUESTION,
  field,
  PLACEHOLDER_KEY,
  PROMPT_MS,
  QUESTION,
  RATE_LIMIT_SURFACES_WITHIN_MS,
  rejectionOf,
  runDocumentedExample,
  type SlowRelay,
  SYSTEM_MESSAGE,
  spentKey,
  startClientSuite,
  startSlowRelay,
  timed,
  UNKNOWN_MODEL,
  watchUnhandledRejections,
  wrongKeyInOurFormat,
} from "./harness";

const exchangeRate = tool(() => ({ rate: 1.1 }), {
  name: "get_exchange_rate",
  description: "The exchange rate between two currencies",
  parameters: {
    type: "object",
    properties: { from: { type: "string" }, to: { type: "string" } },
    required: ["from", "to"],
  },
});

/** The class name of an error from LlamaIndex's own openai copy ("AuthenticationError"...). */
const className = (error: unknown) => (error as object | undefined)?.constructor?.name;

describe("LlamaIndex's OpenAI LLM against the built server, offline", () => {
  let suite: ClientSuite;

  /** The LLM as the documentation sets it up, with another key, model or fetch when given. */
  const llm = (options: { apiKey?: string; model?: string; fetch?: typeof fetch; baseURL?: string } = {}) =>
    new OpenAI({
      model: options.model ?? suite.model,
      apiKey: options.apiKey ?? suite.key,
      baseURL: options.baseURL ?? suite.baseURL,
      ...(options.fetch ? { additionalSessionOptions: { fetch: options.fetch } } : {}),
    });

  const ask = [{ role: "user" as const, content: QUESTION }];

  let relay: SlowRelay;

  beforeAll(async () => {
    suite = await startClientSuite();
    relay = await startSlowRelay(suite);
  });
  afterAll(async () => {
    await relay?.stop();
    await suite?.stop();
  });

  it("answers chat with a cited answer", async () => {
    const response = await llm().chat({ messages: ask });
    expect(response.message.content).toMatch(ANSWER_FACT);
    expect(response.message.content).toMatch(CITATION);
  });

  it("streams chunks whose deltas assemble to the answer", async () => {
    const pieces: string[] = [];
    for await (const chunk of await llm().chat({ messages: ask, stream: true })) pieces.push(chunk.delta);
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toMatch(ANSWER_FACT);
    expect(pieces.join("")).toMatch(CITATION);
  });

  it("answers the last question of a conversation, and takes a system message", async () => {
    const conversation = await llm().chat({
      messages: [
        { role: "user", content: EARLIER_QUESTION },
        { role: "assistant", content: EARLIER_ANSWER },
        { role: "user", content: QUESTION },
      ],
    });
    expect(conversation.message.content).toMatch(ANSWER_FACT);
    const instructed = await llm().chat({
      messages: [
        { role: "system", content: SYSTEM_MESSAGE },
        { role: "user", content: QUESTION },
      ],
    });
    expect(instructed.message.content).toMatch(ANSWER_FACT);
  });

  it("runs the documented example as written: the answer, then the same answer streamed", async () => {
    const run = await runDocumentedExample(suite, "llamaindex");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const answer = answerPrintedTwice(run.stdout);
    expect(answer).toMatch(CITATION);
    expect(answer).toMatch(/Germany/);
  });

  it("returns responseFormat json_object as a JSON object with the answer and its sources", async () => {
    const response = await llm().chat({ messages: ask, responseFormat: { type: "json_object" } });
    const value = JSON.parse(String(response.message.content)) as {
      answer: string;
      sources: { documentName: string }[];
    };
    expect(value.answer).toMatch(ANSWER_FACT);
    expect(value.sources[0]?.documentName).toBe("price-list");
  });

  it("refuses a JSON schema offline with a BadRequestError naming response_format", async () => {
    const error = await rejectionOf(() =>
      llm().chat({
        messages: ask,
        responseFormat: {
          type: "json_schema",
          json_schema: {
            name: "price",
            schema: { type: "object", properties: { price: { type: "number" } }, required: ["price"] },
          },
        },
      }),
    );
    expect(className(error)).toBe("BadRequestError");
    expect(field(error, "status")).toBe(400);
    expect(field(error, "param")).toBe("response_format");
    expect(String(field(error, "message"))).toMatch(/offline mode/);
  });

  it('answers tools with tool_choice "auto" as text without tool calls; "required" is a BadRequestError', async () => {
    const auto = await llm().chat({
      messages: ask,
      tools: [exchangeRate],
      additionalChatOptions: { tool_choice: "auto" },
    });
    expect(auto.message.content).toMatch(ANSWER_FACT);
    expect(auto.message.options).toEqual({});
    const required = await rejectionOf(() =>
      llm().chat({
        messages: ask,
        tools: [exchangeRate],
        additionalChatOptions: { tool_choice: "required" },
      }),
    );
    expect(className(required)).toBe("BadRequestError");
    expect(field(required, "param")).toBe("tool_choice");
  });

  it("answers through the Responses API (OpenAIResponses), whole and streamed", async () => {
    const responses = new OpenAIResponses({ model: suite.model, apiKey: suite.key, baseURL: suite.baseURL });
    const whole = await responses.chat({ messages: ask });
    expect(whole.message.content).toMatch(ANSWER_FACT);
    expect(whole.message.content).toMatch(CITATION);
    const pieces: string[] = [];
    // OpenAIResponses yields a chunk for every event and repeats the last text delta on the events that carry none
    // (output_text.done, content_part.done, output_item.done, completed), against OpenAI as against us: a caller
    // reads the text deltas.
    for await (const chunk of await responses.chat({ messages: ask, stream: true })) {
      if ((chunk.raw as { type?: string }).type === "response.output_text.delta") pieces.push(chunk.delta);
    }
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(whole.message.content);
  });

  it("surfaces a wrong key of ours as AuthenticationError invalid_api_key", async () => {
    const error = await rejectionOf(() => llm({ apiKey: wrongKeyInOurFormat() }).chat({ messages: ask }));
    expect(className(error)).toBe("AuthenticationError");
    expect(field(error, "status")).toBe(401);
    expect(field(error, "code")).toBe("invalid_api_key");
  });

  it("surfaces an unknown model as NotFoundError model_not_found", async () => {
    const error = await rejectionOf(() => llm({ model: UNKNOWN_MODEL }).chat({ messages: ask }));
    expect(className(error)).toBe("NotFoundError");
    expect(field(error, "status")).toBe(404);
    expect(field(error, "code")).toBe("model_not_found");
  });

  it("answers a public agent called with a placeholder key, as Ollama and vLLM accept any key", async () => {
    const response = await llm({ apiKey: PLACEHOLDER_KEY }).chat({ messages: ask });
    expect(response.message.content).toMatch(ANSWER_FACT);
  });

  it("ends a stream promptly when aborted mid-stream, without an unhandled error", async () => {
    // The LLM's chat takes no signal: a caller aborts through the fetch it gives the client.
    const unhandled = watchUnhandledRejections();
    try {
      const controller = new AbortController();
      const abortable: typeof fetch = (input, init) =>
        fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal,
        });
      const abandoned = relay.abandonedStreams();
      const stream = await llm({ fetch: abortable, baseURL: relay.baseURL }).chat({
        messages: ask,
        stream: true,
      });
      let abortedAt = 0;
      const ended = await timed(async () => {
        for await (const chunk of stream) {
          if (chunk.delta && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        }
      });
      expect(abortedAt).toBeGreaterThan(0);
      expect(performance.now() - abortedAt).toBeLessThan(PROMPT_MS);
      await expect.poll(() => relay.abandonedStreams()).toBe(abandoned + 1);
      if (ended.failed) expect(String(field(ended.error, "name")) + String(ended.error)).toMatch(/Abort/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled.reasons).toEqual([]);
    } finally {
      unhandled.stop();
    }
  });

  it("surfaces the hourly limit as RateLimitError at once at its default retries (10)", async () => {
    const limited = llm({ apiKey: await spentKey(suite) });
    expect(limited.maxRetries).toBe(10);
    const call = await timed(() => limited.chat({ messages: ask }));
    expect(call.failed).toBe(true);
    expect(className(call.error)).toBe("RateLimitError");
    expect(field(call.error, "status")).toBe(429);
    expect(field(call.error, "code")).toBe("rate_limit_exceeded");
    expect(call.ms).toBeLessThan(Math.min(RATE_LIMIT_SURFACES_WITHIN_MS, PROMPT_MS));
  });
});
