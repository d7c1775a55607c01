// Question/answer generation through the real `openai` client against the fake server's JSON replies.
import OpenAI from "openai";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { FineTunePassage } from "../../../providers/fine-tuning/types";
import { OpenAiRequestError } from "../../../providers/openai/openai-errors";
import {
  type FakeOpenAiServer,
  type RecordedChatRequest,
  startFakeOpenAiServer,
} from "../../../test/fake-openai-server";
import { generateFineTuneExamples, orderPassages, parsePairs } from "./generate-examples";

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

const SYSTEM = "You are the Acme support agent.";

function passages(documents: number, perDocument: number): FineTunePassage[] {
  return Array.from({ length: documents * perDocument }, (_, i) => {
    const documentId = `doc-${Math.floor(i / perDocument)}`;
    return {
      id: `p-${i}`,
      documentId,
      text: `Fact ${i} of ${documentId}: the Acme widget number ${i} is blue.`,
    };
  });
}

/** Two grounded pairs per passage, naming the fact the passage states. */
function pairsFromPassage(request: RecordedChatRequest): string {
  const passage = request.messages.at(-1)?.content ?? "";
  const fact = /Fact (\d+) of (doc-\d+)/.exec(passage);
  return JSON.stringify({
    pairs: [
      {
        question: `What colour is widget ${fact?.[1]}?`,
        answer: `Widget ${fact?.[1]} is blue (${fact?.[2]}).`,
      },
      { question: `Which document covers widget ${fact?.[1]}?`, answer: `${fact?.[2]}.` },
    ],
  });
}

describe("generateFineTuneExamples", () => {
  it("asks the chat model for JSON pairs per passage and builds chat examples under the agent's system prompt", async () => {
    server.setChatScript({ reply: pairsFromPassage });
    const progress: [number, number][] = [];
    const result = await generateFineTuneExamples({
      client,
      model: "gpt-4o-mini",
      systemPrompt: SYSTEM,
      passages: passages(6, 4),
      seed: 11,
      onProgress: (done, total) => progress.push([done, total]),
    });
    expect(server.chatRequests).toHaveLength(24);
    expect(server.chatRequests[0]?.model).toBe("gpt-4o-mini");
    expect(server.chatRequests[0]?.messages[0]?.content).toMatch(/Reply with JSON only/);
    expect(result.train.length + result.validation.length).toBe(48);
    expect(result.validation.length).toBeGreaterThan(0);
    expect(result.train[0]?.messages[0]).toEqual({ role: "system", content: SYSTEM });
    expect(result.train[0]?.messages.map((m) => m.role)).toEqual(["system", "user", "assistant"]);
    const docOf = (text: string | undefined) => /doc-\d+/.exec(text ?? "")?.[0];
    const trainDocs = new Set(result.train.map((e) => docOf(e.messages[2]?.content)));
    expect(result.validation.every((e) => !trainDocs.has(docOf(e.messages[2]?.content)))).toBe(true);
    expect(progress.at(-1)).toEqual([24, 24]);
    expect(progress.map(([done]) => done)).toEqual([...progress.map(([done]) => done)].sort((a, b) => a - b));

    server.reset();
    server.setChatScript({ reply: pairsFromPassage, firstPieceDelayMs: 3 });
    const again = await generateFineTuneExamples({
      client,
      model: "gpt-4o-mini",
      systemPrompt: SYSTEM,
      passages: passages(6, 4),
      seed: 11,
    });
    expect(again).toEqual(result);
  });

  it("stops asking once maxExamples are collected, covering documents in turn", async () => {
    server.setChatScript({ reply: pairsFromPassage });
    const result = await generateFineTuneExamples({
      client,
      model: "m",
      systemPrompt: SYSTEM,
      passages: passages(5, 10),
      seed: 3,
      maxExamples: 10,
      concurrency: 1,
    });
    expect(result.train.length + result.validation.length).toBe(10);
    expect(server.chatRequests).toHaveLength(5);
    const asked = server.chatRequests.map((r) => /doc-\d+/.exec(r.messages.at(-1)?.content ?? "")?.[0]);
    expect(new Set(asked).size).toBe(5);
  });

  it("skips passages whose reply is not usable JSON, and tiny or repeated passages without asking", async () => {
    server.queueChatScripts({ reply: "Sorry, I cannot help with that." });
    server.setChatScript({ reply: pairsFromPassage });
    const input = [
      ...passages(1, 3),
      { id: "tiny", documentId: "doc-0", text: "Page 4" },
      { id: "again", documentId: "doc-9", text: passages(1, 1)[0]?.text ?? "" },
    ];
    const result = await generateFineTuneExamples({
      client,
      model: "m",
      systemPrompt: SYSTEM,
      passages: input,
      seed: 1,
      concurrency: 1,
    });
    expect(server.chatRequests).toHaveLength(3);
    expect(result.train).toHaveLength(4);
    expect(result.validation).toEqual([]);
  });

  it("stops on an OpenAI error with a clear message, and on abort with the signal's reason", async () => {
    server.setChatScript({ failure: { kind: "status", status: 401 } });
    const refused = await generateFineTuneExamples({
      client,
      model: "m",
      systemPrompt: SYSTEM,
      passages: passages(2, 2),
      seed: 1,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OpenAiRequestError);
    expect((refused as Error).message).toBe(
      "Generating training questions with m failed: OpenAI rejected the API key (401: Incorrect API key provided); check OPENAI_API_KEY.",
    );

    server.reset();
    server.setChatScript({ reply: pairsFromPassage, firstPieceDelayMs: 5_000 });
    const controller = new AbortController();
    const reason = new Error("stopped by the user");
    setTimeout(() => controller.abort(reason), 50);
    const started = Date.now();
    const aborted = await generateFineTuneExamples({
      client,
      model: "m",
      systemPrompt: SYSTEM,
      passages: passages(2, 4),
      seed: 1,
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(aborted).toBe(reason);
    expect(Date.now() - started).toBeLessThan(2_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.chatRequests).toHaveLength(4);
    expect(server.chatRequests.every((r) => r.clientAborted)).toBe(true);
  });
});

describe("parsePairs and orderPassages", () => {
  it("reads fenced or bare JSON, drops fragments and repeats, and reads nothing from prose", () => {
    const fenced =
      '```json\n{"pairs":[{"question":"What is it?","answer":"A widget."},{"question":"what is  it?","answer":"x"},{"question":"Why","answer":"y"}]}\n```';
    expect(parsePairs(fenced)).toEqual([{ question: "What is it?", answer: "A widget." }]);
    expect(parsePairs('[{"question":"How long is it?","answer":"Two metres."}]')).toHaveLength(1);
    expect(parsePairs("no json here")).toEqual([]);
    expect(parsePairs('{"pairs": "none"}')).toEqual([]);
  });

  it("takes one passage from each document in turn, in a seeded document order", () => {
    const ordered = orderPassages(passages(3, 2), 5);
    expect(
      ordered
        .map((p) => p.documentId)
        .slice(0, 3)
        .sort(),
    ).toEqual(["doc-0", "doc-1", "doc-2"]);
    expect(orderPassages(passages(3, 2), 5)).toEqual(ordered);
  });
});
