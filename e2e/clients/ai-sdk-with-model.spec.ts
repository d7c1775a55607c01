// Compatibility: the Vercel AI SDK (`ai` with `@ai-sdk/openai-compatible` for chat completions and `@ai-sdk/openai`
// for the Responses API) against the built server over real HTTP with a configured chat model (the local fake OpenAI
// server). generateText and streamText, structured output (Output.object with a zod schema), a tools round trip
// (tool() with execute over two steps) whose tools and result reach the model as sent, maxOutputTokens finishing
// with "length", the Responses API with previousResponseId and streamed, and the model's own 429.
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, Output, RetryError, stepCountIs, streamText, tool } from "ai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CITATION, openAiErrorIn, QUESTION, RATE_LIMIT_SURFACES_WITHIN_MS, timed } from "./harness";
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
  TOOL_RESULT,
  ToolInputSchema,
} from "./model-harness";

/** A streamed tools round trip with `model`: the SDK executes the model's call, then streams the final answer. */
async function streamToolRoundTrip(model: Parameters<typeof streamText>[0]["model"]) {
  const executed: unknown[] = [];
  const result = streamText({
    model,
    prompt: QUESTION,
    tools: {
      [TOOL_NAME]: tool({
        description: TOOL_DESCRIPTION,
        inputSchema: ToolInputSchema,
        execute: async (input) => {
          executed.push(input);
          return TOOL_RESULT;
        },
      }),
    },
    stopWhen: stepCountIs(3),
  });
  let text = "";
  for await (const piece of result.textStream) text += piece;
  return { result, executed, text };
}

