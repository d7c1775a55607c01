// GET /api/health answers after a real query, naming the engine.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, engines, type TestApp } from "../test/test-app";

describe.each(engines)("GET /api/health on %s", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("reports ok and the database engine", async () => {
    const response = await t.request("/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: engine });
  });

  it("answers 503 JSON when the database is gone", async () => {
    const broken = await createTestApp(engine);
    await broken.close();
    const response = await broken.request("/api/health");
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: "The database is not answering.",
      code: "SERVICE_UNAVAILABLE",
    });
  });
});
