// Compatibility: LangChain's ChatOpenAI (`@langchain/openai` on `@langchain/core`) with configuration.baseURL at the
// built server over real HTTP, offline (no chat model configured: the built-in responder answers). invoke and stream,
// history and system messages, the documented example as written, withStructuredOutput in JSON mode and the
// JSON-schema refusal, bindTools offline, the Responses API (useResponsesApi), errors as LangChain surfaces them, an
// abort mid-stream and the 429 at LangChain's default retries.
import { AIMessage, type AIMessageChunk, HumanMessage, SystemMessage } from "@langchain/core/messages";
import { ChatOpenAI } from "@langchain/openai";
import OpenAI from "openai";
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

const EXCHANGE_RATE_TOOL = {
  type: "function" as const,
  function: {
    name: "get_exchange_rate",
    description: "The exchange rate between two currencies",
    parameters: {
      type: "object",
      properties: { from: { type: "string" }, to: { type: "string" } },
      required: ["from", "to"],
    },
  },
};

const PRICE_SCHEMA = {
  title: "price",
  type: "object",
  properties: { price: { type: "number" } },
  required: ["price"],
  additionalProperties: false,
};

const ANSWER_SCHEMA = {
  title: "answer",
  type: "object",
  properties: { answer: { type: "string" }, sources: { type: "array" } },
  required: ["answer", "sources"],
};

