// Compatibility: the official `openai` SDK (the version api/ pins) against the built server over real HTTP, offline
// (no chat model configured: the built-in responder answers). Chat whole and streamed, history and system messages,
// the documented example as written, JSON mode and schema refusal, tools offline, the Responses API, every error
// class as the SDK surfaces it, an abort mid-stream and a 429 that surfaces at once at the SDK's default retries.
import type { PublicSource } from "@acp/contracts/public-api";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANSWER_FACT,
  answerPrintedTwice,
  CITATION,
  type ClientSuite,
  EARLIER_ANSWER,
  EARLIER_QUESTION,
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

const TOOLS: OpenAI.Chat.ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "get_exchange_rate",
      description: "The exchange rate between two currencies",
      parameters: {
        type: "object",
        properties: { from: { type: "string" }, to: { type: "string" } },
        required: ["from", "to"],
      },
    },
  },
];

async function apiError(call: () => Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await rejectionOf(call);
  if (error instanceof OpenAI.APIError) return error;
  throw error;
}

describe("the openai SDK against the built server, offline", () => {
  let suite: ClientSuite;
  let relay: SlowRelay;
  let client: OpenAI;

  beforeAll(async () => {
    suite = await startClientSuite();
    relay = await startSlowRelay(suite);
    client = new OpenAI({ baseURL: suite.baseURL, apiKey: suite.key });
  });
  afterAll(async () => {
    await relay?.stop();
    await suite?.stop();
  });

  it("answers a question with a cited answer and our sources beside OpenAI's fields", async () => {
    const completion = await client.chat.completions.create({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
    });
    const content = completion.choices[0]?.message.content ?? "";
    expect(content).toMatch(ANSWER_FACT);
    expect(content).toMatch(CITATION);
    expect(completion.choices[0]?.finish_reason).toBe("stop");
    const sources = (completion as unknown as { sources: PublicSource[] }).sources;
    expect(sources[0]?.documentName).toBe("price-list");
  });

  it("streams chunks that assemble to the answer", async () => {
    const stream = await client.chat.completions.create({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
      stream: true,
    });
    const pieces: string[] = [];
    for await (const chunk of stream) pieces.push(chunk.choices[0]?.delta?.content ?? "");
    expect(pieces.filter(Boolean).length).toBeGreaterThan(1);
    expect(pieces.join("")).toMatch(ANSWER_FACT);
    expect(pieces.join("")).toMatch(CITATION);
    // The SDK's stream helper checks every chunk's shape as it assembles the message.
    const helper = client.chat.completions.stream({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
      stream_options: { include_usage: true },
    });
    const final = await helper.finalChatCompletion();
    expect(final.choices[0]?.message.content).toBe(pieces.join(""));
    expect(final.choices[0]?.finish_reason).toBe("stop");
    expect(final.usage?.completion_tokens).toBeGreaterThan(0);
  });

  it("answers the last question of a conversation, and takes a system message", async () => {
    const conversation = await client.chat.completions.create({
      model: suite.model,
      messages: [
        { role: "user", content: EARLIER_QUESTION },
        { role: "assistant", content: EARLIER_ANSWER },
        { role: "user", content: QUESTION },
      ],
    });
    expect(conversation.choices[0]?.message.content).toMatch(ANSWER_FACT);
    const instructed = await client.chat.completions.create({
      model: suite.model,
      messages: [
        { role: "system", content: SYSTEM_MESSAGE },
        { role: "user", content: QUESTION },
      ],
    });
    expect(instructed.choices[0]?.message.content).toMatch(ANSWER_FACT);
  });

  it("runs the documented example as written: the answer, then the same answer streamed", async () => {
    const run = await runDocumentedExample(suite, "openai-javascript");
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const answer = answerPrintedTwice(run.stdout);
    expect(answer).toMatch(CITATION);
    expect(answer).toMatch(/Germany/);
  });

  it("returns JSON mode's answer as a JSON object with the answer and its sources", async () => {
    const completion = await client.chat.completions.create({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
      response_format: { type: "json_object" },
    });
    const parsed = JSON.parse(completion.choices[0]?.message.content ?? "") as {
      answer: string;
      sources: PublicSource[];
    };
    expect(parsed.answer).toMatch(ANSWER_FACT);
    expect(parsed.sources[0]?.documentName).toBe("price-list");
  });

  it("refuses a JSON schema offline with a BadRequestError naming response_format", async () => {
    const error = await apiError(() =>
      client.chat.completions.parse({
        model: suite.model,
        messages: [{ role: "user", content: QUESTION }],
        response_format: {
          type: "json_schema",
          json_schema: {
            name: "price",
            strict: true,
            schema: {
              type: "object",
              properties: { price: { type: "number" } },
              required: ["price"],
              additionalProperties: false,
            },
          },
        },
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect(error.status).toBe(400);
    expect(error.param).toBe("response_format");
    expect(error.type).toBe("invalid_request_error");
    expect(error.message).toMatch(/offline mode/);
  });

  it('answers tool_choice "auto" with text and no tool calls, and refuses "required" with a BadRequestError', async () => {
    const auto = await client.chat.completions.create({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
      tools: TOOLS,
      tool_choice: "auto",
    });
    expect(auto.choices[0]?.message.content).toMatch(ANSWER_FACT);
    expect(auto.choices[0]?.message.tool_calls ?? []).toEqual([]);
    expect(auto.choices[0]?.finish_reason).toBe("stop");
    const required = await apiError(() =>
      client.chat.completions.create({
        model: suite.model,
        messages: [{ role: "user", content: QUESTION }],
        tools: TOOLS,
        tool_choice: "required",
      }),
    );
    expect(required).toBeInstanceOf(OpenAI.BadRequestError);
    expect(required.param).toBe("tool_choice");
  });

  it("answers through the Responses API, whole and streamed, with file citations", async () => {
    const response = await client.responses.create({ model: suite.model, input: QUESTION });
    expect(response.status).toBe("completed");
    expect(response.output_text).toMatch(ANSWER_FACT);
    const message = response.output.find((item) => item.type === "message");
    const part = message?.type === "message" ? message.content[0] : undefined;
    expect(part?.type === "output_text" ? part.annotations[0]?.type : undefined).toBe("file_citation");

    const stream = await client.responses.create({ model: suite.model, input: QUESTION, stream: true });
    const types: string[] = [];
    let text = "";
    let completed = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") text += event.delta;
      if (event.type === "response.completed") completed = event.response.output_text ?? "";
    }
    expect(types[0]).toBe("response.created");
    expect(types.at(-1)).toBe("response.completed");
    expect(text).toMatch(ANSWER_FACT);
    expect(text).toBe(response.output_text);
    if (completed) expect(completed).toBe(text);
    // The SDK's Responses stream helper assembles the events into the final response.
    const helper = client.responses.stream({ model: suite.model, input: QUESTION });
    const final = await helper.finalResponse();
    expect(final.output_text).toBe(response.output_text);
    expect(final.usage?.output_tokens).toBeGreaterThan(0);
  });

  it("surfaces a wrong key of ours as AuthenticationError invalid_api_key", async () => {
    const wrong = new OpenAI({ baseURL: suite.baseURL, apiKey: wrongKeyInOurFormat() });
    const error = await apiError(() =>
      wrong.chat.completions.create({ model: suite.model, messages: [{ role: "user", content: QUESTION }] }),
    );
    expect(error).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(error.status).toBe(401);
    expect(error.code).toBe("invalid_api_key");
  });

  it("surfaces an unknown model as NotFoundError model_not_found, on chat and on models.retrieve", async () => {
    const error = await apiError(() =>
      client.chat.completions.create({
        model: UNKNOWN_MODEL,
        messages: [{ role: "user", content: QUESTION }],
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    expect(error.code).toBe("model_not_found");
    const retrieved = await apiError(() => client.models.retrieve(UNKNOWN_MODEL));
    expect(retrieved).toBeInstanceOf(OpenAI.NotFoundError);
    expect((await client.models.retrieve(suite.model)).id).toBe(suite.model);
  });

  it("answers a public agent called with a placeholder key, as Ollama and vLLM accept any key", async () => {
    const placeholder = new OpenAI({ baseURL: suite.baseURL, apiKey: PLACEHOLDER_KEY });
    const completion = await placeholder.chat.completions.create({
      model: suite.model,
      messages: [{ role: "user", content: QUESTION }],
    });
    expect(completion.choices[0]?.message.content).toMatch(ANSWER_FACT);
  });

  it("ends a stream promptly when aborted mid-stream, without an unhandled error", async () => {
    const unhandled = watchUnhandledRejections();
    try {
      const controller = new AbortController();
      const slow = new OpenAI({ baseURL: relay.baseURL, apiKey: suite.key });
      const abandoned = relay.abandonedStreams();
      const stream = await slow.chat.completions.create(
        { model: suite.model, messages: [{ role: "user", content: QUESTION }], stream: true },
        { signal: controller.signal },
      );
      let abortedAt = 0;
      const ended = await timed(async () => {
        for await (const chunk of stream) {
          if (chunk.choices[0]?.delta?.content && !abortedAt) {
            abortedAt = performance.now();
            controller.abort();
          }
        }
      });
      expect(abortedAt).toBeGreaterThan(0);
      if (ended.failed) expect(ended.error).toBeInstanceOf(OpenAI.APIUserAbortError);
      expect(performance.now() - abortedAt).toBeLessThan(PROMPT_MS);
      await expect.poll(() => relay.abandonedStreams()).toBe(abandoned + 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled.reasons).toEqual([]);
    } finally {
      unhandled.stop();
    }
  });

  it("surfaces the hourly limit as RateLimitError at once, at the SDK's default retries", async () => {
    const limited = new OpenAI({ baseURL: suite.baseURL, apiKey: await spentKey(suite) });
    const call = await timed(() =>
      limited.chat.completions.create({
        model: suite.model,
        messages: [{ role: "user", content: QUESTION }],
      }),
    );
    expect(call.failed).toBe(true);
    expect(call.error).toBeInstanceOf(OpenAI.RateLimitError);
    const error = call.error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(error.code).toBe("rate_limit_exceeded");
    expect(error.headers.get("x-should-retry")).toBe("false");
    expect(Number(error.headers.get("retry-after-ms"))).toBeGreaterThan(60_000);
    expect(call.ms).toBeLessThan(Math.min(RATE_LIMIT_SURFACES_WITHIN_MS, PROMPT_MS));
  });
});
