// Compatibility: the Vercel AI SDK (`ai` with `@ai-sdk/openai-compatible` for chat completions and `@ai-sdk/openai`
// for the Responses API) against the built server over real HTTP, offline (no chat model configured: the built-in
// responder answers). generateText and streamText, history and system, the documented example as written, JSON
// output and the JSON-schema refusal, tools offline, errors as APICallError, an abort mid-stream and the 429 at the
// SDK's default retries.
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, jsonSchema, Output, RetryError, streamText, tool } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWER_FACT,
  answerPrintedTwice,
  CITATION,
  type ClientSuite,
  EARLIER_ANSWER,
  EARLIER_QUESTION,
  openAiErrorIn,
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

/** The provider as the documentation sets it up, with another key when given. */
function provider(
  suite: ClientSuite,
  apiKey = suite.key,
  options: { supportsStructuredOutputs?: boolean; baseURL?: string } = {},
) {
  return createOpenAICompatible({ name: "acp", baseURL: suite.baseURL, apiKey, ...options });
}

const exchangeRate = tool({
  description: "The exchange rate between two currencies",
  inputSchema: jsonSchema<{ from: string; to: string }>({
    type: "object",
    properties: { from: { type: "string" }, to: { type: "string" } },
    required: ["from", "to"],
    additionalProperties: false,
  }),
  execute: async () => ({ rate: 1.1 }),
});

async function apiCallError(call: () => Promise<unknown>): Promise<APICallError> {
  const error = await rejectionOf(call);
  if (APICallError.isInstance(error)) return error;
  throw error;
}

