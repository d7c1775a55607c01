import { createApiKeyRequestSchema } from "@acp/contracts/api-access";
import { sendChatMessageSchema, updateCustomAgentSchema } from "@acp/contracts/chat";
import {
  createCustomAgentSchema,
  createDataSourceSchema,
  createTrainingJobSchema,
} from "@acp/contracts/inputs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { hostileValue, type JsonSchema, spoiled, validValue } from "./json-schema-arbitrary";

const contracts = {
  createApiKeyRequestSchema,
  createCustomAgentSchema,
  createDataSourceSchema,
  createTrainingJobSchema,
  sendChatMessageSchema,
  updateCustomAgentSchema,
};

describe("values from a JSON Schema", () => {
  for (const [name, schema] of Object.entries(contracts)) {
    it(`satisfy the zod contract they were written from: ${name}`, () => {
      const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
      const samples = fc.sample(validValue(json, { components: {} }), { numRuns: 300, seed: 7 });
      const refused = samples.filter((sample) => !schema.safeParse(sample).success);
      expect(refused.slice(0, 3)).toEqual([]);
    });
  }
});

describe("spoiled values", () => {
  it("are often refused by the contract (dropped optional fields and unknown keys pass), and stay JSON", () => {
    const json = z.toJSONSchema(createCustomAgentSchema, { io: "input" }) as JsonSchema;
    const samples = fc.sample(spoiled(validValue(json, { components: {} })), { numRuns: 300, seed: 3 });
    const refused = samples.filter((sample) => !createCustomAgentSchema.safeParse(sample).success);
    expect(refused.length / samples.length).toBeGreaterThan(0.4);
    for (const sample of samples) expect(typeof JSON.stringify(sample)).toBe("string");
  });

  it("include wrong types, oversized values and deep nesting", () => {
    const samples = fc.sample(hostileValue, { numRuns: 400, seed: 11 });
    expect(samples.some((value) => typeof value === "string" && value.length >= 10_000)).toBe(true);
    expect(samples.some((value) => Array.isArray(value) && value.length >= 1_000)).toBe(true);
    expect(samples.some((value) => value === null)).toBe(true);
    expect(
      samples.some(
        (value) => JSON.stringify(value).startsWith("[[[") || JSON.stringify(value).startsWith('{"a":['),
      ),
    ).toBe(true);
  });
});

describe("references and alternatives", () => {
  it("follow $ref into the document's components and pick among anyOf", () => {
    const components: Record<string, JsonSchema> = {
      Part: {
        type: "object",
        properties: { kind: { const: "text" }, text: { type: "string", minLength: 1, maxLength: 5 } },
        required: ["kind", "text"],
      },
    };
    const schema: JsonSchema = {
      anyOf: [
        { type: "string", maxLength: 3 },
        { type: "array", items: { $ref: "#/components/schemas/Part" }, minItems: 1 },
      ],
    };
    const samples = fc.sample(validValue(schema, { components }), { numRuns: 200, seed: 5 });
    const parts = z.union([
      z.string().max(3),
      z.array(z.object({ kind: z.literal("text"), text: z.string().min(1).max(5) })).min(1),
    ]);
    expect(samples.every((sample) => parts.safeParse(sample).success)).toBe(true);
    expect(samples.some(Array.isArray)).toBe(true);
    expect(samples.some((sample) => typeof sample === "string")).toBe(true);
  });
});
