import { describe, expect, it } from "vitest";
import { modelDisplayName, OFFLINE_RESPONDER_MODEL } from "./constants";

describe("modelDisplayName", () => {
  it("names the built-in responder by what it is, never by its id", () => {
    expect(modelDisplayName(OFFLINE_RESPONDER_MODEL)).toBe("Built-in responder (offline)");
  });

  it("keeps any other model's own name", () => {
    expect(modelDisplayName("gpt-4o-mini")).toBe("gpt-4o-mini");
    expect(modelDisplayName("ft:gpt-4o-mini:acme::abc123")).toBe("ft:gpt-4o-mini:acme::abc123");
  });
});
