// Prices and example limits by base model: the longest matching name wins, unknown models get no price.
import { describe, expect, it } from "vitest";
import { exampleTokenLimit, trainingPricePerMillionTokens } from "./fine-tune-pricing";

describe("fine-tuning prices", () => {
  it("matches dated and fine-tuned names by their longest known prefix", () => {
    expect(trainingPricePerMillionTokens("gpt-4o-mini-2024-07-18")).toBe(3);
    expect(trainingPricePerMillionTokens("gpt-4o-2024-08-06")).toBe(25);
    expect(trainingPricePerMillionTokens("gpt-4.1-nano-2025-04-14")).toBe(1.5);
    expect(trainingPricePerMillionTokens("ft:gpt-4o-mini-2024-07-18:acp::abc")).toBe(3);
    expect(trainingPricePerMillionTokens("some-local-model")).toBeNull();
  });

  it("knows the shorter example limit of older models", () => {
    expect(exampleTokenLimit("gpt-3.5-turbo-0125")).toBe(16_385);
    expect(exampleTokenLimit("gpt-4o-mini-2024-07-18")).toBe(65_536);
    expect(exampleTokenLimit("unknown")).toBe(65_536);
  });
});
