// What every configured-model file of the compatibility suite shares: the built server with the local fake OpenAI
// server as its chat model (one of each per file), the model's scripted replies (an answer, a JSON object for a
// schema, a tool call then the answer that uses its result, a 429), and a fetch that records what the client itself
// sent, so a case can check that the caller's tools and tool results reached the model as the client sent them.
import { type FakeOpenAiServer, startFakeOpenAiServer } from "@acp/api/src/test/fake-openai-server";
import { expect } from "vitest";
import { z } from "zod";
import { type ClientSuite, startClientSuite } from "./harness";

export type ModelSuite = ClientSuite & {
  /** The configured chat model: the fake OpenAI server the built server calls. */
  chatModel: FakeOpenAiServer;
};

/** The chat model's name on the fake (OPENAI_CHAT_MODEL). */
export const CHAT_MODEL = "fake-chat-model";

/** The built server with the fake as its chat model, the public agent with its note, and a key. */
export async function startModelSuite(): Promise<ModelSuite> {
  const chatModel = await startFakeOpenAiServer();
  try {
    const suite = await startClientSuite({
      LLM_PROVIDER: "openai",
      OPENAI_BASE_URL: chatModel.baseUrl,
      OPENAI_API_KEY: chatModel.apiKey,
      OPENAI_CHAT_MODEL: CHAT_MODEL,
    });
    return {
      ...suite,
      chatModel,
      stop: async () => {
        await suite.stop();
        await chatModel.close();
      },
    };
  } catch (error) {
    await chatModel.close();
    throw error;
  }
}

/** The model's answer to QUESTION, citing passage 1 (the price list). */
export const MODEL_ANSWER = "The Team plan costs 49 dollars per seat per month, billed annually [1].";

/** The same answer cut after four words, as the fake cuts at max_tokens: 4. */
export const MODEL_ANSWER_CUT = "The Team plan costs";
export const CUT_AT_TOKENS = 4;

/** A structured answer: what the model replies as JSON, and the schema it fits (zod, and as JSON schema). */
export const PRICE = { plan: "Team", pricePerSeat: 49, currency: "USD", billing: "annual" };
export const PRICE_JSON = JSON.stringify(PRICE);
export const PriceSchema = z.object({
  plan: z.string(),
  pricePerSeat: z.number(),
  currency: z.string(),
  billing: z.string(),
});
export const PRICE_JSON_SCHEMA = {
  type: "object",
  properties: {
    plan: { type: "string" },
    pricePerSeat: { type: "number" },
    currency: { type: "string" },
    billing: { type: "string" },
  },
  required: ["plan", "pricePerSeat", "currency", "billing"],
  additionalProperties: false,
};

/** The caller's tool: its name and description, its parameters as JSON schema and zod. */
export const TOOL_NAME = "get_exchange_rate";
export const TOOL_DESCRIPTION = "The exchange rate between two currencies";
export const TOOL_PARAMETERS = {
  type: "object",
  properties: { from: { type: "string" }, to: { type: "string" } },
  required: ["from", "to"],
  additionalProperties: false,
};
export const ToolInputSchema = z.object({ from: z.string(), to: z.string() });
/** What the model asks the tool, and what the tool answers. */
export const TOOL_ARGUMENTS = { from: "USD", to: "EUR" };
export const TOOL_RESULT = { rate: 0.92 };
/** The model's answer once it has the tool's result. */
export const TOOL_ANSWER = "The Team plan costs 49 dollars per seat [1], about 45 euros at today's rate.";

/** The fake's first call of a round trip asks for the tool; its second answers with TOOL_ANSWER. */
export function scriptToolRoundTrip(chatModel: FakeOpenAiServer): void {
  chatModel.queueChatScripts(
    { toolCalls: [{ name: TOOL_NAME, arguments: JSON.stringify(TOOL_ARGUMENTS) }] },
    { reply: TOOL_ANSWER },
  );
}

/** The model's own rate limit: a 429 with Retry-After: 1 to every chat completion until the script changes. */
export function scriptModelRateLimit(chatModel: FakeOpenAiServer): void {
  chatModel.setChatScript({ failure: { kind: "status", status: 429, retryAfterSeconds: 1 } });
}

/** A request body a client sent, parsed. */
export type SentBody = Record<string, unknown> & { messages?: unknown[]; tools?: unknown[]; input?: unknown };

export type RecordingFetch = {
  fetch: typeof fetch;
  /** The JSON bodies sent, in order, with the path they went to. */
  sent: { path: string; body: SentBody }[];
};

/** A fetch that records each JSON body the client sends before sending it on unchanged. */
export function recordingFetch(): RecordingFetch {
  const sent: RecordingFetch["sent"] = [];
  const recording: typeof fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (typeof init?.body === "string") {
      try {
        sent.push({ path: new URL(url).pathname, body: JSON.parse(init.body) as SentBody });
      } catch {
        // Not JSON: not one of ours.
      }
    }
    return fetch(input, init);
  };
  return { fetch: recording, sent };
}

/**
 * The round trip as the model saw it: two chat completions, both offered the caller's tools exactly as the client
 * sent them; the first answered by the tool call, the second carrying, after the agent's grounding (its system
 * message), the client's messages as it sent them: the question, the model's call, and the tool's result under the
 * call's id.
 */
export function expectToolRoundTripReachedTheModel(
  chatModel: FakeOpenAiServer,
  clientSent: { body: SentBody }[],
): void {
  const calls = chatModel.chatRequests.filter((request) => request.passed.tools !== undefined);
  expect(calls.length).toBe(2);
  const chats = clientSent.filter((request) => Array.isArray(request.body.messages)).slice(-2);
  expect(chats.length).toBe(2);
  for (const [index, request] of calls.entries()) {
    const body = chats[index]?.body;
    expect(request.passed.tools).toEqual(body?.tools);
    if (body?.tool_choice !== undefined) expect(request.passed.tool_choice).toEqual(body.tool_choice);
    expect(request.rawMessages[0]).toMatchObject({ role: "system" });
    expect(request.rawMessages.slice(1)).toEqual(body?.messages);
  }
  const result = calls[1]?.rawMessages.find((message) => (message as { role?: string }).role === "tool") as
    | { tool_call_id?: string; content?: unknown }
    | undefined;
  expect(result?.tool_call_id).toBe("call_fake_1");
  // The result as the client wrote it (JSON, or LlamaIndex's looser notation): the rate the tool returned.
  expect(String(result?.content)).toContain(String(TOOL_RESULT.rate));
}
