// Embedder ids become names a person understands.
import { describe, expect, it } from "vitest";
import { embedderLabel } from "./embedder-label";

describe("embedderLabel", () => {
  it.each([
    ["local-1536", "Built-in embedder (offline)"],
    ["openai:text-embedding-3-small", "OpenAI text-embedding-3-small"],
    ["custom-thing", "custom-thing"],
    [null, "—"],
  ])("%s reads %s", (id, label) => {
    expect(embedderLabel(id)).toBe(label);
  });
});