describe("LangChain's ChatOpenAI against the built server, offline", () => {
  let suite: ClientSuite;

  /** ChatOpenAI as the documentation sets it up, with another key or model when given. */
  const chat = (
    options: { apiKey?: string; model?: string; useResponsesApi?: boolean; baseURL?: string } = {},
  ) =>
    new ChatOpenAI({
      model: options.model ?? suite.model,
      apiKey: options.apiKey ?? suite.key,
      configuration: { baseURL: options.baseURL ?? suite.baseURL },
      ...(options.useResponsesApi ? { useResponsesApi: true } : {}),
    });

  let relay: SlowRelay;

  beforeAll(async () => {
    suite = await startClientSuite();
    relay = await startSlowRelay(suite);
  });
  afterAll(async () => {
    await relay?.stop();
    await suite?.stop();
  });

  it("answers invoke with a cited answer", async () => {
    const answer = await chat().invoke(QUESTION);
    expect(answer.text).toMatch(ANSWER_FACT);
    expect(answer.text).toMatch(CITATION);
    expect(answer.response_metadata.finish_reason).toBe("stop");
  });

  it("streams message chunks that assemble to the answer", async () => {
    const pieces: string[] = [];
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await chat().stream(QUESTION)) {
      pieces.push(chunk.text);
      whole = whole ? whole.concat(chunk) : chunk;
    }
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toMatch(ANSWER_FACT);
    expect(whole?.text).toBe(pieces.join(""));
  });

  it("answers the last question of a conversation, and takes a system message", async () => {
    const conversation = await chat().invoke([
      new HumanMessage(EARLIER_QUESTION),
      new AIMessage(EARLIER_ANSWER),
      new HumanMessage(QUESTION),
    ]);
    expect(conversation.text).toMatch(ANSWER_FACT);
    const instructed = await chat().invoke([new SystemMessage(SYSTEM_MESSAGE), new HumanMessage(QUESTION)]);
    expect(instructed.text).toMatch(ANSWER_FACT);
  });

  it("runs the documented example as written: the answer, then the same answer streamed", async () => {
    const run = await runDocumentedExample(suite, "langchain");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const answer = answerPrintedTwice(run.stdout);
    expect(answer).toMatch(CITATION);
    expect(answer).toMatch(/Germany/);
  });

  it("returns withStructuredOutput in JSON mode as an object with the answer and its sources", async () => {
    const structured = chat().withStructuredOutput(ANSWER_SCHEMA, { method: "jsonMode" });
    const value = (await structured.invoke(QUESTION)) as {
      answer: string;
      sources: { documentName: string }[];
    };
    expect(value.answer).toMatch(ANSWER_FACT);
    expect(value.sources[0]?.documentName).toBe("price-list");
  });

  it("refuses withStructuredOutput by JSON schema offline with a BadRequestError naming response_format", async () => {
    const structured = chat().withStructuredOutput(PRICE_SCHEMA, { method: "jsonSchema" });
    const error = await rejectionOf(() => structured.invoke(QUESTION));
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(field(error, "status")).toBe(400);
    expect(field(error, "param")).toBe("response_format");
    expect(String(field(error, "message"))).toMatch(/offline mode/);
  });

  it('answers bindTools with tool_choice "auto" as text without tool calls; "required" is a BadRequestError', async () => {
    const auto = await chat().bindTools([EXCHANGE_RATE_TOOL], { tool_choice: "auto" }).invoke(QUESTION);
    expect(auto.text).toMatch(ANSWER_FACT);
    expect(auto.tool_calls ?? []).toEqual([]);
    const required = await rejectionOf(() =>
      chat().bindTools([EXCHANGE_RATE_TOOL], { tool_choice: "required" }).invoke(QUESTION),
    );
    expect(required).toBeInstanceOf(OpenAI.BadRequestError);
    expect(field(required, "param")).toBe("tool_choice");
  });

  it("answers through the Responses API (useResponsesApi), whole and streamed", async () => {
    const responses = chat({ useResponsesApi: true });
    const whole = await responses.invoke(QUESTION);
    expect(whole.text).toMatch(ANSWER_FACT);
    expect(whole.text).toMatch(CITATION);
    const pieces: string[] = [];
    for await (const chunk of await responses.stream(QUESTION)) pieces.push(chunk.text);
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(whole.text);
  });

  it("surfaces a wrong key of ours as AuthenticationError invalid_api_key (MODEL_AUTHENTICATION)", async () => {
    const error = await rejectionOf(() => chat({ apiKey: wrongKeyInOurFormat() }).invoke(QUESTION));
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(field(error, "code")).toBe("invalid_api_key");
    expect(field(error, "lc_error_code")).toBe("MODEL_AUTHENTICATION");
  });

  it("surfaces an unknown model as NotFoundError model_not_found (MODEL_NOT_FOUND)", async () => {
    const error = await rejectionOf(() => chat({ model: UNKNOWN_MODEL }).invoke(QUESTION));
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(field(error, "code")).toBe("model_not_found");
    expect(field(error, "lc_error_code")).toBe("MODEL_NOT_FOUND");
  });

  it("answers a public agent called with a placeholder key, as Ollama and vLLM accept any key", async () => {
    const answer = await chat({ apiKey: PLACEHOLDER_KEY }).invoke(QUESTION);
    expect(answer.text).toMatch(ANSWER_FACT);
  });

  it("ends a stream promptly when aborted mid-stream, without an unhandled error", async () => {
    const unhandled = watchUnhandledRejections();
    try {
      const controller = new AbortController();
      const abandoned = relay.abandonedStreams();
      const stream = await chat({ baseURL: relay.baseURL }).stream(QUESTION, { signal: controller.signal });
      let abortedAt = 0;
      const ended = await timed(async () => {
        for await (const chunk of stream) {
          if (chunk.text && !abortedAt) {
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

  it("surfaces the hourly limit at once at LangChain's default retries (a window past a minute is not waited for)", async () => {
    const limited = chat({ apiKey: await spentKey(suite) });
    const call = await timed(() => limited.invoke(QUESTION));
    expect(call.failed).toBe(true);
    expect(field(call.error, "status")).toBe(429);
    expect(field(call.error, "code")).toBe("rate_limit_exceeded");
    expect(field(call.error, "lc_error_code")).toBe("MODEL_RATE_LIMIT");
    expect(call.ms).toBeLessThan(Math.min(RATE_LIMIT_SURFACES_WITHIN_MS, PROMPT_MS));
  });
});
