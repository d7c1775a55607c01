// The copy of the OpenAPI document that packages/client's contract test checks the client against is the one the API
// serves: any change to a route fails here until the copy is refreshed (`npx vitest run src/routes/openapi-snapshot.test.ts --update` in api/).
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../paths";
import { createTestApp, type TestApp } from "../test/test-app";

/** Read by packages/client/src/contract.test.ts; biome leaves `.snap` files alone, so this test alone writes it. */
const CLIENT_COPY = path.join(repoRoot, "packages", "client", "contract", "openapi.json.snap");

describe("OpenAPI document copy for the client's contract test", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("pglite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("matches what /api/openapi.json serves", async () => {
    const document = await (await t.request("/api/openapi.json")).json();
    await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot(CLIENT_COPY);
  });
});
