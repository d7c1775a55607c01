// Compatibility: LlamaIndex.TS's OpenAI LLM (`@llamaindex/openai`, with its own `openai` 5.x) against the built
// server over real HTTP with a configured chat model (the local fake OpenAI server). chat whole and streamed,
// structured output (responseFormat as a zod schema, sent as a JSON schema; and exec's format_output tool), a tools
// round trip (exec runs the tool with the model's call, then the answer) whose tools and result reach the model as
// sent, maxTokens finishing with "length" (on the raw response: the LLM's own response has no finish reason), the
// Responses API (OpenAIResponses) streamed and followed by previous_response_id, and the model's own 429. LlamaIndex
// exposes no `n`.
import { tool } from "@llamaindex/core/tools";
import { OpenAI, OpenAIResponses } from "@llamaindex/openai";
import type { ChatCompletion } from "openai/resources/chat/completions";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CITATION, field, QUESTION, RATE_LIMIT_SURFACES_WITHIN_MS, timed } from "./harness";
import {
  CUT_AT_TOKENS,
  expectToolRoundTripReachedTheModel,
  MODEL_ANSWER,
  MODEL_ANSWER_CUT,
  type ModelSuite,
  PRICE,
  PRICE_JSON,
  PriceSchema,
  type RecordingFetch,
  recordingFetch,
  scriptModelRateLimit,
  scriptToolRoundTrip,
  startModelSuite,
  TOOL_ANSWER,
  TOOL_ARGUMENTS,
  TOOL_DESCRIPTION,
  TOOL_NAME,
  TOOL_PARAMETERS,
  TOOL_RESULT,
} from "./model-harness";

/** The class name of an error from LlamaIndex's own openai copy ("RateLimitError"...). */
const className = (error: unknown) => (error as object | undefined)?.constructor?.name;

