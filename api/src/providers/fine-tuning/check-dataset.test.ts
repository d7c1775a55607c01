// The dataset check before upload: refusals in plain English, duplicates, lengths, billed tokens and cost.
import { describe, expect, it } from "vitest";
import { checkFineTuneDataset } from "./check-dataset";
import type { ChatExample } from "./types";

function example(question: string, answer = `The answer to "${question}" is in the handbook.`): ChatExample {
  return {
    messages: [
      { role: "system", content: "You answer from the handbook." },
      { role: "user", content: question },
      { role: "assistant", content: answer },
    ],
  };
}

const examples = (count: number, prefix = "q") =>
  Array.from({ length: count }, (_, i) => example(`${prefix} question ${i}?`));

describe("checkFineTuneDataset", () => {
  it("refuses fewer than 10 training examples, saying how many the knowledge gave", () => {
    const check = checkFineTuneDataset({
      train: examples(4),
      validation: [],
      epochs: 3,
      model: "gpt-4o-mini",
    });
    expect(check.train).toBe(4);
    expect(check.problems).toHaveLength(1);
    expect(check.problems[0]).toMatch(
      /^OpenAI fine-tuning needs at least 10 training examples; the knowledge gave 4\b/,
    );
    const none = checkFineTuneDataset({ train: [], validation: [], epochs: 3, model: "gpt-4o-mini" });
    expect(none.problems[0]).toContain("the knowledge gave 0");
  });

  it("bills training tokens x epochs and prices them for the base model", () => {
    const train = examples(60);
    const one = checkFineTuneDataset({
      train,
      validation: examples(10, "v"),
      epochs: 1,
      model: "gpt-4o-mini-2024-07-18",
    });
    const three = checkFineTuneDataset({
      train,
      validation: examples(10, "v"),
      epochs: 3,
      model: "gpt-4o-mini-2024-07-18",
    });
    expect(one.problems).toEqual([]);
    expect(one.warnings).toEqual([]);
    expect(one.billedTokens).toBeGreaterThan(60 * 10);
    expect(three.billedTokens).toBe(one.billedTokens * 3);
    expect(three.estimatedCostUsd).toBeCloseTo((three.billedTokens / 1_000_000) * 3, 4);
    expect(one.queryTokens.max).toBeGreaterThanOrEqual(one.queryTokens.mean);
    expect(one.passageTokens.mean).toBeGreaterThan(one.queryTokens.mean);
  });

  it("counts repeated questions (also across the split), over-long and incomplete examples", () => {
    const long = example("A long one?", "word ".repeat(90_000));
    const check = checkFineTuneDataset({
      train: [...examples(12), example("q question 0?"), long, example("No answer?", "")],
      validation: [example("q question 1?")],
      epochs: 2,
      model: "gpt-4o-mini",
    });
    expect(check.duplicates).toBe(2);
    expect(check.tooLong).toBe(1);
    expect(check.problems).toEqual(["1 example has no question or no answer."]);
    expect(check.warnings.join(" ")).toMatch(/2 questions are asked more than once/);
    expect(check.warnings.join(" ")).toMatch(/65,536-token limit/);
    expect(check.warnings.join(" ")).toMatch(/Only 15 training examples/);
  });

  it("warns about a missing validation set and an unknown price, and refuses impossible epochs", () => {
    const check = checkFineTuneDataset({ train: examples(50), validation: [], epochs: 0, model: "my-model" });
    expect(check.estimatedCostUsd).toBeNull();
    expect(check.billedTokens).toBe(0);
    expect(check.problems).toEqual(["Epochs must be a whole number from 1 to 50; got 0."]);
    expect(check.warnings).toEqual([
      "No validation examples: OpenAI will report training loss only, with nothing held out to compare.",
      "No training price is known for my-model: the cost could not be estimated.",
    ]);
  });
});