describe("the AI SDK against the built server, with a configured chat model", () => {
  let suite: ModelSuite;
  let recorder: RecordingFetch;

  /** The chat-completions provider as the documentation sets it up, recording what it sends. */
  const provider = (options: { supportsStructuredOutputs?: boolean } = {}) =>
    createOpenAICompatible({
      name: "acp",
      baseURL: suite.baseURL,
      apiKey: suite.key,
      fetch: recorder.fetch,
      ...options,
    });

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

  it("answers generateText with the model's answer", async () => {
    const result = await generateText({ model: provider()(suite.model), prompt: QUESTION });
    expect(result.text).toBe(MODEL_ANSWER);
    expect(result.finishReason).toBe("stop");
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it("streams streamText's textStream into the model's answer", async () => {
    const result = streamText({ model: provider()(suite.model), prompt: QUESTION });
    const pieces: string[] = [];
    for await (const text of result.textStream) pieces.push(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(await result.finishReason).toBe("stop");
  });

  it("returns structured output (Output.object with a zod schema, sent as a JSON schema)", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const result = await generateText({
      model: provider({ supportsStructuredOutputs: true })(suite.model),
      prompt: QUESTION,
      output: Output.object({ schema: PriceSchema }),
    });
    expect(result.output).toEqual(PRICE);
    const sent = recorder.sent.at(-1)?.body.response_format as { type?: string } | undefined;
    expect(sent?.type).toBe("json_schema");
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toEqual(sent);
  });

  it("runs a tools round trip: tool() executed with the model's arguments, then the final answer", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const executed: unknown[] = [];
    const result = await generateText({
      model: provider()(suite.model),
      prompt: QUESTION,
      tools: {
        [TOOL_NAME]: tool({
          description: TOOL_DESCRIPTION,
          inputSchema: ToolInputSchema,
          execute: async (input) => {
            executed.push(input);
            return TOOL_RESULT;
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(result.steps.length).toBe(2);
    expect(result.steps[0]?.finishReason).toBe("tool-calls");
    expect(result.text).toBe(TOOL_ANSWER);
    expect(result.finishReason).toBe("stop");
    expectToolRoundTripReachedTheModel(suite.chatModel, recorder.sent);
  });

  it("runs the same round trip streamed: the call's deltas assembled, the tool executed, the answer streamed", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const { result, executed, text } = await streamToolRoundTrip(provider()(suite.model));
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(text).toBe(TOOL_ANSWER);
    expect((await result.steps).length).toBe(2);
    expectToolRoundTripReachedTheModel(suite.chatModel, recorder.sent);
  });

  it('finishes with "length" at maxOutputTokens', async () => {
    const result = await generateText({
      model: provider()(suite.model),
      prompt: QUESTION,
      maxOutputTokens: CUT_AT_TOKENS,
    });
    expect(result.finishReason).toBe("length");
    expect(result.text).toBe(MODEL_ANSWER_CUT);
    expect(suite.chatModel.chatRequests.at(-1)?.sampling.max_tokens).toBe(CUT_AT_TOKENS);
  });

  it("follows previousResponseId through the Responses API (openai.responses), and streams a response", async () => {
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
    const first = await generateText({ model: openai.responses(suite.model), prompt: QUESTION });
    expect(first.text).toBe(MODEL_ANSWER);
    const responseId = first.providerMetadata?.openai?.responseId;
    expect(typeof responseId).toBe("string");
    suite.chatModel.setChatScript({ reply: "It is billed annually [1].", pieceDelayMs: 1 });
    const second = await generateText({
      model: openai.responses(suite.model),
      prompt: "How is it billed?",
      providerOptions: { openai: { previousResponseId: String(responseId) } },
    });
    expect(second.text).toBe("It is billed annually [1].");
    expect(recorder.sent.at(-1)?.body.previous_response_id).toBe(responseId);
    expect(suite.chatModel.chatRequests.at(-1)?.messages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: MODEL_ANSWER },
      { role: "user", content: "How is it billed?" },
    ]);

    suite.chatModel.setChatScript({ reply: MODEL_ANSWER, pieceDelayMs: 1 });
    const streamed = streamText({ model: openai.responses(suite.model), prompt: QUESTION });
    const pieces: string[] = [];
    for await (const text of streamed.textStream) pieces.push(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(pieces.join("")).toMatch(CITATION);
  });

  it("runs a tools round trip through the Responses API (the openai provider's default model)", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
    const executed: unknown[] = [];
    const result = await generateText({
      model: openai(suite.model),
      prompt: QUESTION,
      tools: {
        [TOOL_NAME]: tool({
          description: TOOL_DESCRIPTION,
          inputSchema: ToolInputSchema,
          execute: async (input) => {
            executed.push(input);
            return TOOL_RESULT;
          },
        }),
      },
      stopWhen: stepCountIs(3),
    });
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(result.text).toBe(TOOL_ANSWER);
    const [first, second] = suite.chatModel.chatRequests;
    expect((first?.passed.tools as { function: { name: string } }[])?.[0]?.function.name).toBe(TOOL_NAME);
    expect(second?.rawMessages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      expect.objectContaining({
        role: "assistant",
        tool_calls: [
          {
            id: "call_fake_1",
            type: "function",
            function: { name: TOOL_NAME, arguments: JSON.stringify(TOOL_ARGUMENTS) },
          },
        ],
      }),
      { role: "tool", tool_call_id: "call_fake_1", content: JSON.stringify(TOOL_RESULT) },
    ]);
  });

  it("streams a tools round trip through the Responses API (function call events, then the answer)", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
    const { executed, text } = await streamToolRoundTrip(openai(suite.model));
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(text).toBe(TOOL_ANSWER);
  });

  it("returns structured output through the Responses API (Output.object, sent as text.format)", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
    const result = await generateText({
      model: openai(suite.model),
      prompt: QUESTION,
      output: Output.object({ schema: PriceSchema }),
    });
    expect(result.output).toEqual(PRICE);
    const format = (recorder.sent.at(-1)?.body.text as { format?: { type?: string } } | undefined)?.format;
    expect(format?.type).toBe("json_schema");
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toMatchObject({
      type: "json_schema",
    });
  });

  // The AI SDK's openai(model) keeps responses and sends each earlier answer it returned as an item_reference.
  it("continues a Responses conversation from the messages it returned (an AI SDK chat's next turn)", async () => {
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
    const first = await generateText({ model: openai(suite.model), prompt: QUESTION });
    expect(first.text).toBe(MODEL_ANSWER);
    suite.chatModel.setChatScript({ reply: "It is billed annually [1].", pieceDelayMs: 1 });
    const next = await generateText({
      model: openai(suite.model),
      messages: [
        { role: "user", content: QUESTION },
        ...first.response.messages,
        { role: "user", content: "How is it billed?" },
      ],
    });
    expect(next.text).toBe("It is billed annually [1].");
    // What the SDK sent for the earlier answer: a reference to the stored response's message item.
    const answerPart = first.response.messages[0]?.content;
    const itemId = Array.isArray(answerPart)
      ? (answerPart[0] as { providerOptions?: { openai?: { itemId?: string } } }).providerOptions?.openai
          ?.itemId
      : undefined;
    expect(itemId).toMatch(/^msg_/);
    expect(recorder.sent.at(-1)?.body.input).toContainEqual({ type: "item_reference", id: itemId });
    expect(suite.chatModel.chatRequests.at(-1)?.messages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: MODEL_ANSWER },
      { role: "user", content: "How is it billed?" },
    ]);
  });

  it("surfaces the model's own 429 as an APICallError 429 within seconds at the SDK's default retries", async () => {
    scriptModelRateLimit(suite.chatModel);
    const call = await timed(() => generateText({ model: provider()(suite.model), prompt: QUESTION }));
    expect(call.failed).toBe(true);
    const last = RetryError.isInstance(call.error) ? call.error.lastError : call.error;
    expect(APICallError.isInstance(last)).toBe(true);
    const error = last as APICallError;
    expect(error.statusCode).toBe(429);
    expect(error.isRetryable).toBe(true);
    expect(openAiErrorIn(error.responseBody).code).toBe("rate_limit_exceeded");
    expect(call.ms).toBeLessThan(RATE_LIMIT_SURFACES_WITHIN_MS);
    // The server asks the model once per call: the client's call and its two retries.
    expect(suite.chatModel.chatRequests.length).toBe(3);
  });
});
