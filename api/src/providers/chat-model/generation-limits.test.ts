// The built-in responder's answer cut as an API caller's generation fields ask: at a stop string, or at the last word
// boundary within max_tokens with finish_reason "length".
import { describe, expect, it } from "vitest";
import { limitAnswer } from "./generation-limits";
import { estimateTextTokens } from "./token-estimate";

const ANSWER = "The Heron plan costs 49 EUR per seat and month, billed yearly [1].";

describe("limitAnswer", () => {
  it("leaves an answer whole without limits, or within them", () => {
    expect(limitAnswer(ANSWER, undefined)).toEqual({ content: ANSWER, finishReason: "stop" });
    expect(limitAnswer(ANSWER, { maxTokens: 1000, stop: ["###"] })).toEqual({
      content: ANSWER,
      finishReason: "stop",
    });
  });

  it("cuts at the last whole word within max_tokens and says length", () => {
    const { content, finishReason } = limitAnswer(ANSWER, { maxTokens: 6 });
    expect(finishReason).toBe("length");
    expect(ANSWER.startsWith(content)).toBe(true);
    expect(content).not.toMatch(/\s$/);
    expect(estimateTextTokens(content)).toBeLessThanOrEqual(6);
    // The next word would not have fitted.
    const next = ANSWER.slice(0, ANSWER.indexOf(" ", content.length + 1));
    expect(estimateTextTokens(next)).toBeGreaterThan(6);
  });

  it("ends before the first stop string, a normal stop", () => {
    expect(limitAnswer(ANSWER, { stop: ["per seat", "EUR"] })).toEqual({
      content: "The Heron plan costs 49 ",
      finishReason: "stop",
    });
  });
});