describe("the AI SDK against the built server, offline", () => {
  let suite: ClientSuite;
  let relay: SlowRelay;

  beforeAll(async () => {
    suite = await startClientSuite();
    relay = await startSlowRelay(suite);
  });
  afterAll(async () => {
    await relay?.stop();
    await suite?.stop();
  });

  it("answers generateText with a cited answer", async () => {
    const result = await generateText({ model: provider(suite)(suite.model), prompt: QUESTION });
    expect(result.text).toMatch(ANSWER_FACT);
    expect(result.text).toMatch(CITATION);
    expect(result.finishReason).toBe("stop");
    expect(result.usage.outputTokens).toBeGreaterThan(0);
  });

  it("streams streamText's textStream into the answer", async () => {
    const result = streamText({ model: provider(suite)(suite.model), prompt: QUESTION });
    const pieces: string[] = [];
    for await (const text of result.textStream) pieces.push(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toMatch(ANSWER_FACT);
    expect(await result.text).toBe(pieces.join(""));
  });

  it("answers the last question of a conversation, and takes a system message", async () => {
    const conversation = await generateText({
      model: provider(suite)(suite.model),
      messages: [
        { role: "user", content: EARLIER_QUESTION },
        { role: "assistant", content: EARLIER_ANSWER },
        { role: "user", content: QUESTION },
      ],
    });
    expect(conversation.text).toMatch(ANSWER_FACT);
    const instructed = await generateText({
      model: provider(suite)(suite.model),
      system: SYSTEM_MESSAGE,
      prompt: QUESTION,
    });
    expect(instructed.text).toMatch(ANSWER_FACT);
  });

  it("runs the documented example as written: the answer, then the same answer streamed", async () => {
    const run = await runDocumentedExample(suite, "ai-sdk");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const answer = answerPrintedTwice(run.stdout);
    expect(answer).toMatch(CITATION);
    expect(answer).toMatch(/Germany/);
  });

  it("returns Output.json() as a JSON object with the answer and its sources (JSON mode)", async () => {
    const result = await generateText({
      model: provider(suite)(suite.model),
      prompt: QUESTION,
      output: Output.json(),
    });
    const value = result.output as { answer: string; sources: { documentName: string }[] };
    expect(value.answer).toMatch(ANSWER_FACT);
    expect(value.sources[0]?.documentName).toBe("price-list");
  });

  it("refuses a JSON schema offline with a 400 APICallError naming response_format", async () => {
    const structured = provider(suite, suite.key, { supportsStructuredOutputs: true });
    const error = await apiCallError(() =>
      generateText({
        model: structured(suite.model),
        prompt: QUESTION,
        output: Output.object({
          schema: jsonSchema<{ price: number }>({
            type: "object",
            properties: { price: { type: "number" } },
            required: ["price"],
            additionalProperties: false,
          }),
        }),
      }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.isRetryable).toBe(false);
    expect(openAiErrorIn(error.responseBody)).toMatchObject({
      type: "invalid_request_error",
      param: "response_format",
    });
    expect(error.message).toMatch(/offline mode/);
  });

  it('answers toolChoice "auto" with text and no tool calls, and refuses "required" with a 400 APICallError', async () => {
    const auto = await generateText({
      model: provider(suite)(suite.model),
      prompt: QUESTION,
      tools: { exchangeRate },
      toolChoice: "auto",
    });
    expect(auto.text).toMatch(ANSWER_FACT);
    expect(auto.toolCalls).toEqual([]);
    const required = await apiCallError(() =>
      generateText({
        model: provider(suite)(suite.model),
        prompt: QUESTION,
        tools: { exchangeRate },
        toolChoice: "required",
      }),
    );
    expect(required.statusCode).toBe(400);
    expect(openAiErrorIn(required.responseBody).param).toBe("tool_choice");
  });

  it("answers through the Responses API (the openai provider's default model), whole and streamed", async () => {
    const openai = createOpenAI({ baseURL: suite.baseURL, apiKey: suite.key });
    const whole = await generateText({ model: openai.responses(suite.model), prompt: QUESTION });
    expect(whole.text).toMatch(ANSWER_FACT);
    expect(whole.text).toMatch(CITATION);
    const byDefault = await generateText({ model: openai(suite.model), prompt: QUESTION });
    expect(byDefault.text).toBe(whole.text);
    const streamed = streamText({ model: openai.responses(suite.model), prompt: QUESTION });
    const pieces: string[] = [];
    for await (const text of streamed.textStream) pieces.push(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join("")).toBe(whole.text);
  });

  it("surfaces a wrong key of ours as a 401 APICallError with invalid_api_key", async () => {
    const error = await apiCallError(() =>
      generateText({ model: provider(suite, wrongKeyInOurFormat())(suite.model), prompt: QUESTION }),
    );
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(openAiErrorIn(error.responseBody).code).toBe("invalid_api_key");
  });

  it("surfaces an unknown model as a 404 APICallError with model_not_found", async () => {
    const error = await apiCallError(() =>
      generateText({ model: provider(suite)(UNKNOWN_MODEL), prompt: QUESTION }),
    );
    expect(error.statusCode).toBe(404);
    expect(openAiErrorIn(error.responseBody).code).toBe("model_not_found");
  });

  it("answers a public agent called with a placeholder key, as Ollama and vLLM accept any key", async () => {
    const result = await generateText({
      model: provider(suite, PLACEHOLDER_KEY)(suite.model),
      prompt: QUESTION,
    });
    expect(result.text).toMatch(ANSWER_FACT);
  });

  it("ends a stream promptly when aborted mid-stream, without an unhandled error", async () => {
    const unhandled = watchUnhandledRejections();
    try {
      const controller = new AbortController();
      const streamErrors: unknown[] = [];
      const abandoned = relay.abandonedStreams();
      const result = streamText({
        model: provider(suite, suite.key, { baseURL: relay.baseURL })(suite.model),
        prompt: QUESTION,
        abortSignal: controller.signal,
        onError: ({ error }) => {
          streamErrors.push(error);
        },
      });
      let abortedAt = 0;
      const ended = await timed(async () => {
        for await (const text of result.textStream) {
          if (text && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        }
      });
      expect(abortedAt).toBeGreaterThan(0);
      expect(performance.now() - abortedAt).toBeLessThan(PROMPT_MS);
      await expect.poll(() => relay.abandonedStreams()).toBe(abandoned + 1);
      if (ended.failed) expect((ended.error as Error).name).toMatch(/Abort/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled.reasons).toEqual([]);
    } finally {
      unhandled.stop();
    }
  });

  it("surfaces the hourly limit within seconds at the SDK's default retries (it backs off twice, then gives up)", async () => {
    const limited = provider(suite, await spentKey(suite));
    const call = await timed(() => generateText({ model: limited(suite.model), prompt: QUESTION }));
    expect(call.failed).toBe(true);
    // The AI SDK reads retry-after-ms but waits for it only under a minute, and does not read x-should-retry: past
    // that it backs off (2 s, 4 s) and gives up with a RetryError carrying the 429.
    const last = RetryError.isInstance(call.error) ? call.error.lastError : call.error;
    expect(APICallError.isInstance(last)).toBe(true);
    const error = last as APICallError;
    expect(error.statusCode).toBe(429);
    expect(openAiErrorIn(error.responseBody).code).toBe("rate_limit_exceeded");
    expect(error.responseHeaders?.["x-should-retry"]).toBe("false");
    expect(call.ms).toBeLessThan(RATE_LIMIT_SURFACES_WITHIN_MS);
  });
});