describe("LlamaIndex's OpenAI LLM against the built server, with a configured chat model", () => {
  let suite: ModelSuite;
  let recorder: RecordingFetch;

  /** The LLM as the documentation sets it up, recording what it sends, with more options when given. */
  const llm = (options: { maxTokens?: number; maxRetries?: number } = {}) =>
    new OpenAI({
      model: suite.model,
      apiKey: suite.key,
      baseURL: suite.baseURL,
      additionalSessionOptions: { fetch: recorder.fetch },
      ...options,
    });

  const ask = [{ role: "user" as const, content: QUESTION }];

  beforeAll(async () => {
    suite = await startModelSuite();
  });
  beforeEach(() => {
    suite.chatModel.reset();
    suite.chatModel.setChatScript({ reply: MODEL_ANSWER, pieceDelayMs: 1 });
    recorder = recordingFetch();
  });
  afterAll(async () => {
    await suite?.stop();
  });

  it("answers chat with the model's answer", async () => {
    const response = await llm().chat({ messages: ask });
    expect(response.message.content).toBe(MODEL_ANSWER);
    expect((response.raw as ChatCompletion).choices[0]?.finish_reason).toBe("stop");
  });

  it("streams chunks whose deltas assemble to the model's answer", async () => {
    const pieces: string[] = [];
    for await (const chunk of await llm().chat({ messages: ask, stream: true })) pieces.push(chunk.delta);
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
  });

  it("returns structured output: responseFormat as a zod schema, sent as a JSON schema", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const response = await llm().chat({ messages: ask, responseFormat: PriceSchema });
    expect(PriceSchema.parse(JSON.parse(String(response.message.content)))).toEqual(PRICE);
    const sent = recorder.sent.at(-1)?.body.response_format as { type?: string } | undefined;
    expect(sent?.type).toBe("json_schema");
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toEqual(sent);
  });

  it("returns exec's structured object (its format_output tool, called by the model)", async () => {
    suite.chatModel.queueChatScripts({ toolCalls: [{ name: "format_output", arguments: PRICE_JSON }] });
    const result = await llm().exec({ messages: ask, responseFormat: PriceSchema });
    expect(result.object).toEqual(PRICE);
    const offered = suite.chatModel.chatRequests.at(-1)?.passed.tools as { function: { name: string } }[];
    expect(offered.map((offer) => offer.function.name)).toEqual(["format_output"]);
  });

  it("runs a tools round trip: exec calls the tool with the model's arguments, then the final answer", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const executed: unknown[] = [];
    const exchangeRate = tool(
      (input: unknown) => {
        executed.push(input);
        return TOOL_RESULT;
      },
      { name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: TOOL_PARAMETERS },
    );
    const first = await llm().exec({ messages: ask, tools: [exchangeRate] });
    expect(first.toolCalls).toEqual([expect.objectContaining({ name: TOOL_NAME, input: TOOL_ARGUMENTS })]);
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    const second = await llm().exec({ messages: [...ask, ...first.newMessages], tools: [exchangeRate] });
    expect(second.toolCalls).toEqual([]);
    expect(second.newMessages.at(-1)?.content).toBe(TOOL_ANSWER);
    expectToolRoundTripReachedTheModel(suite.chatModel, recorder.sent);
  });

  it('finishes with "length" at maxTokens (on the raw response)', async () => {
    const response = await llm({ maxTokens: CUT_AT_TOKENS }).chat({ messages: ask });
    expect(response.message.content).toBe(MODEL_ANSWER_CUT);
    expect((response.raw as ChatCompletion).choices[0]?.finish_reason).toBe("length");
    expect(suite.chatModel.chatRequests.at(-1)?.sampling.max_tokens).toBe(CUT_AT_TOKENS);
  });

  it("streams through the Responses API (OpenAIResponses), then follows the tracked previous_response_id", async () => {
    const responses = new OpenAIResponses({
      model: suite.model,
      apiKey: suite.key,
      baseURL: suite.baseURL,
      additionalSessionOptions: { fetch: recorder.fetch },
      store: true,
      trackPreviousResponses: true,
    });
    const pieces: string[] = [];
    for await (const chunk of await responses.chat({ messages: ask, stream: true })) {
      if ((chunk.raw as { type?: string }).type === "response.output_text.delta") pieces.push(chunk.delta);
    }
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(pieces.join("")).toMatch(CITATION);
    expect(String(responses.previousResponseId)).toMatch(/^resp_/);

    suite.chatModel.setChatScript({ reply: "It is billed annually [1].", pieceDelayMs: 1 });
    const second = await responses.chat({ messages: [{ role: "user", content: "How is it billed?" }] });
    expect(second.message.content).toBe("It is billed annually [1].");
    expect(recorder.sent.at(-1)?.body.previous_response_id).toBe(responses.previousResponseId);
    expect(suite.chatModel.chatRequests.at(-1)?.messages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: MODEL_ANSWER },
      { role: "user", content: "How is it billed?" },
    ]);
  });

  it("runs a tools round trip through the Responses API (exec on OpenAIResponses)", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const executed: unknown[] = [];
    const exchangeRate = tool(
      (input: unknown) => {
        executed.push(input);
        return TOOL_RESULT;
      },
      { name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: TOOL_PARAMETERS },
    );
    const responses = new OpenAIResponses({
      model: suite.model,
      apiKey: suite.key,
      baseURL: suite.baseURL,
      additionalSessionOptions: { fetch: recorder.fetch },
    });
    const first = await responses.exec({ messages: ask, tools: [exchangeRate] });
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    const second = await responses.exec({ messages: [...ask, ...first.newMessages], tools: [exchangeRate] });
    expect(second.newMessages.at(-1)?.content).toBe(TOOL_ANSWER);
    const sent = suite.chatModel.chatRequests.at(-1)?.rawMessages ?? [];
    expect(sent).toContainEqual(expect.objectContaining({ role: "tool", tool_call_id: "call_fake_1" }));
  });

  it("surfaces the model's own 429 as RateLimitError, retried as Retry-After says", async () => {
    scriptModelRateLimit(suite.chatModel);
    // Its openai copy honours Retry-After: 1 on each of its 10 default retries (ten seconds, against OpenAI as
    // against us); two here, as the official SDK's default.
    const call = await timed(() => llm({ maxRetries: 2 }).chat({ messages: ask }));
    expect(call.failed).toBe(true);
    expect(className(call.error)).toBe("RateLimitError");
    expect(field(call.error, "status")).toBe(429);
    expect(field(call.error, "code")).toBe("rate_limit_exceeded");
    expect(call.ms).toBeLessThan(RATE_LIMIT_SURFACES_WITHIN_MS);
    expect(suite.chatModel.chatRequests.length).toBe(3);
  });
});
