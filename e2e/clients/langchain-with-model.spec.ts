// Compatibility: LangChain's ChatOpenAI (`@langchain/openai` on `@langchain/core`) against the built server over
// real HTTP with a configured chat model (the local fake OpenAI server). invoke and stream, withStructuredOutput by
// JSON schema (a zod schema), a tools round trip (bindTools, the tool invoked with the model's call, its ToolMessage,
// the final answer) whose tools and result reach the model as sent, n: 2, maxTokens finishing with "length", the
// Responses API (useResponsesApi) with previous_response_id and streamed, and the model's own 429.
import { type AIMessageChunk, HumanMessage } from "@langchain/core/messages";
import { tool } from "@langchain/core/tools";
import { ChatOpenAI } from "@langchain/openai";
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
  TOOL_RESULT,
  ToolInputSchema,
} from "./model-harness";

describe("LangChain's ChatOpenAI against the built server, with a configured chat model", () => {
  let suite: ModelSuite;
  let recorder: RecordingFetch;

  /** ChatOpenAI as the documentation sets it up, recording what it sends, with more fields when given. */
  const chat = (
    fields: { n?: number; maxTokens?: number; useResponsesApi?: boolean; maxRetries?: number } = {},
  ) =>
    new ChatOpenAI({
      model: suite.model,
      apiKey: suite.key,
      configuration: { baseURL: suite.baseURL, fetch: recorder.fetch },
      ...fields,
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

  it("answers invoke with the model's answer", async () => {
    const answer = await chat().invoke(QUESTION);
    expect(answer.text).toBe(MODEL_ANSWER);
    expect(answer.response_metadata.finish_reason).toBe("stop");
  });

  it("streams message chunks that assemble to the model's answer", async () => {
    const pieces: string[] = [];
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await chat().stream(QUESTION)) {
      pieces.push(chunk.text);
      whole = whole ? whole.concat(chunk) : chunk;
    }
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(whole?.text).toBe(MODEL_ANSWER);
  });

  it("returns withStructuredOutput by JSON schema (a zod schema) as the parsed object", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const structured = chat().withStructuredOutput(PriceSchema, { method: "jsonSchema", name: "price" });
    expect(await structured.invoke(QUESTION)).toEqual(PRICE);
    const sent = recorder.sent.at(-1)?.body.response_format as { type?: string } | undefined;
    expect(sent?.type).toBe("json_schema");
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toEqual(sent);
  });

  it("runs a tools round trip: bindTools, the tool invoked with the model's call, the final answer", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const executed: unknown[] = [];
    const exchangeRate = tool(
      async (input) => {
        executed.push(input);
        return JSON.stringify(TOOL_RESULT);
      },
      { name: TOOL_NAME, description: TOOL_DESCRIPTION, schema: ToolInputSchema },
    );
    const bound = chat().bindTools([exchangeRate], { tool_choice: "auto" });
    const question = new HumanMessage(QUESTION);
    const called = await bound.invoke([question]);
    expect(called.response_metadata.finish_reason).toBe("tool_calls");
    const toolCall = called.tool_calls?.[0];
    if (!toolCall) throw new Error("expected a tool call");
    expect(toolCall).toMatchObject({ name: TOOL_NAME, args: TOOL_ARGUMENTS, id: "call_fake_1" });
    const result = await exchangeRate.invoke(toolCall);
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    const answered = await bound.invoke([question, called, result]);
    expect(answered.text).toBe(TOOL_ANSWER);
    expect(answered.response_metadata.finish_reason).toBe("stop");
    expectToolRoundTripReachedTheModel(suite.chatModel, recorder.sent);
  });

  it("streams the model's tool call as chunks that assemble to the call", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const exchangeRate = tool(async () => JSON.stringify(TOOL_RESULT), {
      name: TOOL_NAME,
      description: TOOL_DESCRIPTION,
      schema: ToolInputSchema,
    });
    let whole: AIMessageChunk | undefined;
    for await (const chunk of await chat().bindTools([exchangeRate]).stream(QUESTION)) {
      whole = whole ? whole.concat(chunk) : chunk;
    }
    expect(whole?.tool_calls).toEqual([
      expect.objectContaining({ name: TOOL_NAME, args: TOOL_ARGUMENTS, id: "call_fake_1" }),
    ]);
  });

  it("returns n: 2 generations", async () => {
    const result = await chat({ n: 2 }).generate([[new HumanMessage(QUESTION)]]);
    expect(result.generations[0]?.map((generation) => generation.text)).toEqual([
      MODEL_ANSWER,
      `${MODEL_ANSWER} (choice 2)`,
    ]);
    expect(suite.chatModel.chatRequests.at(-1)?.passed.n).toBe(2);
  });

  it('finishes with "length" at maxTokens', async () => {
    const answer = await chat({ maxTokens: CUT_AT_TOKENS }).invoke(QUESTION);
    expect(answer.response_metadata.finish_reason).toBe("length");
    expect(answer.text).toBe(MODEL_ANSWER_CUT);
    expect(suite.chatModel.chatRequests.at(-1)?.sampling.max_tokens).toBe(CUT_AT_TOKENS);
  });

  it("follows previous_response_id through the Responses API (useResponsesApi), and streams a response", async () => {
    const responses = chat({ useResponsesApi: true });
    const first = await responses.invoke(QUESTION);
    expect(first.text).toBe(MODEL_ANSWER);
    const responseId = String(first.response_metadata.id);
    expect(responseId).toMatch(/^resp_/);
    suite.chatModel.setChatScript({ reply: "It is billed annually [1].", pieceDelayMs: 1 });
    const second = await responses.invoke("How is it billed?", { previous_response_id: responseId });
    expect(second.text).toBe("It is billed annually [1].");
    expect(recorder.sent.at(-1)?.body.previous_response_id).toBe(responseId);
    expect(suite.chatModel.chatRequests.at(-1)?.messages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: MODEL_ANSWER },
      { role: "user", content: "How is it billed?" },
    ]);

    suite.chatModel.setChatScript({ reply: MODEL_ANSWER, pieceDelayMs: 1 });
    const pieces: string[] = [];
    for await (const chunk of await responses.stream(QUESTION)) pieces.push(chunk.text);
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(pieces.join("")).toMatch(CITATION);
  });

  it("runs a tools round trip through the Responses API (useResponsesApi with bindTools)", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const executed: unknown[] = [];
    const exchangeRate = tool(
      async (input) => {
        executed.push(input);
        return JSON.stringify(TOOL_RESULT);
      },
      { name: TOOL_NAME, description: TOOL_DESCRIPTION, schema: ToolInputSchema },
    );
    const bound = chat({ useResponsesApi: true }).bindTools([exchangeRate]);
    const question = new HumanMessage(QUESTION);
    const called = await bound.invoke([question]);
    const toolCall = called.tool_calls?.[0];
    if (!toolCall) throw new Error("expected a tool call");
    expect(toolCall).toMatchObject({ name: TOOL_NAME, args: TOOL_ARGUMENTS, id: "call_fake_1" });
    const answered = await bound.invoke([question, called, await exchangeRate.invoke(toolCall)]);
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(answered.text).toBe(TOOL_ANSWER);
    // The model is sent the question, its call and the tool's result, in that order. (LangChain echoes every output
    // item of the first response, the server's empty message item among them: see the openai file's server gap.)
    const sent = suite.chatModel.chatRequests.at(-1)?.rawMessages.slice(1) ?? [];
    const at = (matcher: unknown) =>
      sent.findIndex((message) => expect.objectContaining(matcher).asymmetricMatch(message));
    const asked = at({ role: "user", content: QUESTION });
    const call = at({
      role: "assistant",
      tool_calls: [
        {
          id: "call_fake_1",
          type: "function",
          function: { name: TOOL_NAME, arguments: JSON.stringify(TOOL_ARGUMENTS) },
        },
      ],
    });
    const result = at({ role: "tool", tool_call_id: "call_fake_1", content: JSON.stringify(TOOL_RESULT) });
    expect(asked).toBe(0);
    expect(call).toBeGreaterThan(asked);
    expect(result).toBe(call + 1);
  });

  it("surfaces the model's own 429 as a rate-limit error (MODEL_RATE_LIMIT), retried as Retry-After says", async () => {
    scriptModelRateLimit(suite.chatModel);
    // A 429 with a Retry-After under a minute is one LangChain waits out: at its default (6 retries, exponential
    // backoff from 1 s, randomized) it gives up after a minute or more, against OpenAI as against us. One retry here.
    const call = await timed(() => chat({ maxRetries: 1 }).invoke(QUESTION));
    expect(call.failed).toBe(true);
    expect(field(call.error, "status")).toBe(429);
    expect(field(call.error, "code")).toBe("rate_limit_exceeded");
    expect(field(call.error, "lc_error_code")).toBe("MODEL_RATE_LIMIT");
    expect(call.ms).toBeLessThan(RATE_LIMIT_SURFACES_WITHIN_MS);
    // The server asks the model once per call: the client's call and its one retry.
    expect(suite.chatModel.chatRequests.length).toBe(2);
  });
});
