// The OpenAI-compatible objects carry our extensions beside OpenAI's fields: the cited sources and the answer's trace.
import type { AnswerTrace, ChatSource } from "@acp/contracts/chat";
import { describe, expect, it } from "vitest";
import { chatCompletionSchema, completionBody, completionMeta, finalChunks } from "./openai-chat";

const TRACE: AnswerTrace = {
  responder: "extractive",
  outcome: "answered",
  answerType: "money",
  questionLanguage: "en",
  terms: [{ term: "falcon", weight: 2.1, found: true }],
  passages: [
    { number: 1, documentName: "pricing.txt", relevance: 0.8, score: 0.9, answers: true, bestUnit: "49 EUR" },
  ],
  chosen: [{ number: 1, kind: "sentence", text: "The Falcon plan costs 49 EUR.", score: 0.9 }],
  shortAnswer: "49 EUR",
  abstention: null,
};

const SOURCE: ChatSource = {
  number: 1,
  chunkId: "c1",
  documentId: "d1",
  documentName: "pricing.txt",
  location: null,
  excerpt: "The Falcon plan costs 49 EUR.",
  score: 0.03,
  relevance: 0.8,
  cited: true,
};

const answer = {
  content: "49 EUR [1]",
  sources: [SOURCE],
  promptTokens: 10,
  completionTokens: 4,
};

describe("the completion's trace", () => {
  const meta = completionMeta("pricing", new Date("2026-11-28T00:00:00Z"));

  it("is the answer's trace on the whole completion, and null when the answer has none", () => {
    const body = completionBody(meta, { ...answer, trace: TRACE });
    expect(chatCompletionSchema.strict().parse(body).trace).toEqual(TRACE);
    expect(completionBody(meta, answer).trace).toBeNull();
  });

  it("rides on the stream's finishing chunk; usage comes once, in a chunk of its own, only when asked", () => {
    for (const includeUsage of [false, true]) {
      const chunks = finalChunks(meta, { ...answer, trace: TRACE }, includeUsage);
      expect(chunks).toHaveLength(includeUsage ? 2 : 1);
      expect(chunks[0]?.trace).toEqual(TRACE);
      expect(chunks[0]?.usage ?? null).toBeNull();
      expect("usage" in (chunks[0] ?? {})).toBe(includeUsage);
      if (includeUsage)
        expect(chunks[1]).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
    }
    expect(finalChunks(meta, answer, false)[0]?.trace).toBeNull();
  });
});
