// The API-keys module: the list lives under ["api-keys", {}], so invalidating ["api-keys"] reaches it.
import { describe, expect, it } from "vitest";
import { apiKeyKeys, apiKeysQueryOptions } from "./api-keys";

describe("api keys", () => {
  it("keys the list as ['api-keys', {}] so invalidating ['api-keys'] reaches it", () => {
    expect(apiKeyKeys.list()).toEqual(["api-keys", {}]);
    expect(apiKeysQueryOptions().queryKey).toEqual(apiKeyKeys.list());
  });
});
