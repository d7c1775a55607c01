import { describe, expect, it } from "vitest";
import {
  apiBaseUrl,
  clientExample,
  ENDPOINT_PLACEHOLDER,
  EXAMPLE_CLIENTS,
  examplesOfClient,
  KEY_VARIABLE,
  listClientExamples,
} from "./client-examples";

const ORIGIN = "https://panel.example.com";

describe("client examples", () => {
  it("lists every example once, each of a known client, every client with at least one", () => {
    const ids = listClientExamples().map((example) => example.id);
    expect(new Set(ids).size).toBe(ids.length);
    const clients = new Set(EXAMPLE_CLIENTS.map((client) => client.id));
    for (const example of listClientExamples()) expect(clients.has(example.client)).toBe(true);
    for (const client of EXAMPLE_CLIENTS) expect(examplesOfClient(client.id).length).toBeGreaterThan(0);
  });

  it("points every example at the origin's /api/v1 and names the endpoint, or the placeholder without one", () => {
    expect(apiBaseUrl(`${ORIGIN}/`)).toBe(`${ORIGIN}/api/v1`);
    for (const example of listClientExamples()) {
      const code = example.code(ORIGIN, "agent-support-1");
      expect(code).toContain(`${ORIGIN}/api/v1`);
      expect(code).toContain("agent-support-1");
      expect(example.code(ORIGIN)).toContain(ENDPOINT_PLACEHOLDER);
    }
  });

  it("reads the key from the environment in every example that sends one, and streams in every client example", () => {
    for (const example of listClientExamples().filter((item) => item.id !== "curl-public-agent")) {
      expect(example.code(ORIGIN)).toContain(KEY_VARIABLE);
    }
    expect(clientExample("curl-public-agent").code(ORIGIN)).not.toContain("Authorization");
    for (const example of listClientExamples().filter((item) => item.language !== "shell")) {
      expect(example.code(ORIGIN)).toMatch(/stream/i);
    }
  });

  it("has one JavaScript example for each of the four clients", () => {
    const javascript = listClientExamples().filter((example) => example.language === "javascript");
    expect(javascript.map((example) => example.client).sort()).toEqual([
      "ai-sdk",
      "langchain",
      "llamaindex",
      "openai",
    ]);
  });
});
