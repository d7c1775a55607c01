import { describe, expect, it } from "vitest";
import { AGENT_NAME_MAX_CHARS } from "./constants";
import { createApiKeySchema, createCustomAgentSchema, createTrainingJobSchema } from "./inputs";
import { VALIDATION } from "./messages";

describe("input schemas carry the spec's validation messages", () => {
  it("rejects a blank training job name", () => {
    const result = createTrainingJobSchema.safeParse({ name: "   ", modelType: "gtm", epochs: 10 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(VALIDATION.trainingJobName);
  });

  it("defaults model type and epochs", () => {
    expect(createTrainingJobSchema.parse({ name: "job" })).toEqual({
      name: "job",
      modelType: "gtm",
      epochs: 10,
    });
  });

  it("bounds a training job name as an agent name is bounded", () => {
    expect(createTrainingJobSchema.safeParse({ name: "j".repeat(AGENT_NAME_MAX_CHARS) }).success).toBe(true);
    const long = createTrainingJobSchema.safeParse({ name: "j".repeat(AGENT_NAME_MAX_CHARS + 1) });
    expect(long.error?.issues[0]?.message).toBe(
      `A job name can be at most ${AGENT_NAME_MAX_CHARS} characters`,
    );
    expect(
      createCustomAgentSchema.safeParse({ name: "a".repeat(AGENT_NAME_MAX_CHARS + 1), systemPrompt: "x" })
        .success,
    ).toBe(false);
  });

  it("rejects epochs outside 5/10/15/20", () => {
    expect(createTrainingJobSchema.safeParse({ name: "job", epochs: 7 }).success).toBe(false);
  });

  it("rejects a blank API key name", () => {
    const result = createApiKeySchema.safeParse({ name: "" });
    expect(result.error?.issues[0]?.message).toBe(VALIDATION.apiKeyName);
  });

  it("requires name and system prompt for custom agents and defaults the rest", () => {
    expect(
      createCustomAgentSchema.safeParse({ name: "a", systemPrompt: " " }).error?.issues[0]?.message,
    ).toBe(VALIDATION.customAgent);
    expect(createCustomAgentSchema.parse({ name: "a", systemPrompt: "p" })).toMatchObject({
      agentType: "custom",
      isPublic: false,
      description: "",
    });
  });
});
