// Compatibility: the official `openai` SDK against the built server over real HTTP with a configured chat model (the
// local fake OpenAI server). Chat whole and streamed, structured output (chat.completions.parse with a zod response
// format), a tools round trip (call, result, final answer) whose tools and result reach the model as sent, n: 2,
// max_tokens finishing with "length", the Responses API with previous_response_id and streamed, and the model's own
// 429 surfacing as RateLimitError.
import OpenAI from "openai";
import { zodResponseFormat, zodTextFormat } from "openai/helpers/zod";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CITATION, QUESTION, RATE_LIMIT_SURFACES_WITHIN_MS, timed } from "./harness";
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

const TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  {
    type: "function",
    function: { name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: TOOL_PARAMETERS },
  },
];

describe("the openai SDK against the built server, with a configured chat model", () => {
  let suite: ModelSuite;
  let recorder: RecordingFetch;
  let client: OpenAI;

  beforeAll(async () => {
    suite = await startModelSuite();
  });
  beforeEach(() => {
    suite.chatModel.reset();
    suite.chatModel.setChatScript({ reply: MODEL_ANSWER, pieceDelayMs: 1 });
    recorder = recordingFetch();
    client = new OpenAI({ baseURL: suite.baseURL, apiKey: suite.key, fetch: recorder.fetch });
  });
  afterAll(async () => {
    await suite?.stop();
  });

  const ask = [{ role: "user" as const, content: QUESTION }];

  it("answers with the model's answer", async () => {
    const completion = await client.chat.completions.create({ model: suite.model, messages: ask });
    expect(completion.choices[0]?.message.content).toBe(MODEL_ANSWER);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    expect(completion.usage?.completion_tokens).toBeGreaterThan(0);
    expect(suite.chatModel.chatRequests.at(-1)?.messages.at(-1)).toEqual({ role: "user", content: QUESTION });
  });

  it("streams the model's answer in chunks", async () => {
    const stream = await client.chat.completions.create({ model: suite.model, messages: ask, stream: true });
    const pieces: string[] = [];
    let finish: string | null | undefined;
    for await (const chunk of stream) {
      pieces.push(chunk.choices[0]?.delta?.content ?? "");
      finish = chunk.choices[0]?.finish_reason ?? finish;
    }
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(MODEL_ANSWER);
    expect(finish).toBe("stop");
  });

  it("parses structured output (chat.completions.parse with a zod response format)", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const format = zodResponseFormat(PriceSchema, "price");
    const completion = await client.chat.completions.parse({
      model: suite.model,
      messages: ask,
      response_format: format,
    });
    expect(completion.choices[0]?.message.parsed).toEqual(PRICE);
    const {
      $brand: _brand,
      $parseRaw: _parse,
      ...sentFormat
    } = format as typeof format & Record<string, unknown>;
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toEqual(
      JSON.parse(JSON.stringify(sentFormat)),
    );
  });

  it("parses structured output streamed (chat.completions.stream) and through the Responses API (responses.parse)", async () => {
    suite.chatModel.setChatScript({ reply: PRICE_JSON, pieceDelayMs: 1 });
    const streamed = await client.chat.completions
      .stream({ model: suite.model, messages: ask, response_format: zodResponseFormat(PriceSchema, "price") })
      .finalChatCompletion();
    expect(streamed.choices[0]?.message.parsed).toEqual(PRICE);
    const response = await client.responses.parse({
      model: suite.model,
      input: QUESTION,
      text: { format: zodTextFormat(PriceSchema, "price") },
    });
    expect(response.output_parsed).toEqual(PRICE);
    expect(suite.chatModel.chatRequests.at(-1)?.passed.response_format).toMatchObject({
      type: "json_schema",
      json_schema: { name: "price" },
    });
  });

  it("runs a tools round trip: the model's call, the tool's result, the final answer", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const called = await client.chat.completions.create({
      model: suite.model,
      messages: ask,
      tools: TOOLS,
      tool_choice: "auto",
    });
    const choice = called.choices[0];
    expect(choice?.finish_reason).toBe("tool_calls");
    const toolCall = choice?.message.tool_calls?.[0];
    if (toolCall?.type !== "function") throw new Error("expected a function call");
    expect(toolCall.function.name).toBe(TOOL_NAME);
    const executed: unknown[] = [];
    const execute = (input: unknown) => {
      executed.push(input);
      return TOOL_RESULT;
    };
    const result = execute(JSON.parse(toolCall.function.arguments));
    const answered = await client.chat.completions.create({
      model: suite.model,
      messages: [
        ...ask,
        { role: "assistant", content: null, tool_calls: [toolCall] },
        { role: "tool", tool_call_id: toolCall.id, content: JSON.stringify(result) },
      ],
      tools: TOOLS,
      tool_choice: "auto",
    });
    expect(executed).toEqual([TOOL_ARGUMENTS]);
    expect(answered.choices[0]?.message.content).toBe(TOOL_ANSWER);
    expect(answered.choices[0]?.finish_reason).toBe("stop");
    expectToolRoundTripReachedTheModel(suite.chatModel, recorder.sent);
  });

  it("streams the model's tool call as chunks the SDK's stream helper assembles", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const final = await client.chat.completions
      .stream({ model: suite.model, messages: ask, tools: TOOLS })
      .finalChatCompletion();
    expect(final.choices[0]?.finish_reason).toBe("tool_calls");
    expect(final.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      id: "call_fake_1",
      function: { name: TOOL_NAME, arguments: JSON.stringify(TOOL_ARGUMENTS) },
    });
  });

  it("returns n: 2 choices by index", async () => {
    const completion = await client.chat.completions.create({ model: suite.model, messages: ask, n: 2 });
    expect(completion.choices.map((choice) => [choice.index, choice.message.content])).toEqual([
      [0, MODEL_ANSWER],
      [1, `${MODEL_ANSWER} (choice 2)`],
    ]);
    expect(suite.chatModel.chatRequests.at(-1)?.passed.n).toBe(2);
  });

  it('finishes with "length" at max_tokens', async () => {
    const completion = await client.chat.completions.create({
      model: suite.model,
      messages: ask,
      max_tokens: CUT_AT_TOKENS,
    });
    expect(completion.choices[0]?.finish_reason).toBe("length");
    expect(completion.choices[0]?.message.content).toBe(MODEL_ANSWER_CUT);
    expect(suite.chatModel.chatRequests.at(-1)?.sampling.max_tokens).toBe(CUT_AT_TOKENS);
  });

  it("follows previous_response_id through the Responses API, and streams a response", async () => {
    const first = await client.responses.create({ model: suite.model, input: QUESTION });
    expect(first.output_text).toBe(MODEL_ANSWER);
    suite.chatModel.setChatScript({ reply: "It is billed annually [1].", pieceDelayMs: 1 });
    const second = await client.responses.create({
      model: suite.model,
      input: "How is it billed?",
      previous_response_id: first.id,
    });
    expect(second.previous_response_id).toBe(first.id);
    expect(second.output_text).toBe("It is billed annually [1].");
    expect(suite.chatModel.chatRequests.at(-1)?.messages.slice(1)).toEqual([
      { role: "user", content: QUESTION },
      { role: "assistant", content: MODEL_ANSWER },
      { role: "user", content: "How is it billed?" },
    ]);
    expect((await client.responses.retrieve(second.id)).output_text).toBe(second.output_text);

    suite.chatModel.setChatScript({ reply: MODEL_ANSWER, pieceDelayMs: 1 });
    const stream = await client.responses.create({ model: suite.model, input: QUESTION, stream: true });
    const types: string[] = [];
    let text = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") text += event.delta;
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(types.filter((type) => type === "response.output_text.delta").length).toBeGreaterThan(1);
    expect(text).toBe(MODEL_ANSWER);
    expect(text).toMatch(CITATION);
  });

  // As OpenAI answers: a reply that only calls a tool has no (empty) message item, which clients would echo back.
  it("returns a Responses tool call as the function_call item alone", async () => {
    scriptToolRoundTrip(suite.chatModel);
    const response = await client.responses.create({
      model: suite.model,
      input: QUESTION,
      tools: [
        {
          type: "function",
          name: TOOL_NAME,
          description: TOOL_DESCRIPTION,
          parameters: TOOL_PARAMETERS,
          strict: false,
        },
      ],
    });
    expect(response.output.map((item) => item.type)).toEqual(["function_call"]);
  });

  it("surfaces the model's own 429 as RateLimitError", async () => {
    scriptModelRateLimit(suite.chatModel);
    const call = await timed(() => client.chat.completions.create({ model: suite.model, messages: ask }));
    expect(call.failed).toBe(true);
    expect(call.error).toBeInstanceOf(OpenAI.RateLimitError);
    const error = call.error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.status).toBe(429);
    expect(error.code).toBe("rate_limit_exceeded");
    expect(error.headers.get("retry-after")).toBe("1");
    // The SDK honours Retry-After: 1 twice (its default retries), then gives up.
    expect(call.ms).toBeLessThan(RATE_LIMIT_SURFACES_WITHIN_MS);
    // The server asks the model once per call: the client's call and its two retries.
    expect(suite.chatModel.chatRequests.length).toBe(3);
  });
});
